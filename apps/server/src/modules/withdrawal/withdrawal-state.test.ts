import { OutStatus } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { TRANSITIONS, canTransition, type WithdrawalAction } from './withdrawal-state.js';
import { nextOutBizNo } from './withdrawal.service.js';

const ALL = Object.values(OutStatus);

/** Every (action, from) pair the state machine allows; everything else is refused. */
const ALLOWED: Record<WithdrawalAction, OutStatus[]> = {
  approve: [1],
  reject: [1, 3],
  cancel: [1],
  startPayout: [3],
  payoutSucceeded: [4],
  payoutFailed: [4],
  payOffline: [3],
  bankExport: [3],
  bankPaid: [4],
  bankReturned: [4],
  bankRejected: [4],
};

describe('withdrawal state machine', () => {
  it.each(Object.keys(ALLOWED) as WithdrawalAction[])('%s starts only from its allowed states', (action) => {
    for (const from of ALL)
      expect(canTransition(action, from), `${action} from ${from}`).toBe(ALLOWED[action].includes(from));
  });

  it('leads each action to its state: approve 3, reject 2, payout 4 then 5 or back to 3, offline 5', () => {
    expect(TRANSITIONS.approve.to).toBe(OutStatus.Agreed);
    expect(TRANSITIONS.reject.to).toBe(OutStatus.Rejected);
    expect(TRANSITIONS.startPayout.to).toBe(OutStatus.Waiting);
    expect(TRANSITIONS.payoutSucceeded.to).toBe(OutStatus.Complete);
    expect(TRANSITIONS.payoutFailed.to).toBe(OutStatus.Agreed);
    expect(TRANSITIONS.payOffline.to).toBe(OutStatus.Complete);
    expect(TRANSITIONS.cancel.to).toBe(OutStatus.Cancelled);
  });

  it('moves a bank withdrawal by its batch: exported 3 → 4, then paid 5, returned 3 or rejected 2', () => {
    expect(TRANSITIONS.bankExport.to).toBe(OutStatus.Waiting);
    expect(TRANSITIONS.bankPaid.to).toBe(OutStatus.Complete);
    expect(TRANSITIONS.bankReturned.to).toBe(OutStatus.Agreed);
    expect(TRANSITIONS.bankRejected.to).toBe(OutStatus.Rejected);
  });

  it('never leaves a final state: rejected, complete, purchase complete', () => {
    for (const action of Object.keys(TRANSITIONS) as WithdrawalAction[]) {
      for (const final of [OutStatus.Rejected, OutStatus.Complete, OutStatus.PurchaseComplete]) {
        expect(canTransition(action, final)).toBe(false);
      }
    }
  });

  it('numbers payout attempts in the out_biz_no, after the deployment prefix', () => {
    expect(nextOutBizNo('K7QH2X', 42, null)).toBe('K7QH2XW42N1');
    expect(nextOutBizNo('K7QH2X', 42, 'K7QH2XW42N1')).toBe('K7QH2XW42N2');
    expect(nextOutBizNo('K7QH2X', 42, 'K7QH2XW42N9')).toBe('K7QH2XW42N10');
    // A prefix ending in N or W, and numbers from before prefixes, are read from their end.
    expect(nextOutBizNo('ABCDEN', 42, 'ABCDENW42N3')).toBe('ABCDENW42N4');
    expect(nextOutBizNo('K7QH2X', 42, 'W42N2')).toBe('K7QH2XW42N3');
    expect(nextOutBizNo('K7QH2X', 42, 'garbled')).toBe('K7QH2XW42N1');
  });
});
