/**
 * Buying a points package from any screen: log in first, then create the order and open the payment
 * dialog; a refused order shows the server's message, else '订单失败，请重试'.
 */
import { Message } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { text } from '../../locales/zh-CN';
import { isSuccess } from '../api-error';
import { openLoginModal } from '../session/login-modal';
import { useIsLoggedIn } from '../session/token';
import { createOrder } from './create-order';
import { openPaymentDialog, type OrderedPackage } from './payment-dialog';

export type BuyablePackage = OrderedPackage & { id: number };

export function useBuyPackage() {
  const isLoggedIn = useIsLoggedIn();
  const mutation = useMutation({ mutationFn: (pack: BuyablePackage) => createOrder(pack.id) });

  /** Resolves true once the payment dialog is open. */
  async function buy(pack: BuyablePackage): Promise<boolean> {
    if (!isLoggedIn) {
      openLoginModal();
      return false;
    }
    if (mutation.isPending) return false;
    const result = await mutation.mutateAsync(pack);
    if (!isSuccess(result)) {
      Message.error(result.msg || text.order.orderFailed);
      return false;
    }
    openPaymentDialog(result.body, pack);
    return true;
  }

  return { buy, buyingId: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}
