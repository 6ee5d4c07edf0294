/**
 * The points modal, rendered once by the app shell: '积分明细' or '积分充值', and the retention offer
 * that follows when the purchase list is closed with a package selected.
 */
import { creditApi } from '@cc/contracts';
import { useCallback, useEffect, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { closePointsModal, showPointsView, usePointsModal } from '../../../lib/credit/points-modal';
import { onPaymentSuccess } from '../../../lib/order/payment-dialog';
import { text } from '../../../locales/zh-CN';
import { retentionDeadline } from '../retention-deadline';
import { PointsDetailView } from './points-detail-view';
import { PointsListView } from './points-list-view';
import { RetentionOfferModal, type RetentionOffer } from './retention-offer-modal';
import { SHOP_LAYER } from './shop-layer';

const WIDTH = { detail: 620, list: 880 } as const;

/** The creator's offer to show now, or null: none running, or their 59:59 already ran out. */
async function currentRetentionOffer(): Promise<RetentionOffer | null> {
  const result = await call(creditApi.claimRetention);
  if (!isSuccess(result) || !result.body.offer) return null;
  const endsAt = retentionDeadline(result.body);
  return endsAt === null ? null : { offer: result.body.offer, endsAt };
}

export function PointsModal() {
  const { visible, view } = usePointsModal();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [retention, setRetention] = useState<RetentionOffer | null>(null);
  const [retentionVisible, setRetentionVisible] = useState(false);

  // Once paid there is nothing to hold the creator back from: show the new records instead.
  useEffect(
    () =>
      onPaymentSuccess(() => {
        setSelectedId(null);
        showPointsView('detail');
      }),
    [],
  );

  async function close() {
    const leftWithChoice = view === 'list' && selectedId !== null;
    closePointsModal();
    setSelectedId(null);
    if (!leftWithChoice) return;
    const offer = await currentRetentionOffer();
    if (!offer) return;
    setRetention(offer);
    setRetentionVisible(true);
  }

  const closeRetention = useCallback(() => setRetentionVisible(false), []);

  return (
    <>
      <AppModal
        title={view === 'detail' ? text.credit.detailTitle : text.credit.listTitle}
        visible={visible}
        onCancel={() => void close()}
        width={WIDTH[view]}
        wrapStyle={SHOP_LAYER}
        maskStyle={SHOP_LAYER}
        unmountOnExit
      >
        {view === 'detail' ? <PointsDetailView /> : <PointsListView selectedId={selectedId} onSelect={setSelectedId} />}
      </AppModal>
      <RetentionOfferModal retention={retention} visible={retentionVisible} onClose={closeRetention} />
    </>
  );
}
