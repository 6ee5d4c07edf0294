/**
 * The default layout: header band, new-version notice, top bar, the routed page fading in, footer
 * navigation everywhere but /home, the apply modal ('审核通过'), the promotion dialog and the support popover.
 * Mobile below the breakpoint, desktop above.
 */
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { SupportPopover } from '../../components/support-popover/support-popover';
import { ApplyInviteDialog } from '../../components/apply-entry/apply-entry';
import { ApprovalDialog } from '../../components/approval-dialog/approval-dialog';
import { paths } from '../../lib/paths';
import { usePromotionDialog } from '../../lib/promotion/promotion-dialog-store';
import { useIsMobile } from '../../lib/use-is-mobile';
import styles from './default-layout.module.css';
import { FooterNav } from './footer-nav';
import { NewVersionNotice } from './new-version-notice';
import { TopBar } from './top-bar';

const PromotionDialog = lazy(async () => ({
  default: (await import('../../components/promotion/promotion-dialog')).PromotionDialog,
}));

/** The promotion dialog and its tutorial players load with the first promotion button pressed, then stay mounted. */
function PromotionDialogHost() {
  const { content } = usePromotionDialog();
  return content ? (
    <Suspense fallback={null}>
      <PromotionDialog />
    </Suspense>
  ) : null;
}

export function DefaultLayout() {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const showFooter = pathname !== paths.home;

  return (
    <div
      className={showFooter ? `${styles.layout} ${styles.withFooter}` : styles.layout}
      data-layout={isMobile ? 'mobile' : 'desktop'}
    >
      <div className={styles.band} aria-hidden="true" />
      <NewVersionNotice />
      <TopBar isMobile={isMobile} />
      <main className={styles.main}>
        {/* Keyed by path so each page mounts afresh and fades in. */}
        <div key={pathname} className={styles.page}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      {showFooter && <FooterNav isMobile={isMobile} />}
      <ApprovalDialog />
      <ApplyInviteDialog />
      <PromotionDialogHost />
      <SupportPopover isMobile={isMobile} />
    </div>
  );
}
