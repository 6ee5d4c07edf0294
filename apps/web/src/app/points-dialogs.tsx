/**
 * The points modal and the payment dialog, rendered once for every layout. Each one's code loads the first time
 * something opens it, so pages that never touch points do not download the shop.
 */
import { lazy, Suspense } from 'react';
import { usePointsModal } from '../lib/credit/points-modal';
import { usePaymentDialog } from '../lib/order/payment-dialog';

const PointsModal = lazy(async () => ({
  default: (await import('../features/credit/components/points-modal')).PointsModal,
}));
const PaymentDialog = lazy(async () => ({
  default: (await import('../features/order/components/payment-dialog')).PaymentDialog,
}));

export function PointsDialogs() {
  const pointsRequested = usePointsModal().requested;
  const paymentRequested = usePaymentDialog().payment !== null;
  return (
    <Suspense fallback={null}>
      {pointsRequested && <PointsModal />}
      {paymentRequested && <PaymentDialog />}
    </Suspense>
  );
}
