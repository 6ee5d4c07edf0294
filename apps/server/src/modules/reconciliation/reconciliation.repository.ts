/**
 * The books check's reads: per creator, each kept figure beside the ledger or the records it stands for. This is
 * the one read-only place that looks across modules' tables on purpose — an audit must not trust the services it
 * audits (ADR 0024). Every query is a grouped sum, so a check costs a few scans whatever the number of creators.
 */
import { OrderStatus, OutStatus, SettStatus } from '@cc/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Withdrawals are the cash-out rows paid to a bank card (1) or Alipay (2); wallet purchases have no payee kind. */
const WITHDRAWAL_KINDS = ['1', '2'];
/** Withdrawal states whose amount is still held in the wallet: submitted, agreed, payout under way. */
const HELD_STATES = [OutStatus.Pending, OutStatus.Agreed, OutStatus.Waiting];

export type SumsByAgent = Map<number, number>;

const byAgent = (rows: { agent_id: number; total: number | string | null }[]): SumsByAgent =>
  new Map(rows.map((r) => [Number(r.agent_id), Number(r.total ?? 0)]));

/** Ledger rows whose idempotency key starts with `prefix` (no LIKE, so `_` and `%` in keys mean themselves). */
const keyStartsWith = (prefix: string) =>
  sql<boolean>`substr(idempotency_key, 1, ${sql.lit(prefix.length)}) = ${sql.lit(prefix)}`;

export class ReconciliationRepository {
  constructor(private readonly db: Db) {}

  wallets() {
    return this.db.selectFrom('wallet_accounts').select(['agent_id', 'balance_fen', 'held_fen', 'debt_fen']).execute();
  }

  async walletLedger(prefix?: string): Promise<SumsByAgent> {
    let query = this.db
      .selectFrom('wallet_ledger')
      .select(['agent_id', sql<number>`sum(amount_fen)`.as('total')])
      .groupBy('agent_id');
    if (prefix !== undefined) query = query.where(keyStartsWith(prefix));
    return byAgent(await query.execute());
  }

  async withdrawals(states: readonly OutStatus[]): Promise<SumsByAgent> {
    const rows = await this.db
      .selectFrom('cash_outs')
      .select(['agent_id', sql<number>`sum(amount_fen)`.as('total')])
      .where('cash_out_to', 'in', WITHDRAWAL_KINDS)
      .where('out_status', 'in', [...states])
      .groupBy('agent_id')
      .execute();
    return byAgent(rows);
  }

  heldWithdrawals(): Promise<SumsByAgent> {
    return this.withdrawals(HELD_STATES);
  }

  completedWithdrawals(): Promise<SumsByAgent> {
    return this.withdrawals([OutStatus.Complete]);
  }

  /** Wallet money set aside for points orders still waiting for their Alipay part. */
  async orderHolds(): Promise<SumsByAgent> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['agent_id', sql<number>`sum(wallet_hold_fen)`.as('total')])
      .where('status', '=', OrderStatus.Pending)
      .groupBy('agent_id')
      .execute();
    return byAgent(rows);
  }

  async settledShares(): Promise<SumsByAgent> {
    const rows = await this.db
      .selectFrom('share_orders')
      .select(['agent_id', sql<number>`sum(share_amount_fen)`.as('total')])
      .where('sett_status', '=', SettStatus.Settled)
      .groupBy('agent_id')
      .execute();
    return byAgent(rows);
  }

  pointAccounts() {
    return this.db.selectFrom('credit_accounts').select(['agent_id', 'total', 'buy', 'gift']).execute();
  }

  async pointLedger(): Promise<SumsByAgent> {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .select(['agent_id', sql<number>`sum(credit)`.as('total')])
      .groupBy('agent_id')
      .execute();
    return byAgent(rows);
  }

  /** Points still unspent in live grants, per creator and kind (2 bought, 3 gifted). */
  async grantRemainders(): Promise<{ agent_id: number; kind: number; total: number }[]> {
    const rows = await this.db
      .selectFrom('credit_grants')
      .select(['agent_id', 'kind', sql<number>`sum(remaining)`.as('total')])
      .groupBy(['agent_id', 'kind'])
      .execute();
    return rows.map((r) => ({ agent_id: Number(r.agent_id), kind: Number(r.kind), total: Number(r.total ?? 0) }));
  }
}
