/** SQL for the points ledger. Every write runs in the caller's transaction, under the agent's lock. */
import type { CreditRecordType } from '@cc/contracts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompile, precompileByShape } from '../../db/precompiled.js';
import type { CreditGrantTable, CreditLedgerTable, Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

export class CreditRepository {
  /* The reads of the points pages, compiled once (`precompiled.ts`): user info and the detail page run them per view. */
  private readonly accountWithDueQuery;
  private readonly recordCountQuery;
  private readonly recordPageQuery;

  constructor(private readonly db: Db) {
    this.accountWithDueQuery = precompile(db, (args: { agentId: number; now: number }) =>
      db
        .selectFrom('credit_accounts')
        .select((eb) => [
          'total',
          'buy',
          'gift',
          eb
            .exists(
              eb
                .selectFrom('credit_grants')
                .select('credit_grants.id')
                .where('credit_grants.agent_id', '=', args.agentId)
                .where('credit_grants.remaining', '>', 0)
                .where('credit_grants.expires_at', '<=', args.now),
            )
            .as('due'),
        ])
        .where('agent_id', '=', args.agentId),
    );
    type RecordArgs = { agentId: number; type?: CreditRecordType | undefined };
    this.recordCountQuery = precompileByShape(db, (args: RecordArgs) =>
      db
        .selectFrom('credit_ledger_counts')
        .select(sql<number>`coalesce(sum(row_count), 0)`.as('n'))
        .where('agent_id', '=', args.agentId)
        .$if(args.type !== undefined, (qb) => qb.where('type', '=', args.type!)),
    );
    this.recordPageQuery = precompileByShape(db, (args: RecordArgs & { limit: number; offset: number }) =>
      db
        .selectFrom('credit_ledger')
        .where('agent_id', '=', args.agentId)
        .$if(args.type !== undefined, (qb) => qb.where('type', '=', args.type!))
        .select(['id', 'type', 'title', 'credit', 'created_at'])
        .orderBy('id', 'desc')
        .limit(args.limit)
        .offset(args.offset),
    );
  }

  async ensureAccount(trx: Trx, agentId: number, now: number): Promise<void> {
    await trx
      .insertInto('credit_accounts')
      .values({ agent_id: agentId, updated_at: now })
      .onConflict((oc) => oc.column('agent_id').doNothing())
      .execute();
  }

  account(agentId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('credit_accounts')
      .select(['total', 'buy', 'gift'])
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
  }

  /** Moves the balances by signed amounts; refuses (returns false) rather than let any of them go below zero. */
  async adjust(trx: Trx, agentId: number, buyDelta: number, giftDelta: number, now: number): Promise<boolean> {
    const total = buyDelta + giftDelta;
    const result = await trx
      .updateTable('credit_accounts')
      .set((eb) => ({
        total: eb('total', '+', total),
        buy: eb('buy', '+', buyDelta),
        gift: eb('gift', '+', giftDelta),
        updated_at: now,
      }))
      .where('agent_id', '=', agentId)
      .where((eb) => eb.and([eb('total', '>=', -total), eb('buy', '>=', -buyDelta), eb('gift', '>=', -giftDelta)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Idempotency keys are the agent's own: two agents may use the same key without meeting. */
  ledgerByKey(agentId: number, key: string, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('credit_ledger')
      .select(['id', 'agent_id', 'type', 'credit'])
      .where('agent_id', '=', agentId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** Writes a ledger row and counts it in the same transaction (the detail page's total reads the count). */
  async insertLedger(trx: Trx, row: Insertable<CreditLedgerTable>): Promise<number> {
    const inserted = await trx.insertInto('credit_ledger').values(row).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('credit_ledger_counts')
      .values({ agent_id: row.agent_id, type: row.type, row_count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'type'])
          .doUpdateSet((eb) => ({ row_count: eb('credit_ledger_counts.row_count', '+', 1) })),
      )
      .execute();
    return Number(inserted.id);
  }

  async insertGrant(trx: Trx, row: Omit<Insertable<CreditGrantTable>, 'remaining'>): Promise<void> {
    await trx
      .insertInto('credit_grants')
      .values({ ...row, remaining: row.amount })
      .execute();
  }

  /** Unexpired grants with points left, the soonest to expire first (spending takes the oldest first). */
  liveGrants(trx: Trx, agentId: number, now: number) {
    return trx
      .selectFrom('credit_grants')
      .select(['id', 'kind', 'remaining'])
      .where('agent_id', '=', agentId)
      .where('remaining', '>', 0)
      .where('expires_at', '>', now)
      .orderBy('expires_at')
      .orderBy('id')
      .execute();
  }

  dueGrants(trx: Trx, agentId: number, now: number) {
    return trx
      .selectFrom('credit_grants')
      .select(['id', 'kind', 'remaining'])
      .where('agent_id', '=', agentId)
      .where('remaining', '>', 0)
      .where('expires_at', '<=', now)
      .orderBy('id')
      .execute();
  }

  /**
   * The balances and whether any grant is due to expire, in one read (what `totals` needs before it may answer
   * without a transaction); undefined when the creator has no balance row yet.
   */
  accountWithDue(agentId: number, now: number) {
    return this.accountWithDueQuery.first({ agentId, now });
  }

  async changeGrantRemaining(trx: Trx, grantId: number, delta: number): Promise<void> {
    await trx
      .updateTable('credit_grants')
      .set((eb) => ({ remaining: eb('remaining', '+', delta) }))
      .where('id', '=', grantId)
      .execute();
  }

  async insertAllocations(trx: Trx, rows: { ledger_id: number; grant_id: number; amount: number }[]): Promise<void> {
    if (rows.length) await trx.insertInto('credit_allocations').values(rows).execute();
  }

  allocationsOf(trx: Trx, ledgerId: number) {
    return trx
      .selectFrom('credit_allocations')
      .innerJoin('credit_grants', 'credit_grants.id', 'credit_allocations.grant_id')
      .select([
        'credit_allocations.grant_id',
        'credit_allocations.amount',
        'credit_grants.kind',
        'credit_grants.expires_at',
      ])
      .where('credit_allocations.ledger_id', '=', ledgerId)
      .execute();
  }

  /** Points given back per grant by the ledger rows whose keys start with `prefix` (the refunds of a spend's parts). */
  async returnedByPartRefunds(trx: Trx, agentId: number, prefix: string): Promise<Map<number, number>> {
    const rows = await trx
      .selectFrom('credit_allocations')
      .innerJoin('credit_ledger', 'credit_ledger.id', 'credit_allocations.ledger_id')
      .select(['credit_allocations.grant_id', sql<number>`sum(credit_allocations.amount)`.as('amount')])
      .where('credit_ledger.agent_id', '=', agentId)
      // No LIKE: `_` and `%` in keys mean themselves.
      .where(sql<boolean>`substr(credit_ledger.idempotency_key, 1, ${prefix.length}) = ${prefix}`)
      .groupBy('credit_allocations.grant_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.grant_id), Number(row.amount)]));
  }

  /** A page of the creator's ledger, newest first, and how many rows match (from the kept counts). */
  async records(agentId: number, type: CreditRecordType | undefined, limit: number, offset: number) {
    const [total, rows] = await Promise.all([
      this.recordCountQuery.first({ agentId, type }),
      this.recordPageQuery.rows({ agentId, type, limit, offset }),
    ]);
    return { rows, total: Number(total!.n) };
  }

  freeClaim(agentId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('free_point_claims')
      .select('ledger_id')
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
  }

  async insertFreeClaim(trx: Trx, agentId: number, ledgerId: number, now: number): Promise<void> {
    await trx
      .insertInto('free_point_claims')
      .values({ agent_id: agentId, ledger_id: ledgerId, created_at: now })
      .execute();
  }
}
