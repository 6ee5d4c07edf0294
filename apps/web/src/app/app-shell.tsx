/** The root route: session guard, scroll restoration, login modal and points dialogs, shared by every layout. */
import { ErrorCode } from '@cc/contracts';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Loading } from '../components/loading';
import { LoginModalHost } from '../features/auth/components/login-modal-host';
import { ApiError } from '../lib/api-error';
import { useUserInfo } from '../lib/session/get-user-info';
import { promptLogin } from '../lib/session/login-modal';
import { clearSession } from '../lib/session/session';
import { PointsDialogs } from './points-dialogs';

/**
 * With a token the user is loaded; when that fails for any reason but a 401 (which the API client already handled)
 * the session is unusable: log out and ask for login, coming back here afterwards.
 */
function useSessionGuard() {
  const { error } = useUserInfo();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!error || (error instanceof ApiError && error.code === ErrorCode.unauthorized)) return;
    // Prompt first, then forget the session: see RequireLogin for why the order matters.
    promptLogin(`${pathname}${search}`);
    clearSession();
  }, [error, pathname, search]);
}

export function AppShell() {
  useSessionGuard();
  return (
    <>
      <ScrollRestoration />
      {/* The workspace, landing and gift layouts load on demand (route-table.tsx). */}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
      <LoginModalHost />
      <PointsDialogs />
    </>
  );
}
