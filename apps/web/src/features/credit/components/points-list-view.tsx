/**
 * '积分充值': the packages on sale with the running promotion's countdown, the points rules,
 * and the buy bar — login first, then the order and the payment dialog.
 */
import { Button } from '@arco-design/web-react';
import { IconList } from '@arco-design/web-react/icon';
import type { CreditPackage } from '@cc/contracts';
import { EmptyState } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { packagePrice } from '../../../lib/credit/package-price';
import { showPointsView } from '../../../lib/credit/points-modal';
import { fillText } from '../../../lib/fill-text';
import { useBuyPackage } from '../../../lib/order/use-buy-package';
import { text } from '../../../locales/zh-CN';
import { usePromotionDeadline } from '../api/get-countdown';
import { useCreditPackages } from '../../../lib/credit/get-credit-packages';
import { FreePointsOffer } from './free-points-offer';
import { PackageCard } from './package-card';
import styles from './points-modal.module.css';

interface PointsListViewProps {
  selectedId: number | null;
  onSelect: (id: number) => void;
}

function PointsRules() {
  return (
    <section className={styles.rules}>
      <h3 className={styles.rulesTitle}>{text.credit.rulesTitle}</h3>
      <ol className={styles.rulesList}>
        {text.credit.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}

function BuyBar({ selected }: { selected: CreditPackage | null }) {
  const { buy, buyingId } = useBuyPackage();
  return (
    <div className={styles.buyBar}>
      <div className={styles.buySummary}>
        {selected ? (
          <>
            <span>{fillText(text.credit.selected, { name: selected.name })}</span>
            <span>
              {text.credit.payable} <strong className={styles.buyPrice}>{packagePrice(selected).pay}</strong>
            </span>
          </>
        ) : (
          <span className={styles.buyPlaceholder}>{text.credit.selectPackage}</span>
        )}
      </div>
      <Button
        type="primary"
        size="large"
        shape="round"
        disabled={!selected}
        loading={selected !== null && buyingId === selected.id}
        onClick={() => selected && void buy(selected)}
        className={styles.buyButton}
      >
        {text.credit.buy}
      </Button>
    </div>
  );
}

function Packages({ selectedId, onSelect }: PointsListViewProps) {
  const packages = useCreditPackages({ enabled: true });
  const promotionDeadline = usePromotionDeadline({ enabled: true });

  if (packages.isPending) return <Loading />;
  if (packages.isError) {
    const message = packages.error instanceof ApiError ? packages.error.msg : '';
    return <LoadError message={message} onRetry={() => void packages.refetch()} retrying={packages.isFetching} />;
  }
  if (packages.data.length === 0) return <EmptyState description={text.credit.noPackages} hint="" />;
  return (
    <div className={styles.packages}>
      {packages.data.map((pack) => (
        <PackageCard
          key={pack.id}
          pack={pack}
          selected={pack.id === selectedId}
          promotionDeadline={promotionDeadline}
          onSelect={onSelect}
        />
      ))}
    </div>
  );
}

export function PointsListView({ selectedId, onSelect }: PointsListViewProps) {
  // The same query as the grid's: the bar needs the selected package's price.
  const { data: packages } = useCreditPackages({ enabled: true });
  const selected = packages?.find((pack) => pack.id === selectedId) ?? null;

  return (
    <div>
      <div className={styles.listHeader}>
        <Button type="text" icon={<IconList />} onClick={() => showPointsView('detail')}>
          {text.credit.detail}
        </Button>
      </div>
      <FreePointsOffer />
      <Packages selectedId={selectedId} onSelect={onSelect} />
      <PointsRules />
      <BuyBar selected={selected} />
    </div>
  );
}
