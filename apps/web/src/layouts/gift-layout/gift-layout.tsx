/** The promotion layout of /gift: a slim bar with the brand and a way home over a warm backdrop. */
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { IconHome } from '@arco-design/web-react/icon';
import { Brand } from '../../components/brand';
import { Loading } from '../../components/loading';
import { paths } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import styles from './gift-layout.module.css';

export function GiftLayout() {
  const isMobile = useIsMobile();
  return (
    <div className={styles.layout} data-layout={isMobile ? 'mobile' : 'desktop'}>
      <header className={styles.bar}>
        <Brand />
        <Link to={paths.home} className={styles.home}>
          <IconHome />
          {text.gift.home}
        </Link>
      </header>
      <main className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
