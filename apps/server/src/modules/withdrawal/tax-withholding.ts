/**
 * When and on what the tax is withheld (ADR 0013). The tax point is the payment: a withdrawal's apply
 * only estimates; its withholding is fixed when its payout starts (Alipay transfer, bank batch export, offline
 * confirmation), in that transaction, from the creator's payments of the payment date's tax year; points bought
 * with wallet money are paid remuneration too and are taxed as they are bought. Everything runs under the creator's
 * wallet lock, the one lock every payment and purchase of that creator takes, so two payments never read the same
 * history.
 */
import { OutStatus } from '@cc/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { shanghaiYearMonth, type TaxComputation, type TaxPolicy } from './tax-policy.js';
import type { WalletService } from './wallet.service.js';
import type { CashOutRow, FinalTax, WithdrawalRepository } from './withdrawal.repository.js';

/** A computed withholding with the tax year and month it counts in. */
export interface TaxQuote extends TaxComputation {
  year: number;
  month: number;
}

/** Columns of a cash-out row that record a quote. */
export function taxColumns(quote: TaxQuote): FinalTax {
  return {
    tax_fen: quote.taxFen,
    pay_amount_fen: quote.payFen,
    tax_year: quote.year,
    tax_month: quote.month,
    tax_detail: JSON.stringify(quote.detail),
  };
}

export class TaxWithholding {
  constructor(
    private readonly withdrawals: WithdrawalRepository,
    private readonly wallet: WalletService,
    private readonly policy: TaxPolicy,
    private readonly clock: Clock,
  ) {}

  /**
   * The tax of paying `amountFen` to the creator now, after what was paid (or is being paid) earlier in this tax
   * year; `exceptId` leaves the withdrawal being taxed out of its own history. Final when read under the wallet lock
   * in the paying transaction, an estimate otherwise.
   */
  async quote(executor: Kysely<Database>, agentId: number, amountFen: number, exceptId?: number): Promise<TaxQuote> {
    return (await this.calculator(executor, agentId, exceptId))(amountFen);
  }

  /**
   * The largest share of `priceFen` that `availableFen` of wallet money pays with the tax on that share, and that
   * tax: a combo payment's wallet part. Share plus tax grows with the share, so a bisection finds it.
   */
  async affordableShare(
    executor: Kysely<Database>,
    agentId: number,
    availableFen: number,
    priceFen: number,
  ): Promise<{ shareFen: number; quote: TaxQuote }> {
    const taxOn = await this.calculator(executor, agentId);
    let low = 0;
    let high = Math.max(0, Math.min(availableFen, priceFen));
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (mid + taxOn(mid).taxFen <= availableFen) low = mid;
      else high = mid - 1;
    }
    return { shareFen: low, quote: taxOn(low) };
  }

  /** Reads the creator's history of this tax year once and answers the quote of any amount from it. */
  private async calculator(executor: Kysely<Database>, agentId: number, exceptId?: number) {
    const { year, month } = shanghaiYearMonth(this.clock.now());
    const paid = await this.withdrawals.taxYear(executor, agentId, year, exceptId);
    const history = {
      year,
      month,
      incomeBeforeFen: paid.incomeFen,
      withheldBeforeFen: paid.taxFen,
      monthsBefore: paid.months,
    };
    return (amountFen: number): TaxQuote => ({ ...this.policy.compute(amountFen, history), year, month });
  }

  /**
   * Fixes the withholding of withdrawal `cashOutId` as its payout starts, in the caller's transaction and before
   * the caller moves it to 打款中 or 已完成: takes the creator's wallet lock, computes from the history of the payment
   * date and stores tax, pay amount, year, month and figures as final. A withdrawal already paying or paid with a
   * final tax is left as it is (a replay); an agreed one is taxed afresh even if an earlier, refused payout had
   * fixed a figure, since that payout paid nothing.
   */
  async atPayout(trx: Transaction<Database>, cashOutId: number): Promise<CashOutRow> {
    const seen = await this.withdrawals.byId(cashOutId, trx);
    if (!seen || seen.cash_out_to === '') throw appError('withdrawalNotFound');
    await this.wallet.lock(trx, seen.agent_id);
    const row = (await this.withdrawals.byId(cashOutId, trx))!;
    const paying = row.out_status === OutStatus.Waiting || row.out_status === OutStatus.Complete;
    if (paying && row.tax_final === 1) return row;
    const quote = await this.quote(trx, row.agent_id, row.pre_pay_amount_fen, row.id);
    const stored = await this.withdrawals.setFinalTax(trx, row.id, {
      ...taxColumns(quote),
      updated_at: this.clock.now(),
    });
    if (!stored) throw appError('withdrawalBadTransition');
    return (await this.withdrawals.byId(cashOutId, trx))!;
  }
}
