/** The points promotion page (/gift): the free-points offer and the sample packages; claiming and buying come later. */
import { Button, Tag } from '@arco-design/web-react';
import { IconGift } from '@arco-design/web-react/icon';
import { FREE_CLAIM_POINTS } from '@cc/contracts';
import { fillText } from '../../lib/fill-text';
import { text } from '../../locales/zh-CN';
import styles from './gift-page.module.css';
import { samplePackages } from './sample-packages';

export function GiftPage() {
  return (
    <>
      <section className={styles.hero}>
        <Tag color="orangered" icon={<IconGift />} className={styles.badge}>
          {text.gift.hero.badge}
        </Tag>
        <h1 className={styles.title}>{fillText(text.gift.hero.title, { points: FREE_CLAIM_POINTS })}</h1>
        <p className={styles.subtitle}>{text.gift.hero.subtitle}</p>
        <Button type="primary" status="warning" size="large" shape="round" disabled className={styles.claim}>
          {text.gift.claim}
        </Button>
        <p className={styles.notice}>{text.gift.comingSoon}</p>
      </section>
      <section>
        <h2 className={styles.packagesTitle}>{text.gift.packagesTitle}</h2>
        <ul className={styles.packages}>
          {samplePackages.map((pack) => (
            <li key={pack.id} className={pack.highlighted ? `${styles.package} ${styles.highlighted}` : styles.package}>
              {pack.highlighted && <span className={styles.ribbon}>{text.gift.mostBought}</span>}
              <div className={styles.credit}>{fillText(text.gift.credit, { credit: pack.credit })}</div>
              <div className={styles.giftCredit}>
                {pack.giftCredit > 0 ? fillText(text.gift.giftCredit, { credit: pack.giftCredit }) : '\u00a0'}
              </div>
              <div className={styles.price}>{fillText(text.gift.price, { price: pack.price })}</div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
