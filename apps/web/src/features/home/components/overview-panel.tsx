/**
 * The creator's headline figures (推广任务 / 累计点击 / 订单数 / 累计推广收益: their own promotions' share, the 推广收益
 * of /income/app, without the team's leader share that /income's 累计收益 adds) or, logged out, a call to log in.
 */
import { Button, Skeleton } from '@arco-design/web-react';
import { IconRight } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router';
import { formatCount, formatYuan } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { openLoginModal } from '../../../lib/session/login-modal';
import { useIsLoggedIn } from '../../../lib/session/token';
import { text } from '../../../locales/zh-CN';
import { usePromotionOverview } from '../api/get-promotion-overview';
import styles from '../home-page.module.css';

function Figures() {
  const navigate = useNavigate();
  const overview = usePromotionOverview();
  const data = overview.data;
  const figures = [
    { key: 'task_count', label: text.home.overview.taskCount, value: data && formatCount(data.task_count) },
    { key: 'click_count', label: text.home.overview.clickCount, value: data && formatCount(data.click_count) },
    { key: 'order_count', label: text.home.overview.orderCount, value: data && formatCount(data.order_count) },
    { key: 'share_amount', label: text.home.overview.shareAmount, value: data && formatYuan(data.share_amount) },
  ];
  return (
    <section className={styles.overview}>
      <header className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{text.home.overview.title}</h2>
        <Button type="text" size="small" onClick={() => void navigate(paths.myTask)}>
          {text.home.overview.toMyTask}
          <IconRight />
        </Button>
      </header>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.key} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd>
              {figure.value ??
                (overview.isError ? (
                  '—'
                ) : (
                  <Skeleton animation text={{ rows: 1, width: 64 }} className={styles.figureSkeleton} />
                ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Welcome() {
  const navigate = useNavigate();
  return (
    <section className={styles.welcome}>
      <div>
        <h1 className={styles.welcomeTitle}>{text.home.welcome.title}</h1>
        <p className={styles.welcomeIntro}>{text.home.welcome.intro}</p>
      </div>
      <div className={styles.welcomeActions}>
        <Button type="primary" size="large" onClick={() => openLoginModal()}>
          {text.home.welcome.login}
        </Button>
        <Button size="large" onClick={() => void navigate(paths.task)}>
          {text.home.welcome.toTask}
        </Button>
      </div>
    </section>
  );
}

export function OverviewPanel() {
  return useIsLoggedIn() ? <Figures /> : <Welcome />;
}
