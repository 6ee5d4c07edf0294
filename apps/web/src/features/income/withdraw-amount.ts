/**
 * The withdrawal amount as typed: the contract's rules (two decimals, minimum and maximum), this creator's own
 * minimum (first withdrawal or not) and balance. Pure, so the page and its tests share one judgement.
 */
import { withdrawAmountSchema, type CashOutFirst } from '@cc/contracts';
import { fillText } from '../../lib/fill-text';
import { incomeText } from '../../locales/zh-CN/income';

export type WithdrawLimits = Pick<CashOutFirst, 'min_amount' | 'max_amount' | 'can_out'>;

export type AmountCheck = { amount: string; error: null } | { amount: null; error: string };

export function checkWithdrawAmount(value: string, limits: WithdrawLimits): AmountCheck {
  if (value.trim() === '') return { amount: null, error: incomeText.withdrawForm.amountPlaceholder };
  const parsed = withdrawAmountSchema.safeParse(value);
  if (!parsed.success)
    return { amount: null, error: parsed.error.issues[0]?.message ?? incomeText.withdrawForm.amountPlaceholder };
  const amount = Number(parsed.data);
  if (amount < Number(limits.min_amount)) {
    return { amount: null, error: fillText(incomeText.withdrawForm.belowMin, { min: limits.min_amount }) };
  }
  if (amount > Number(limits.can_out)) return { amount: null, error: incomeText.withdrawForm.overBalance };
  return { amount: Number(parsed.data).toFixed(2), error: null };
}

/** What 全部提现 fills in: the whole balance, or the single-withdrawal maximum when the balance is above it. */
export function allAmount(limits: WithdrawLimits): string {
  return Math.min(Number(limits.can_out), Number(limits.max_amount)).toFixed(2);
}

/** Keeps what could still become an amount: digits and one point with at most two decimals. */
export function amountInput(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}
