/**
 * The landing layout of /ai: a fixed nav over the dark hero (a drawer on a phone), the page, and the footer.
 * `?price=1` (where `/price` leads) opens the points purchase modal, after login when needed.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { openPointsModalAfterLogin } from '../../lib/credit/points-modal';
import { PriceQuery } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import styles from './ai-layout.module.css';
import { LandingFooter } from './landing-footer';
import { LandingNav } from './landing-nav';

function usePriceAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (searchParams.get(PriceQuery.show) !== '1') return;
    openPointsModalAfterLogin('list');
    // Drop the flag so a reload or going back does not open the modal again.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PriceQuery.show);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
}

export function AiLayout() {
  const isMobile = useIsMobile();
  usePriceAddress();

  return (
    <div className={styles.layout} data-layout={isMobile ? 'mobile' : 'desktop'}>
      <LandingNav isMobile={isMobile} />
      <main>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <LandingFooter isMobile={isMobile} />
    </div>
  );
}
