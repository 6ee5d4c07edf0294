/**
 * The home page's banner carousel: each banner opens its in-app path (asking for login first where needed). A banner
 * to the AI tools asks a logged-out visitor to log in and then opens the tool with the points modal in a new window.
 */
import { Carousel } from '@arco-design/web-react';
import type { Banner } from '@cc/contracts';
import { carouselArrows } from '../../../components/arco-a11y/carousel-arrows';
import { ShowCreditQuery } from '../../../lib/credit/points-modal';
import { navigateTo } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { openLoginModal } from '../../../lib/session/login-modal';
import { useIsLoggedIn } from '../../../lib/session/token';
import { useGuardedNavigate } from '../../../lib/session/use-guarded-navigate';
import { text } from '../../../locales/zh-CN';
import { useBanners } from '../api/get-banners';
import styles from '../home-page.module.css';

const AUTO_PLAY_MS = 5000;

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** Logs in from the banner, then opens the tool with the points modal in a new window (same tab if blocked). */
function loginThenOpenTool(): void {
  const target = `${paths.tool}?${ShowCreditQuery.show}=1`;
  openLoginModal(null, () => {
    if (!window.open(target, '_blank')) navigateTo(target);
  });
}

export function BannerCarousel() {
  const banners = useBanners();
  const goTo = useGuardedNavigate();
  const loggedIn = useIsLoggedIn();

  function open(banner: Banner) {
    if (!banner.link_url) return;
    if (isExternal(banner.link_url)) window.open(banner.link_url, '_blank', 'noopener,noreferrer');
    else if (!loggedIn && banner.link_url.startsWith(paths.tool)) loginThenOpenTool();
    else goTo(banner.link_url);
  }

  if (banners.isPending) return <div className={`${styles.banner} ${styles.shimmer}`} aria-hidden="true" />;
  if (!banners.data?.length) return null;
  // A carousel region, as screen readers expect one; Arco's Carousel declares no role prop but passes it through.
  const region = { role: 'region', 'aria-roledescription': text.home.carousel, 'aria-label': text.home.bannersLabel };
  return (
    <Carousel
      {...region}
      className={styles.banner}
      autoPlay={{ interval: AUTO_PLAY_MS, hoverToPause: true }}
      indicatorType="dot"
      showArrow={banners.data.length > 1 ? 'hover' : 'never'}
      icons={carouselArrows(text.home.bannerPrevious, text.home.bannerNext)}
    >
      {banners.data.map((banner) => (
        <button
          key={banner.id}
          type="button"
          className={styles.bannerSlide}
          onClick={() => open(banner)}
          aria-label={banner.title || text.home.bannerAlt}
        >
          <img className={styles.bannerImage} src={banner.image_url} alt={banner.title || text.home.bannerAlt} />
        </button>
      ))}
    </Carousel>
  );
}
