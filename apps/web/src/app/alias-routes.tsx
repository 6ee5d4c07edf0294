/**
 * The landing page's short nav paths: `/tools/cut`, `/tools/subtitle`, `/tools/voice` open their tool in
 * the workspace, `/price` the landing page with the points purchase modal, `/guide` the tutorial. Each keeps the
 * visitor's query, so a shared link's `invite_code` still reaches the login modal.
 */
import { useEffect } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { paths, PriceQuery, TOOL_ALIASES, toolPath, withVisitorQuery } from '../lib/paths';
import { siteConfig } from '../lib/site-config';

function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={withVisitorQuery(to, search)} replace />;
}

/** An external tutorial replaces this entry in the history, so 返回 does not bounce back to it. */
function GuideRedirect() {
  const external = siteConfig.guideIsExternal;
  useEffect(() => {
    if (external) window.location.replace(siteConfig.guideUrl);
  }, [external]);
  return external ? <Loading /> : <AliasRedirect to={siteConfig.guideUrl} />;
}

export const aliasRoutes: RouteObject[] = [
  ...Object.entries(TOOL_ALIASES).map(([path, tool]) => ({ path, element: <AliasRedirect to={toolPath(tool)} /> })),
  { path: paths.price, element: <AliasRedirect to={`${paths.ai}?${PriceQuery.show}=1`} /> },
  { path: paths.guide, element: <GuideRedirect /> },
];
