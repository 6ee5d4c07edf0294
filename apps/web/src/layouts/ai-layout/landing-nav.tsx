/**
 * The landing page's nav: AI 工具 (a dropdown of the six tools; logged out, login first, then the tool),
 * 分销任务中心, 价格 (the points modal, login first) and 教程 (the tutorial, in a new tab). On a phone the same
 * entries sit in a drawer behind a menu button.
 */
import { Button, Dropdown } from '@arco-design/web-react';
import { IconDown, IconMenu, IconRight } from '@arco-design/web-react/icon';
import type { NavTool } from '@cc/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AppDrawer } from '../../components/arco-a11y/app-drawer';
import { Brand } from '../../components/brand';
import { openPointsModalAfterLogin } from '../../lib/credit/points-modal';
import { paths, toolPath } from '../../lib/paths';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { siteConfig } from '../../lib/site-config';
import { text } from '../../locales/zh-CN';
import { ai as aiText } from '../../locales/zh-CN/ai';
import styles from './landing-nav.module.css';
import { LandingToolList } from './landing-tool-list';

/** Past this scroll the nav gets its own background, so it stays readable over the light sections. */
const SOLID_AFTER_PX = 12;

function useScrolledPast(offset: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return scrolled;
}

function GuideLink({ className }: { className?: string }) {
  return (
    <a className={className} href={siteConfig.guideUrl} target="_blank" rel="noopener noreferrer">
      {aiText.nav.guide}
    </a>
  );
}

function AccountButton({ long = false }: { long?: boolean }) {
  const isLoggedIn = useIsLoggedIn();
  const goTo = useGuardedNavigate();
  return isLoggedIn ? (
    <Button type="primary" long={long} onClick={() => goTo(paths.tool)}>
      {aiText.nav.workspace}
    </Button>
  ) : (
    <Button type="primary" long={long} onClick={() => openLoginModal()}>
      {text.layout.login}
    </Button>
  );
}

function DesktopLinks({ onTool }: { onTool: (tool: NavTool) => void }) {
  const [toolsOpen, setToolsOpen] = useState(false);
  return (
    <nav className={styles.links}>
      <Dropdown
        trigger={['hover', 'click']}
        position="bl"
        popupVisible={toolsOpen}
        onVisibleChange={setToolsOpen}
        droplist={
          <div className={styles.toolsPanel}>
            <LandingToolList
              variant="panel"
              onChoose={(tool) => {
                setToolsOpen(false);
                onTool(tool);
              }}
            />
          </div>
        }
      >
        <button type="button" className={styles.link} aria-haspopup="menu">
          {aiText.nav.tools}
          <IconDown className={toolsOpen ? `${styles.caret} ${styles.caretOpen}` : styles.caret} />
        </button>
      </Dropdown>
      <Link className={styles.link} to={paths.task}>
        {aiText.nav.task}
      </Link>
      <button type="button" className={styles.link} onClick={() => openPointsModalAfterLogin('list')}>
        {aiText.nav.price}
      </button>
      <GuideLink className={styles.link} />
    </nav>
  );
}

function MobileDrawer({
  visible,
  onClose,
  onTool,
}: {
  visible: boolean;
  onClose: () => void;
  onTool: (tool: NavTool) => void;
}) {
  return (
    <AppDrawer
      label={text.common.menu}
      placement="right"
      width="min(320px, 86vw)"
      visible={visible}
      title={<Brand to={paths.ai} />}
      footer={<AccountButton long />}
      onCancel={onClose}
      className={styles.drawer}
    >
      <p className={styles.drawerHeading}>{aiText.nav.tools}</p>
      <LandingToolList
        variant="grid"
        onChoose={(tool) => {
          onClose();
          onTool(tool);
        }}
      />
      <nav className={styles.drawerLinks}>
        <Link to={paths.task} onClick={onClose}>
          {aiText.nav.task}
          <IconRight />
        </Link>
        <button
          type="button"
          onClick={() => {
            onClose();
            openPointsModalAfterLogin('list');
          }}
        >
          {aiText.nav.price}
          <IconRight />
        </button>
        <a href={siteConfig.guideUrl} target="_blank" rel="noopener noreferrer" onClick={onClose}>
          {aiText.nav.guide}
          <IconRight />
        </a>
      </nav>
    </AppDrawer>
  );
}

export function LandingNav({ isMobile }: { isMobile: boolean }) {
  const goTo = useGuardedNavigate();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Logged out, the login modal opens first and goes to the tool once the creator is in.
  const openTool = (tool: NavTool) => goTo(toolPath(tool), { loginFirst: true });

  return (
    <header className={scrolled ? `${styles.nav} ${styles.solid}` : styles.nav}>
      <div className={styles.inner}>
        <Brand to={paths.ai} inverted />
        {!isMobile && <DesktopLinks onTool={openTool} />}
        <div className={styles.actions}>
          <AccountButton />
          {isMobile && (
            <Button
              type="text"
              icon={<IconMenu />}
              aria-label={aiText.nav.openMenu}
              className={styles.menuToggle}
              onClick={() => setDrawerOpen(true)}
            />
          )}
        </div>
      </div>
      {isMobile && <MobileDrawer visible={drawerOpen} onClose={() => setDrawerOpen(false)} onTool={openTool} />}
    </header>
  );
}
