/**
 * The payment dialog opened from anywhere an order is placed: the points list, the retention offer and
 * the gift page. The app shell renders it once; listeners hear about a completed payment.
 */
import type { CreditPackage, OrderState } from '@cc/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';

/** What was bought, for the dialog's summary line; the order itself carries the amounts. */
export type OrderedPackage = Pick<
  CreditPackage,
  'name' | 'credit' | 'gift_credit' | 'price' | 'discount' | 'discount_price'
>;

export interface PaymentRequest {
  order: OrderState;
  pack: OrderedPackage;
  /**
   * Server time minus browser time, measured when the order arrived (its `order_at` is the server's "now"): the
   * countdowns convert the server's deadlines with it, so a wrong device clock cannot end a payment early.
   */
  clockOffsetMs: number;
}

export interface PaymentDialogState {
  visible: boolean;
  /** Kept after closing, so the content stays while the modal fades out. */
  payment: PaymentRequest | null;
}

const dialogStore = createStore<PaymentDialogState>({ visible: false, payment: null });

export function openPaymentDialog(order: OrderState, pack: OrderedPackage, receivedAt = Date.now()): void {
  const serverNow = Date.parse(order.order_at);
  const clockOffsetMs = Number.isFinite(serverNow) ? serverNow - receivedAt : 0;
  dialogStore.set({ visible: true, payment: { order, pack, clockOffsetMs } });
}

export function closePaymentDialog(): void {
  const state = dialogStore.get();
  if (state.visible) dialogStore.set({ ...state, visible: false });
}

export function usePaymentDialog(): PaymentDialogState {
  return useSyncExternalStore(dialogStore.subscribe, dialogStore.get);
}

const successListeners = new Set<(order: OrderState) => void>();

/** Subscribes to completed payments (the points modal shows the new records); returns the unsubscribe function. */
export function onPaymentSuccess(listener: (order: OrderState) => void): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

export function emitPaymentSuccess(order: OrderState): void {
  for (const listener of successListeners) listener(order);
}
