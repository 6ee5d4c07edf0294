/**
 * The tool workspace layout (/tool): a top bar with back, 新手引导, 使用指南, 反馈 (the 7×24 online service QR), the
 * points total, 充值 and 积分明细 (login first), and the account, then the page. `?showCredit=1` opens the points modal once logged in.
 */
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconBook, IconBulb, IconFire, IconLeft, IconList, IconMessage, IconMore } from '@arco-design/web-react/icon';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../components/brand';
import { backTarget } from '../../lib/back-target';
import { requestGuide } from '../../lib/tool/guide-flags';
import { Loading } from '../../components/loading';
import { UserAvatar } from '../../components/user-avatar';
import { useCreditTotal } from '../../lib/credit/get-credit-total';
import { openPointsModal, openPointsModalOrLogin, ShowCreditQuery } from '../../lib/credit/points-modal';
import { paths } from '../../lib/paths';
import { useUserInfo } from '../../lib/session/get-user-info';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { siteConfig } from '../../lib/site-config';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import { ServicePopover } from './service-popover';
import styles from './tool-layout.module.css';

/** Shown until the balance loads: a dash, not a misleading zero. */
const UNKNOWN_POINTS = '--';

/** Opens the points modal that the address asks for, logging in first; then drops the flag so a reload does not. */
function useShowCreditAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const isLoggedIn = useIsLoggedIn();
  useEffect(() => {
    if (searchParams.get(ShowCreditQuery.show) !== '1') return;
    if (!isLoggedIn) {
      // Coming back to this same address after login runs this again, logged in.
      openLoginModal(`${pathname}${search}`);
      return;
    }
    openPointsModal(searchParams.get(ShowCreditQuery.view) === 'detail' ? 'detail' : 'list');
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ShowCreditQuery.show);
        next.delete(ShowCreditQuery.view);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, isLoggedIn, pathname, search]);
}

/**
 * The balance of the logged-in creator: the points call, else the user's creditInfo while it loads. On a phone the
 * word 积分 is out of sight but still read with the number: a bare number would be the button's whole name.
 */
function PointsTotal({ compact }: { compact: boolean }) {
  const { data: user } = useUserInfo();
  const { data: credit } = useCreditTotal();
  return (
    <button type="button" className={styles.points} onClick={() => openPointsModal('detail')}>
      <IconFire />
      <span className={compact ? 'visually-hidden' : undefined}>{text.layout.tool.points}</span>
      <strong>{credit?.total ?? user?.creditInfo.total ?? UNKNOWN_POINTS}</strong>
    </button>
  );
}

export function ToolLayout() {
  const isMobile = useIsMobile();
  const isLoggedIn = useIsLoggedIn();
  const { data: user } = useUserInfo();
  const navigate = useNavigate();
  const location = useLocation();
  useShowCreditAddress();

  const goBack = () => {
    const target = backTarget(
      {
        // The router keys its first entry 'default': there is no earlier page of the app in this tab.
        hasPreviousEntry: location.key !== 'default',
        referrer: document.referrer,
        origin: window.location.origin,
        currentPath: location.pathname,
      },
      paths.ai,
    );
    void (target.kind === 'history' ? navigate(-1) : navigate(target.path));
  };

  return (
    <div className={styles.layout} data-layout={isMobile ? 'mobile' : 'desktop'}>
      <header className={styles.bar}>
        <Button
          type="text"
          icon={<IconLeft />}
          onClick={goBack}
          className={styles.back}
          // On a phone the arrow stands alone: it keeps its name for screen readers.
          aria-label={text.common.back}
        >
          {!isMobile && text.common.back}
        </Button>
        <Brand title={text.layout.tool.title} to={paths.tool} compact={isMobile} />
        <div className={styles.actions}>
          {!isMobile && (
            <>
              <Button type="text" icon={<IconBulb />} onClick={requestGuide}>
                {text.layout.tool.guide}
              </Button>
              <a className={styles.link} href={siteConfig.guideUrl} target="_blank" rel="noreferrer">
                <IconBook />
                {text.layout.tool.manual}
              </a>
              <ServicePopover label={text.layout.tool.feedback} icon={<IconMessage />} isMobile={false} />
            </>
          )}
          {isMobile && <ServicePopover label="" icon={<IconMessage />} isMobile />}
          {isLoggedIn && <PointsTotal compact={isMobile} />}
          <Button
            type="primary"
            status="warning"
            shape="round"
            size={isMobile ? 'small' : 'default'}
            onClick={() => openPointsModalOrLogin('list')}
          >
            {text.credit.recharge}
          </Button>
          {!isMobile && (
            <Button type="text" icon={<IconList />} onClick={() => openPointsModalOrLogin('detail')}>
              {text.credit.detail}
            </Button>
          )}
          {isMobile && (
            <Dropdown
              trigger="click"
              position="br"
              droplist={
                <Menu
                  onClickMenuItem={(key) => {
                    if (key === 'guide') requestGuide();
                    else if (key === 'manual') window.open(siteConfig.guideUrl, '_blank', 'noopener');
                    else openPointsModalOrLogin('detail');
                  }}
                >
                  <Menu.Item key="guide">{text.layout.tool.guide}</Menu.Item>
                  <Menu.Item key="manual">{text.layout.tool.manual}</Menu.Item>
                  <Menu.Item key="detail">{text.credit.detail}</Menu.Item>
                </Menu>
              }
            >
              <Button type="text" icon={<IconMore />} aria-label={text.layout.tool.more} />
            </Dropdown>
          )}
          {isLoggedIn ? (
            <UserAvatar user={user} />
          ) : (
            <Button type="primary" onClick={() => openLoginModal(paths.tool)}>
              {text.layout.login}
            </Button>
          )}
        </div>
      </header>
      <main className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
