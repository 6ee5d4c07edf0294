/**
 * The withdrawal state machine: 1 pending → 2 rejected or 3 agreed → 4 waiting (payout under way) →
 * 5 complete. An Alipay payout leaves 4 only when Alipay has settled its current out_biz_no: paid (5) or refused for
 * good (back to 3, where an operator pays again under a new out_biz_no or rejects, releasing the hold); the service
 * makes every payout move conditional on that out_biz_no too. 6 (a purchase paid from the wallet) is no withdrawal
 * and has no transitions. The creator may cancel (7) while it is still pending, before an operator took it up.
 * A new way to pay is a new action here, with the states it starts from.
 * A bank withdrawal goes from 3 to 4 when a bank batch exports it; the bank's result then completes it, returns it
 * to 3 or rejects it.
 */
import { OutStatus } from '@cc/contracts';

export type WithdrawalAction =
  | 'approve'
  | 'reject'
  | 'cancel'
  | 'startPayout'
  | 'payoutSucceeded'
  | 'payoutFailed'
  | 'payOffline'
  | 'bankExport'
  | 'bankPaid'
  | 'bankReturned'
  | 'bankRejected';

/** For each action: the states it may start from and the state it leads to. */
export const TRANSITIONS: Record<WithdrawalAction, { from: readonly OutStatus[]; to: OutStatus }> = {
  approve: { from: [OutStatus.Pending], to: OutStatus.Agreed },
  reject: { from: [OutStatus.Pending, OutStatus.Agreed], to: OutStatus.Rejected },
  cancel: { from: [OutStatus.Pending], to: OutStatus.Cancelled },
  startPayout: { from: [OutStatus.Agreed], to: OutStatus.Waiting },
  payoutSucceeded: { from: [OutStatus.Waiting], to: OutStatus.Complete },
  payoutFailed: { from: [OutStatus.Waiting], to: OutStatus.Agreed },
  payOffline: { from: [OutStatus.Agreed], to: OutStatus.Complete },
  bankExport: { from: [OutStatus.Agreed], to: OutStatus.Waiting },
  bankPaid: { from: [OutStatus.Waiting], to: OutStatus.Complete },
  bankReturned: { from: [OutStatus.Waiting], to: OutStatus.Agreed },
  bankRejected: { from: [OutStatus.Waiting], to: OutStatus.Rejected },
};

export function canTransition(action: WithdrawalAction, from: OutStatus): boolean {
  return TRANSITIONS[action].from.includes(from);
}
