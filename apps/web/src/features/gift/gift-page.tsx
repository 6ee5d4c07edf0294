/**
 * The points promotion page (/gift): claim the free 100 points (login first; already claimed goes to the
 * tools) and buy one of the three sample packages, as the server sells them now, through the payment dialog.
 */
import { Button, Spin, Tag } from '@arco-design/web-react';
import { IconGift, IconList } from '@arco-design/web-react/icon';
import { FREE_CLAIM_POINTS, FreePointsStatus, type CreditPackage } from '@cc/contracts';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadError } from '../../components/load-error';
import { Loading } from '../../components/loading';
import { ApiError } from '../../lib/api-error';
import { useCreditPackages } from '../../lib/credit/get-credit-packages';
import { useCreditTotal } from '../../lib/credit/get-credit-total';
import { openPointsModal } from '../../lib/credit/points-modal';
import { packagePrice } from '../../lib/credit/package-price';
import { useFreePointsStatus } from '../../lib/credit/get-free-points-status';
import { useClaimFreePoints } from '../../lib/credit/use-claim-free-points';
import { fillText } from '../../lib/fill-text';
import { useBuyPackage } from '../../lib/order/use-buy-package';
import { paths } from '../../lib/paths';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { text } from '../../locales/zh-CN';
import styles from './gift-page.module.css';

/** The gift page's packages in its order (ids 1, 7 and 3: 10, 30, 50 yuan); 7 is highlighted as the most bought. */
const GIFT_PACKAGE_IDS = [1, 7, 3] as const;
const MOST_BOUGHT_ID = 7;

/** Check, then claim: 100 means claimed already and the creator goes to the tools; 0 claims now. */
function useClaim() {
  const navigate = useNavigate();
  const claim = useClaimFreePoints();
  return {
    isPending: claim.isPending,
    mutate: () => claim.mutate(undefined, { onSuccess: (outcome) => outcome === 'already' && navigate(paths.tool) }),
  };
}

function ClaimButton() {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const status = useFreePointsStatus({ enabled: isLoggedIn });
  const claim = useClaim();
  const claimed = isLoggedIn && status.data?.status === FreePointsStatus.Claimed;

  function onClick() {
    if (!isLoggedIn) openLoginModal();
    else if (claimed) void navigate(paths.tool);
    else claim.mutate();
  }

  return (
    <Button
      type="primary"
      status="warning"
      size="large"
      shape="round"
      className={styles.claim}
      loading={claim.isPending}
      onClick={onClick}
    >
      {claimed ? text.gift.claimed : fillText(text.gift.claim, { points: FREE_CLAIM_POINTS })}
    </Button>
  );
}

function MyPoints() {
  const { data: total } = useCreditTotal();
  return (
    <div className={styles.myPoints}>
      {text.gift.myPoints}
      <strong>{total?.total ?? '--'}</strong>
      <Button type="text" size="small" icon={<IconList />} onClick={() => openPointsModal('detail')}>
        {text.gift.pointsDetail}
      </Button>
    </div>
  );
}

function PackageCard({ pack, buying, onBuy }: { pack: CreditPackage; buying: boolean; onBuy: () => void }) {
  const highlighted = pack.id === MOST_BOUGHT_ID;
  return (
    <button
      type="button"
      className={highlighted ? `${styles.package} ${styles.highlighted}` : styles.package}
      disabled={buying}
      onClick={onBuy}
    >
      {highlighted && <span className={styles.ribbon}>{text.gift.mostBought}</span>}
      <span className={styles.name}>{pack.name}</span>
      <span className={styles.credit}>{fillText(text.gift.credit, { credit: pack.credit })}</span>
      <span className={styles.giftCredit}>
        {pack.gift_credit > 0 ? fillText(text.gift.giftCredit, { credit: pack.gift_credit }) : '\u00a0'}
      </span>
      <span className={styles.price}>{packagePrice(pack).pay}</span>
      <span className={styles.buy}>{buying ? <Spin size={14} /> : text.gift.buy}</span>
    </button>
  );
}

/** Those of the sample packages on sale now, with the server's names and prices. */
function GiftPackages() {
  const packages = useCreditPackages({ enabled: true });
  const { buy, buyingId } = useBuyPackage();

  if (packages.isPending) return <Loading />;
  if (packages.isError) {
    const message = packages.error instanceof ApiError ? packages.error.msg : '';
    return <LoadError message={message} onRetry={() => void packages.refetch()} retrying={packages.isFetching} />;
  }
  const onSale = GIFT_PACKAGE_IDS.flatMap((id) => packages.data.filter((pack) => pack.id === id));
  if (onSale.length === 0) return <EmptyState description={text.gift.noPackages} hint="" />;
  return (
    <ul className={styles.packages}>
      {onSale.map((pack) => (
        <li key={pack.id}>
          <PackageCard pack={pack} buying={buyingId === pack.id} onBuy={() => void buy(pack)} />
        </li>
      ))}
    </ul>
  );
}

export function GiftPage() {
  const isLoggedIn = useIsLoggedIn();
  return (
    <>
      <section className={styles.hero}>
        <Tag color="orangered" icon={<IconGift />} className={styles.badge}>
          {text.gift.hero.badge}
        </Tag>
        <h1 className={styles.title}>{fillText(text.gift.hero.title, { points: FREE_CLAIM_POINTS })}</h1>
        <p className={styles.subtitle}>{text.gift.hero.subtitle}</p>
        <ClaimButton />
        <p className={styles.notice}>{text.gift.claimHint}</p>
        {isLoggedIn && <MyPoints />}
      </section>
      <section>
        <h2 className={styles.packagesTitle}>{text.gift.packagesTitle}</h2>
        <p className={styles.packagesSubtitle}>{text.gift.packagesSubtitle}</p>
        <GiftPackages />
      </section>
    </>
  );
}
