/** SQL for the wallet: balance and holds per agent, its ledger, and cash-out records (withdrawals and purchases). */
import { OutStatus } from '@cc/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { FinalTax } from './withdrawal.repository.js';

type Trx = Transaction<Database>;

export class WalletRepository {
  constructor(private readonly db: Db) {}

  account(agentId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('wallet_accounts')
      .select(['balance_fen', 'held_fen', 'debt_fen'])
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
  }

  /**
   * Settled income (positive) or a settled refund (negative) in one statement, whatever runs beside it: income pays
   * the debt first; a claw-back takes what is available (balance − held, never the held money of a withdrawal in
   * progress) and records the rest as debt. Either way balance − debt moves by exactly `amountFen`.
   */
  async applyIncome(trx: Trx, agentId: number, amountFen: number, now: number): Promise<void> {
    const amount = sql.lit(Math.abs(amountFen));
    const paysDebt = sql<number>`(case when debt_fen < ${amount} then debt_fen else ${amount} end)`;
    const fromAvailable = sql<number>`(case when balance_fen - held_fen < ${amount} then balance_fen - held_fen else ${amount} end)`;
    await trx
      .updateTable('wallet_accounts')
      .set(
        amountFen >= 0
          ? {
              balance_fen: sql`balance_fen + ${amount} - ${paysDebt}`,
              debt_fen: sql`debt_fen - ${paysDebt}`,
              updated_at: now,
            }
          : {
              balance_fen: sql`balance_fen - ${fromAvailable}`,
              debt_fen: sql`debt_fen + ${amount} - ${fromAvailable}`,
              updated_at: now,
            },
      )
      .where('agent_id', '=', agentId)
      .execute();
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

  /** Money that became available (a hold released) pays the debt first, so available money never hides a debt. */
  async payDebtFromAvailable(trx: Trx, agentId: number, now: number): Promise<void> {
    const paid = sql<number>`(case when debt_fen < balance_fen - held_fen then debt_fen else balance_fen - held_fen end)`;
    await trx
      .updateTable('wallet_accounts')
      .set({ balance_fen: sql`balance_fen - ${paid}`, debt_fen: sql`debt_fen - ${paid}`, updated_at: now })
      .where('agent_id', '=', agentId)
      .where('debt_fen', '>', 0)
      .execute();
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

  /** A purchase paid from the wallet, with the tax withheld on it (final: the purchase is the payment). */
  async recordPurchase(
    trx: Trx,
    agentId: number,
    orderNo: string,
    amountFen: number,
    tax: FinalTax,
    now: number,
  ): Promise<void> {
    await trx
      .insertInto('cash_outs')
      .values({
        agent_id: agentId,
        out_status: OutStatus.PurchaseComplete,
        amount_fen: amountFen,
        pre_pay_amount_fen: amountFen,
        ...tax,
        // What the points cost; the tax is on top of it.
        pay_amount_fen: amountFen,
        tax_final: 1,
        order_no: orderNo,
        created_at: now,
        finish_at: now,
      })
      .onConflict((oc) => oc.column('order_no').doNothing())
      .execute();
  }
}
