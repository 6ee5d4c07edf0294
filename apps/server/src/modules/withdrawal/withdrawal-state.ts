/**
 * The withdrawal state machine of spec §4: 1 pending → 2 rejected or 3 agreed → 4 waiting (payout under way) →
 * 5 complete. A payout Alipay refused goes back from 4 to 3, where an operator pays again or rejects (the hold is
 * then released). 6 (a purchase paid from the wallet) is no withdrawal and has no transitions. A bank withdrawal
 * goes from 3 to 4 when a bank batch exports it; the bank's result then completes it, returns it to 3 or rejects it.
 */
import { OutStatus } from '@cc/contracts';

export type WithdrawalAction =
  | 'approve'
  | 'reject'
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
