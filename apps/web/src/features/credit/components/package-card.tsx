/** One points package as a selectable card: name, points and gift, price (discounted and struck), 'N折', description. */
import { PROMOTION_COUNTDOWN_PRICES, yuanToFen, type CreditPackage } from '@cc/contracts';
import { packagePrice } from '../../../lib/credit/package-price';
import { fillText } from '../../../lib/fill-text';
import { text } from '../../../locales/zh-CN';
import styles from './points-modal.module.css';
import { PromotionCountdown } from './promotion-countdown';

/** Compared in fen: a price of '50.00' is 5000 however the server spells it. */
const COUNTDOWN_PRICES_FEN: ReadonlySet<number> = new Set(PROMOTION_COUNTDOWN_PRICES.map(yuanToFen));

export function showsPromotionCountdown(pack: Pick<CreditPackage, 'price'>): boolean {
  return COUNTDOWN_PRICES_FEN.has(yuanToFen(pack.price));
}

interface PackageCardProps {
  pack: CreditPackage;
  selected: boolean;
  /** The promotion's end (epoch ms), or null when none runs. */
  promotionDeadline: number | null;
  onSelect: (id: number) => void;
}

export function PackageCard({ pack, selected, promotionDeadline, onSelect }: PackageCardProps) {
  const price = packagePrice(pack);
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={selected ? `${styles.package} ${styles.packageSelected}` : styles.package}
      onClick={() => onSelect(pack.id)}
    >
      {price.discount && <span className={styles.discountTag}>{price.discount}</span>}
      <span className={styles.packageName}>{pack.name}</span>
      <span className={styles.packageCredit}>{fillText(text.credit.package.credit, { credit: pack.credit })}</span>
      <span className={styles.packageGift}>
        {pack.gift_credit > 0 ? fillText(text.credit.package.giftCredit, { credit: pack.gift_credit }) : '\u00a0'}
      </span>
      <span className={styles.packagePrice}>
        <strong>{price.pay}</strong>
        {price.original && <s>{price.original}</s>}
      </span>
      {pack.description && <span className={styles.packageDescription}>{pack.description}</span>}
      {promotionDeadline !== null && showsPromotionCountdown(pack) && (
        <PromotionCountdown deadline={promotionDeadline} />
      )}
    </button>
  );
}
