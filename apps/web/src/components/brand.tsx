/** Logo and product title as one link, shown at the left of every layout's top bar. */
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { text } from '../locales/zh-CN';
import styles from './brand.module.css';
import { Logo } from './logo';

interface BrandProps {
  title?: string;
  to?: string;
  /** Light text for dark or coloured backgrounds. */
  inverted?: boolean;
  /** A crowded bar (the tool bar on a phone): below 420 px only the logo shows, the title staying the link's name. */
  compact?: boolean;
}

export function Brand({ title = text.common.appName, to = paths.home, inverted = false, compact = false }: BrandProps) {
  return (
    <Link
      to={to}
      aria-label={title}
      className={[styles.brand, inverted && styles.inverted, compact && styles.compact].filter(Boolean).join(' ')}
    >
      <Logo />
      <span className={styles.title}>{title}</span>
    </Link>
  );
}
