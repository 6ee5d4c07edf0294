/** The retention offer popup: the offer package with its 59:59 countdown and a buy button for its id. */
import { Button, Tag } from '@arco-design/web-react';
import type { CreditPackage } from '@cc/contracts';
import { useEffect } from 'react';
import { AppModal } from '../../../components/app-modal';
import { packagePrice } from '../../../lib/credit/package-price';
import { fillText } from '../../../lib/fill-text';
import { formatDuration } from '../../../lib/format';
import { useBuyPackage } from '../../../lib/order/use-buy-package';
import { useSecondsUntil } from '../../../lib/use-now';
import { text } from '../../../locales/zh-CN';
import styles from './points-modal.module.css';
import { SHOP_LAYER } from './shop-layer';

const POPUP_WIDTH = 400;

export interface RetentionOffer {
  offer: CreditPackage;
  /** When its countdown ends (epoch ms). */
  endsAt: number;
}

interface RetentionOfferModalProps {
  retention: RetentionOffer | null;
  visible: boolean;
  onClose: () => void;
}

function OfferBody({ retention: { offer, endsAt }, onClose }: { retention: RetentionOffer; onClose: () => void }) {
  const seconds = useSecondsUntil(endsAt);
  const { buy, buyingId } = useBuyPackage();
  const price = packagePrice(offer);

  useEffect(() => {
    // The offer ends with its countdown.
    if (seconds === 0) onClose();
  }, [seconds, onClose]);

  return (
    <div className={styles.offer}>
      <div className={styles.offerCard}>
        {price.discount && (
          <Tag color="red" className={styles.offerDiscount}>
            {price.discount}
          </Tag>
        )}
        <div className={styles.offerName}>{offer.name}</div>
        <div className={styles.offerCredit}>{fillText(text.credit.package.credit, { credit: offer.credit })}</div>
        {offer.gift_credit > 0 && (
          <div className={styles.packageGift}>
            {fillText(text.credit.package.giftCredit, { credit: offer.gift_credit })}
          </div>
        )}
        <div className={styles.offerPrice}>
          <strong>{price.pay}</strong>
          {price.original && <s>{price.original}</s>}
        </div>
        {offer.description && <div className={styles.packageDescription}>{offer.description}</div>}
      </div>
      <div className={styles.offerCountdown}>
        {text.credit.retention.endsIn}
        {/* A figure beside its label, which no role is named by: tests find it by test id. */}
        <strong data-testid="retention-countdown">{formatDuration(seconds)}</strong>
      </div>
      <Button
        type="primary"
        status="danger"
        size="large"
        shape="round"
        long
        loading={buyingId === offer.id}
        onClick={() => void buy(offer).then((opened) => opened && onClose())}
      >
        {text.credit.retention.buy}
      </Button>
      <Button type="text" long className={styles.offerGiveUp} onClick={onClose}>
        {text.credit.retention.giveUp}
      </Button>
    </div>
  );
}

export function RetentionOfferModal({ retention, visible, onClose }: RetentionOfferModalProps) {
  return (
    <AppModal
      title={text.credit.retention.title}
      visible={visible}
      onCancel={onClose}
      width={POPUP_WIDTH}
      wrapStyle={SHOP_LAYER}
      maskStyle={SHOP_LAYER}
      unmountOnExit
    >
      {retention && <OfferBody retention={retention} onClose={onClose} />}
    </AppModal>
  );
}
