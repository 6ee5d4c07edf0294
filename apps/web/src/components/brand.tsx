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
}

export function Brand({ title = text.common.appName, to = paths.home, inverted = false }: BrandProps) {
  return (
    <Link to={to} className={inverted ? `${styles.brand} ${styles.inverted}` : styles.brand}>
      <Logo />
      <span className={styles.title}>{title}</span>
    </Link>
  );
}
