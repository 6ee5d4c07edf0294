/** SQL for the wallet: balance and holds per agent, its ledger, and cash-out records (withdrawals and purchases). */
import { OutStatus } from '@cc/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

export class WalletRepository {
  constructor(private readonly db: Db) {}

  account(agentId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('wallet_accounts')
      .select(['balance_fen', 'held_fen'])
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
  }

  async ensureAccount(trx: Trx, agentId: number, now: number): Promise<void> {
    await trx
      .insertInto('wallet_accounts')
      .values({ agent_id: agentId, updated_at: now })
      .onConflict((oc) => oc.column('agent_id').doNothing())
      .execute();
  }

  /** Moves balance and hold together; false (and nothing changed) when available money would go negative. */
  async move(trx: Trx, agentId: number, balanceDelta: number, heldDelta: number, now: number): Promise<boolean> {
    const result = await trx
      .updateTable('wallet_accounts')
      .set((eb) => ({
        balance_fen: eb('balance_fen', '+', balanceDelta),
        held_fen: eb('held_fen', '+', heldDelta),
        updated_at: now,
      }))
      .where('agent_id', '=', agentId)
      .where((eb) =>
        eb.and([
          eb('balance_fen', '>=', -balanceDelta),
          eb('held_fen', '>=', -heldDelta),
          // What stays available (balance − held) may not go below zero either.
          eb(eb('balance_fen', '-', eb.ref('held_fen')), '>=', heldDelta - balanceDelta),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertLedger(
    trx: Trx,
    row: { agent_id: number; title: string; amount_fen: number; idempotency_key: string; created_at: number },
  ): Promise<void> {
    await trx.insertInto('wallet_ledger').values(row).execute();
  }

  ledgerByKey(trx: Trx, key: string) {
    return trx.selectFrom('wallet_ledger').select('id').where('idempotency_key', '=', key).executeTakeFirst();
  }

  async recordPurchase(trx: Trx, agentId: number, orderNo: string, amountFen: number, now: number): Promise<void> {
    await trx
      .insertInto('cash_outs')
      .values({
        agent_id: agentId,
        out_status: OutStatus.PurchaseComplete,
        amount_fen: amountFen,
        pay_amount_fen: amountFen,
        order_no: orderNo,
        created_at: now,
        finish_at: now,
      })
      .onConflict((oc) => oc.column('order_no').doNothing())
      .execute();
  }
}
