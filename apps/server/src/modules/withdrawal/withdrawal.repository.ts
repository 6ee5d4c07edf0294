/** SQL of withdrawals (rows of `cash_outs` paid to a bank card or Alipay), their tax history and state changes. */
import { CashOutTo, OutStatus } from '@cc/contracts';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CashOutTable, Database } from '../../db/schema.js';

type Trx = Transaction<Database>;
export type CashOutRow = Selectable<CashOutTable>;

/** The withholding columns of a cash-out row, as one payment fixes them. */
export interface FinalTax {
  tax_fen: number;
  pay_amount_fen: number;
  tax_year: number;
  tax_month: number;
  tax_detail: string;
}

/** Withdrawals are the cash-out rows with a payee kind; purchases paid from the wallet have none. */
const WITHDRAWAL_KINDS = ['1', '2'];

export class WithdrawalRepository {
  constructor(private readonly db: Db) {}

  async insert(trx: Trx, row: Insertable<CashOutTable>): Promise<number> {
    const inserted = await trx.insertInto('cash_outs').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  byId(id: number, executor: Kysely<Database> = this.db) {
    return executor.selectFrom('cash_outs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The creator's withdrawals not rejected or cancelled, for the first-withdrawal minimum. */
  async countLive(trx: Kysely<Database>, agentId: number): Promise<number> {
    const row = await trx
      .selectFrom('cash_outs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('agent_id', '=', agentId)
      .where('cash_out_to', 'in', WITHDRAWAL_KINDS)
      .where('out_status', 'not in', [OutStatus.Rejected, OutStatus.Cancelled])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Income, tax and months of the tax year so far: what was paid or is being paid with its withholding fixed —
   * withdrawals in 打款中 or 已完成 and wallet purchases. Estimates (pending, agreed) and rejected withdrawals are
   * no one's history; `exceptId` leaves out the withdrawal being taxed.
   */
  async taxYear(executor: Kysely<Database>, agentId: number, year: number, exceptId?: number) {
    let query = executor
      .selectFrom('cash_outs')
      .select(['tax_month', sql<number>`sum(pre_pay_amount_fen)`.as('income'), sql<number>`sum(tax_fen)`.as('tax')])
      .where('agent_id', '=', agentId)
      .where('tax_final', '=', 1)
      .where('out_status', 'in', [OutStatus.Waiting, OutStatus.Complete, OutStatus.PurchaseComplete])
      .where('tax_year', '=', year);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const rows = await query.groupBy('tax_month').execute();
    return {
      incomeFen: rows.reduce((sum, r) => sum + Number(r.income), 0),
      taxFen: rows.reduce((sum, r) => sum + Number(r.tax), 0),
      months: rows.map((r) => Number(r.tax_month)),
    };
  }

  /**
   * Fixes the withholding of a withdrawal whose payout starts: only while it is agreed (a first payout, or another
   * after a refusal voided the last one) or already paying with an estimate; false otherwise.
   */
  async setFinalTax(trx: Trx, id: number, tax: FinalTax & { updated_at: number }): Promise<boolean> {
    const result = await trx
      .updateTable('cash_outs')
      .set({ ...tax, tax_final: 1 })
      .where('id', '=', id)
      .where('cash_out_to', 'in', WITHDRAWAL_KINDS)
      .where((eb) =>
        eb.or([
          eb('out_status', '=', OutStatus.Agreed),
          eb.and([eb('out_status', '=', OutStatus.Waiting), eb('tax_final', '=', 0)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Moves a withdrawal from one of `from` to its next state, with `changes`; false (nothing changed) when it was no
   * longer in one of them — the conditional update is what makes two operators' clicks safe. `outBizNo`, when
   * given, is a second condition: the payout attempt the caller acts for must still be the withdrawal's current
   * one (null: none yet), so a late answer about an earlier attempt changes nothing.
   */
  async transition(
    trx: Kysely<Database>,
    id: number,
    from: readonly OutStatus[],
    changes: Updateable<CashOutTable> & { out_status: OutStatus },
    outBizNo?: string | null,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('cash_outs')
      .set(changes)
      .where('id', '=', id)
      .where('cash_out_to', 'in', WITHDRAWAL_KINDS)
      .where('out_status', 'in', [...from])
      .$if(outBizNo !== undefined, (q) =>
        outBizNo === null ? q.where('out_biz_no', 'is', null) : q.where('out_biz_no', '=', outBizNo as string),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Alipay withdrawals being paid (打款中) and the out_biz_no of their current attempt, oldest first. */
  waitingAlipayPayouts() {
    return this.db
      .selectFrom('cash_outs')
      .select(['id', 'out_biz_no'])
      .where('out_status', '=', OutStatus.Waiting)
      .where('cash_out_to', '=', String(CashOutTo.Alipay))
      .where('out_biz_no', 'is not', null)
      .orderBy('id', 'asc')
      .$narrowType<{ out_biz_no: string }>()
      .execute();
  }

  /** One creator's cash-out rows (withdrawals and purchases), newest first. */
  async pageOf(agentId: number, status: number | undefined, limit: number, offset: number) {
    let query = this.db.selectFrom('cash_outs').where('agent_id', '=', agentId);
    if (status !== undefined) query = query.where('out_status', '=', status as OutStatus);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Withdrawals for operators, oldest first, with the creator's phone. */
  async opsPage(filter: { status?: OutStatus; cashOutTo?: number }, limit: number, offset: number) {
    let query = this.db
      .selectFrom('cash_outs')
      .innerJoin('agents', 'agents.id', 'cash_outs.agent_id')
      .where('cash_outs.cash_out_to', 'in', WITHDRAWAL_KINDS);
    if (filter.status !== undefined) query = query.where('cash_outs.out_status', '=', filter.status);
    if (filter.cashOutTo !== undefined) query = query.where('cash_outs.cash_out_to', '=', String(filter.cashOutTo));
    const [rows, total] = await Promise.all([
      query
        .selectAll('cash_outs')
        .select('agents.phone')
        .orderBy('cash_outs.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
