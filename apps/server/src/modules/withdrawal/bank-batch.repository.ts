/** SQL of bank batches: the batch, its rows as exported, and each row's decision (ADR 0013). */
import { BankBatchStatus, OutStatus, type BankRowDecision } from '@cc/contracts';
import { type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BankBatchRowTable, BankBatchTable, Database } from '../../db/schema.js';

type Trx = Transaction<Database>;
export type BankBatchRecord = Selectable<BankBatchTable>;
export type BankBatchRowRecord = Selectable<BankBatchRowTable>;
/** A batch with how many of its rows have each result. */
export type BankBatchSummary = BankBatchRecord & Record<'pending' | BankRowDecision, number>;

export class BankBatchRepository {
  constructor(private readonly db: Db) {}

  /** Agreed bank withdrawals (kind 1, state 3), oldest first: what an export may take. */
  /** Agreed bank withdrawals not yet in a batch, oldest first, with their creators. */
  async agreedBank(trx: Trx): Promise<{ id: number; agentId: number }[]> {
    const rows = await trx
      .selectFrom('cash_outs')
      .select(['id', 'agent_id'])
      .where('cash_out_to', '=', '1')
      .where('out_status', '=', OutStatus.Agreed)
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({ id: Number(r.id), agentId: Number(r.agent_id) }));
  }

  async insertBatch(trx: Trx, batch: Insertable<BankBatchTable>): Promise<number> {
    const inserted = await trx.insertInto('bank_batches').values(batch).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async insertRows(trx: Trx, rows: Insertable<BankBatchRowTable>[]): Promise<void> {
    await trx.insertInto('bank_batch_rows').values(rows).execute();
  }

  /** Batches with their result counts, newest first. */
  async page(status: BankBatchStatus | undefined, limit: number, offset: number) {
    let batches = this.db.selectFrom('bank_batches');
    if (status !== undefined) batches = batches.where('status', '=', status);
    const [rows, total] = await Promise.all([
      batches.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      batches.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: await this.withCounts(this.db, rows), total: Number(total.n) };
  }

  async summary(id: number, executor: Kysely<Database> = this.db): Promise<BankBatchSummary | undefined> {
    const batch = await executor.selectFrom('bank_batches').selectAll().where('id', '=', id).executeTakeFirst();
    return batch && (await this.withCounts(executor, [batch]))[0];
  }

  /** The batches with how many rows have each result, counted in one grouped query. */
  private async withCounts(executor: Kysely<Database>, batches: BankBatchRecord[]): Promise<BankBatchSummary[]> {
    if (batches.length === 0) return [];
    const counts = await executor
      .selectFrom('bank_batch_rows')
      .select(['batch_id', 'result', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where(
        'batch_id',
        'in',
        batches.map((b) => b.id),
      )
      .groupBy(['batch_id', 'result'])
      .execute();
    const countFor = (batchId: number, result: string) =>
      Number(counts.find((c) => Number(c.batch_id) === batchId && c.result === result)?.n ?? 0);
    return batches.map((b) => ({
      ...b,
      pending: countFor(b.id, 'pending'),
      paid: countFor(b.id, 'paid'),
      returned: countFor(b.id, 'returned'),
      rejected: countFor(b.id, 'rejected'),
    }));
  }

  /** A batch's rows in file order (by withdrawal). */
  rows(batchId: number, executor: Kysely<Database> = this.db): Promise<BankBatchRowRecord[]> {
    return executor
      .selectFrom('bank_batch_rows')
      .selectAll()
      .where('batch_id', '=', batchId)
      .orderBy('cash_out_id', 'asc')
      .execute();
  }

  /** The rows of `cashOutIds` in the batch (those not in it are absent). */
  rowsOf(trx: Trx, batchId: number, cashOutIds: number[]): Promise<BankBatchRowRecord[]> {
    return trx
      .selectFrom('bank_batch_rows')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where('cash_out_id', 'in', cashOutIds)
      .orderBy('cash_out_id', 'asc')
      .execute();
  }

  /**
   * Records the decision of an undecided row; false (nothing changed) when it was decided already — the conditional
   * update is what makes two confirmations of one row safe. A returned or rejected row lets go of its withdrawal.
   */
  async decide(
    trx: Trx,
    rowId: number,
    decision: { result: BankRowDecision; bank_ref: string; reason: string; decided_by: string; decided_at: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('bank_batch_rows')
      .set({ ...decision, ...(decision.result !== 'paid' && { live_cash_out_id: null }) })
      .where('id', '=', rowId)
      .where('result', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks the batch 已完成 once none of its rows is undecided. */
  async completeIfDecided(trx: Trx, batchId: number, now: number): Promise<void> {
    await trx
      .updateTable('bank_batches')
      .set({ status: BankBatchStatus.Complete, completed_at: now })
      .where('id', '=', batchId)
      .where('status', '=', BankBatchStatus.Confirming)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bank_batch_rows').select('id').where('batch_id', '=', batchId).where('result', '=', 'pending'),
          ),
        ),
      )
      .execute();
  }
}
