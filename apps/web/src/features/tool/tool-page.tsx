/**
 * The AI tool workspace (/tool): the six tools and 智能运营 in a nav (a menu of width 220 on desktop, tabs on a
 * phone), the chosen tool's panel, its live job and its history; 智能运营's and 短剧解析's panels load when chosen. The tool is in the address (`?tool=dedup`) so links to a
 * tool can be shared; login is required to use any.
 */
import { Button, Menu } from '@arco-design/web-react';
import { IconApps } from '@arco-design/web-react/icon';
import { COMING_SOON_TOOLS, TOOL_LABELS, WORKSPACE_TOOLS, type ToolJob, type WorkspaceTool } from '@cc/contracts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HeaderTabs } from '../../components/arco-a11y/header-tabs';
import { EmptyState } from '../../components/empty-state';
import { ToolIcon } from '../../components/tool-icon';
import { ShowCreditQuery, usePointsModal } from '../../lib/credit/points-modal';
import { toolPath } from '../../lib/paths';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { isGuideHidden, onGuideRequested } from '../../lib/tool/guide-flags';
import { useIsMobile } from '../../lib/use-is-mobile';
import { tool as toolText } from '../../locales/zh-CN/tool';
import { CommentaryPanel } from './components/commentary-panel';
import { DedupPanel } from './components/dedup-panel';
import { JobCard } from './components/job-card';
import { JobHistory } from './components/job-history';
import { MediaLibrary } from './components/media-library';
import { MixcutPanel } from './components/mixcut-panel';
import { TranslatePanel } from './components/translate-panel';
import styles from './tool-page.module.css';
import { startToolTour } from './tool-tour';

const OperatePanel = lazy(async () => ({ default: (await import('./operate/operate-panel')).OperatePanel }));
const ParsePanel = lazy(async () => ({ default: (await import('./parse/parse-panel')).ParsePanel }));

function toolOf(value: string | null): WorkspaceTool {
  return (WORKSPACE_TOOLS as readonly string[]).includes(value ?? '') ? (value as WorkspaceTool) : 'mixcut';
}

const isComingSoon = (tool: WorkspaceTool) => (COMING_SOON_TOOLS as readonly string[]).includes(tool);

function JobTool({ tool }: { tool: Exclude<ToolJob['tool'], 'parse'> }) {
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <>
      {tool === 'dedup' ? (
        <DedupPanel onCreated={setJobId} />
      ) : tool === 'translate' ? (
        <TranslatePanel onCreated={setJobId} />
      ) : tool === 'commentary' ? (
        <CommentaryPanel onCreated={setJobId} />
      ) : (
        <MixcutPanel onCreated={setJobId} />
      )}
      {jobId && <JobCard key={jobId} jobId={jobId} />}
      <JobHistory tool={tool} onOpen={setJobId} />
    </>
  );
}

export function ToolPage() {
  const [params, setParams] = useSearchParams();
  const tool = toolOf(params.get('tool'));
  const isMobile = useIsMobile();
  const isLoggedIn = useIsLoggedIn();
  // Switching tools replaces the entry: 返回 leaves the workspace instead of walking back through its tools.
  const choose = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tool', next);
        return updated;
      },
      { replace: true },
    );

  // The first visit's tour waits while the points list is asked for or open (`?showCredit=1`, a new creator's way
  // to the free points): its overlay would otherwise sit over the list and take every tap.
  const pointsOpen = usePointsModal().visible || params.get(ShowCreditQuery.show) === '1';
  useEffect(() => {
    if (!isLoggedIn || pointsOpen) return;
    if (!isGuideHidden('basic')) void startToolTour(isMobile);
    return onGuideRequested(() => void startToolTour(isMobile, { replay: true }));
  }, [isLoggedIn, isMobile, pointsOpen]);

  const nav = isMobile ? (
    <HeaderTabs
      label={toolText.navLabel}
      activeTab={tool}
      onChange={choose}
      type="capsule"
      className={styles.tabs}
      data-tour="nav"
    >
      {WORKSPACE_TOOLS.map((id) => (
        <HeaderTabs.TabPane key={id} title={TOOL_LABELS[id]} />
      ))}
    </HeaderTabs>
  ) : (
    <Menu
      selectedKeys={[tool]}
      onClickMenuItem={choose}
      className={styles.nav}
      data-tour="nav"
      aria-label={toolText.navLabel}
    >
      {WORKSPACE_TOOLS.map((id) => (
        <Menu.Item key={id}>
          <ToolIcon tool={id} />
          {TOOL_LABELS[id]}
          {isComingSoon(id) && <span className={styles.soon}>{toolText.comingSoon}</span>}
        </Menu.Item>
      ))}
    </Menu>
  );

  let content: ReactNode;
  if (!isLoggedIn) {
    content = (
      <EmptyState
        icon={<IconApps />}
        description={toolText.loginFirst}
        hint={toolText.description}
        action={
          <Button type="primary" onClick={() => openLoginModal(toolPath(tool))}>
            {toolText.login}
          </Button>
        }
      />
    );
  } else if (tool === 'publish') {
    content = (
      <EmptyState description={`${TOOL_LABELS[tool]} · ${toolText.comingSoon}`} hint={toolText.comingSoonHint[tool]} />
    );
  } else if (tool === 'media') {
    content = <MediaLibrary />;
  } else if (tool === 'operate') {
    content = (
      <Suspense fallback={null}>
        <OperatePanel />
      </Suspense>
    );
  } else if (tool === 'parse') {
    content = (
      <Suspense fallback={null}>
        <ParsePanel />
      </Suspense>
    );
  } else {
    content = <JobTool key={tool} tool={tool} />;
  }

  return (
    <div className={styles.workspace} data-layout={isMobile ? 'mobile' : 'desktop'}>
      {nav}
      <div className={styles.content}>{content}</div>
    </div>
  );
}
