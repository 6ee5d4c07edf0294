/**
 * Bank batches (ADR 0013): an export takes every agreed bank withdrawal into a new batch and moves it
 * to 打款中 in one transaction; the operator then confirms each row against the bank's result — paid (the hold
 * becomes a debit), returned (back to 已同意 for a later batch) or rejected (the hold released). Every move is a
 * conditional update, so concurrent exports never share a withdrawal and a replayed confirmation changes nothing.
 */
import { BankBatchStatus, OutStatus, type BankBatchStatus as BatchStatus, type BankRowDecision } from '@cc/contracts';
import type { Transaction, Updateable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { CashOutTable, Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { PayeeService } from '../user/payee.service.js';
import { bankFileCsv, sha256Hex, type BankFileRow } from './bank-file.js';
import type { BankBatchRepository, BankBatchRowRecord, BankBatchSummary } from './bank-batch.repository.js';
import type { TaxWithholding } from './tax-withholding.js';
import type { WalletService } from './wallet.service.js';
import { TRANSITIONS } from './withdrawal-state.js';
import type { WithdrawalRepository } from './withdrawal.repository.js';

export interface BankBatchDeps {
  database: DatabaseHandle;
  batches: BankBatchRepository;
  withdrawals: WithdrawalRepository;
  wallet: WalletService;
  taxes: TaxWithholding;
  payees: PayeeService;
  clock: Clock;
}

/** One row's decision, as validated by the contracts. */
export interface BankRowDecisionCommand {
  id: number;
  result: BankRowDecision;
  bank_ref?: string | undefined;
  reason?: string | undefined;
}

/** A row as stored, which the file is built from (the card number still encrypted). */
type StoredFileRow = Omit<BankFileRow, 'account'> & { payee_account_enc: string };

const RESULT_WORDS: Record<string, string> = { paid: '已打款', returned: '银行退回', rejected: '驳回' };

export class BankBatchService {
  constructor(private readonly deps: BankBatchDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /**
   * Exports every agreed bank withdrawal into a new batch, by `actor`, its tax fixed as it goes. A withdrawal another
   * export (or a rejection) took first is skipped; with none left the export is refused and nothing is written.
   */
  async create(actor: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      const { from, to } = TRANSITIONS.bankExport;
      const taken = [];
      const candidates = await this.deps.batches.agreedBank(trx);
      // Every creator's wallet lock first, in one order (the lock each writer of their money takes before touching a
      // withdrawal's row), so that neither a rejection nor another export racing this one can deadlock with it.
      for (const agentId of [...new Set(candidates.map((c) => c.agentId))].sort((a, b) => a - b)) {
        await this.deps.wallet.lock(trx, agentId);
      }
      for (const { id } of candidates) {
        // Taken by another export or rejected since the list was read: not this batch's.
        if ((await this.deps.withdrawals.byId(id, trx))?.out_status !== OutStatus.Agreed) continue;
        // The tax point is the payout: for a bank withdrawal, its export. A returned row comes back
        // agreed and is taxed afresh at its next export, since the bank paid nothing.
        await this.deps.taxes.atPayout(trx, id);
        const moved = await this.deps.withdrawals.transition(trx, id, from, {
          out_status: to,
          reason: '',
          updated_at: now,
        });
        if (!moved) continue;
        const row = await this.deps.withdrawals.byId(id, trx);
        if (row) taken.push(row);
      }
      if (taken.length === 0) throw appError('bankBatchEmpty');
      const rows = taken.map((w) => ({
        cash_out_id: w.id,
        live_cash_out_id: w.id,
        agent_id: w.agent_id,
        payee_real_name: w.payee_real_name,
        bank_name: w.bank_name,
        bank_card_mask: w.bank_card_number,
        payee_account_enc: w.payee_account_enc,
        pay_amount_fen: w.pay_amount_fen,
        applied_at: w.created_at,
      }));
      const batchId = await this.deps.batches.insertBatch(trx, {
        status: BankBatchStatus.Confirming,
        row_count: rows.length,
        total_pay_fen: rows.reduce((sum, r) => sum + r.pay_amount_fen, 0),
        file_sha256: sha256Hex(this.fileOf(rows)),
        created_by: actor,
        created_at: now,
        completed_at: null,
      });
      await this.deps.batches.insertRows(
        trx,
        rows.map((r) => ({ ...r, batch_id: batchId })),
      );
      return batchId;
    });
  }

  page(status: BatchStatus | undefined, limit: number, offset: number) {
    return this.deps.batches.page(status, limit, offset);
  }

  async detail(id: number): Promise<{ batch: BankBatchSummary; rows: BankBatchRowRecord[] }> {
    const [batch, rows] = await Promise.all([this.deps.batches.summary(id), this.deps.batches.rows(id)]);
    if (!batch) throw appError('bankBatchNotFound');
    return { batch, rows };
  }

  /**
   * The batch's file, rebuilt from its stored rows: the same bytes at every download. A file whose hash is not the
   * one recorded at export means the stored rows changed: refuse it rather than send the bank something else.
   */
  async file(id: number): Promise<string> {
    const { batch, rows } = await this.detail(id);
    const csv = this.fileOf(rows);
    if (sha256Hex(csv) !== batch.file_sha256) throw new Error(`bank batch ${id}: file differs from the exported one`);
    return csv;
  }

  private fileOf(rows: readonly StoredFileRow[]): string {
    return bankFileCsv(
      rows.map((r) => ({
        cash_out_id: r.cash_out_id,
        payee_real_name: r.payee_real_name,
        bank_name: r.bank_name,
        account: this.deps.payees.reveal(r.payee_account_enc),
        pay_amount_fen: r.pay_amount_fen,
        applied_at: r.applied_at,
      })),
    );
  }

  /**
   * Applies the bank's result to rows of batch `id`, all or nothing. A row decided before with the same result (and
   * bank reference) is left as it is; a different decision is refused. The wallets of the rows are locked first in
   * agent order, so two confirmations of overlapping rows cannot deadlock.
   */
  async confirm(id: number, decisions: readonly BankRowDecisionCommand[], actor: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.deps.batches.summary(id, trx))) throw appError('bankBatchNotFound');
      const rows = await this.deps.batches.rowsOf(
        trx,
        id,
        decisions.map((d) => d.id),
      );
      const missing = decisions.find((d) => !rows.some((r) => r.cash_out_id === d.id));
      if (missing) throw appError('bankBatchRowMissing', `提现编号 ${missing.id} 不在批次 ${id} 中`);
      for (const agentId of [...new Set(rows.map((r) => r.agent_id))].sort((a, b) => a - b)) {
        await this.deps.wallet.lock(trx, agentId);
      }
      const now = this.deps.clock.now();
      for (const row of rows) {
        const decision = decisions.find((d) => d.id === row.cash_out_id)!;
        const recorded = {
          result: decision.result,
          bank_ref: decision.result === 'paid' ? (decision.bank_ref ?? '') : '',
          reason: decision.result === 'paid' ? '' : (decision.reason ?? ''),
          decided_by: actor,
          decided_at: now,
        };
        if (!(await this.deps.batches.decide(trx, row.id, recorded))) {
          // Decided already, maybe by a confirmation that committed while this one waited for the wallet locks.
          const [earlier] = await this.deps.batches.rowsOf(trx, id, [row.cash_out_id]);
          if (earlier?.result === recorded.result && earlier.bank_ref === recorded.bank_ref) continue;
          throw appError(
            'bankBatchDecisionConflict',
            `提现编号 ${row.cash_out_id} 已确认为“${RESULT_WORDS[earlier?.result ?? '']}”，不能再确认为“${RESULT_WORDS[recorded.result]}”`,
          );
        }
        await this.applyToWithdrawal(trx, row, recorded, now);
      }
      await this.deps.batches.completeIfDecided(trx, id, now);
    });
  }

  /** Moves the withdrawal of a newly decided row, with its money: paid → debit, rejected → hold released. */
  private async applyToWithdrawal(
    trx: Transaction<Database>,
    row: BankBatchRowRecord,
    decision: { result: BankRowDecision; bank_ref: string; reason: string },
    now: number,
  ): Promise<void> {
    const withdrawal = await this.deps.withdrawals.byId(row.cash_out_id, trx);
    if (!withdrawal) throw appError('withdrawalNotFound');
    const move = async (
      action: 'bankPaid' | 'bankReturned' | 'bankRejected',
      changes: Omit<Updateable<CashOutTable>, 'out_status'>,
    ) => {
      const { from, to } = TRANSITIONS[action];
      const changed = { ...changes, out_status: to, updated_at: now };
      if (!(await this.deps.withdrawals.transition(trx, withdrawal.id, from, changed))) {
        throw appError('withdrawalBadTransition');
      }
    };
    if (decision.result === 'paid') {
      await move('bankPaid', { pay_order_id: decision.bank_ref, is_offline: 1, finish_at: now, reason: '' });
      await this.deps.wallet.payWithdrawal(trx, withdrawal.agent_id, withdrawal.id, withdrawal.amount_fen);
    } else if (decision.result === 'returned') {
      await move('bankReturned', { reason: `银行退回：${decision.reason}` });
    } else {
      await move('bankRejected', { reason: decision.reason });
      await this.deps.wallet.release(trx, withdrawal.agent_id, withdrawal.amount_fen);
    }
  }
}
