/** The home page's banner carousel: each banner opens its in-app path (asking for login first where needed). */
import { Carousel } from '@arco-design/web-react';
import type { Banner } from '@cc/contracts';
import { useGuardedNavigate } from '../../../lib/session/use-guarded-navigate';
import { text } from '../../../locales/zh-CN';
import { useBanners } from '../api/get-banners';
import styles from '../home-page.module.css';

const AUTO_PLAY_MS = 5000;

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

export function BannerCarousel() {
  const banners = useBanners();
  const goTo = useGuardedNavigate();

  function open(banner: Banner) {
    if (!banner.link_url) return;
    if (isExternal(banner.link_url)) window.open(banner.link_url, '_blank', 'noopener,noreferrer');
    else goTo(banner.link_url);
  }

  if (banners.isPending) return <div className={`${styles.banner} ${styles.shimmer}`} aria-hidden="true" />;
  if (!banners.data?.length) return null;
  return (
    <Carousel
      className={styles.banner}
      autoPlay={{ interval: AUTO_PLAY_MS, hoverToPause: true }}
      indicatorType="dot"
      showArrow={banners.data.length > 1 ? 'hover' : 'never'}
      data-testid="banner-carousel"
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
