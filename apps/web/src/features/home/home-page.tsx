/**
 * The home page (/home): banners, the creator's headline figures (or a login call when logged out), recommended tasks
 * with their promotion buttons, and the 热剧榜 hit chart. The footer navigation stays hidden here.
 */
import { BannerCarousel } from './components/banner-carousel';
import { HitChart } from './components/hit-chart';
import { OverviewPanel } from './components/overview-panel';
import { RecommendedTasks } from './components/recommended-tasks';
import styles from './home-page.module.css';

export function HomePage() {
  return (
    <div className={styles.home}>
      <BannerCarousel />
      <OverviewPanel />
      <RecommendedTasks />
      <HitChart />
    </div>
  );
}
