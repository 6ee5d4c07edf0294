/**
 * Due shares written straight into a database, for the settlement crash test and the settlement bench: `agents`
 * creators, `shares` rows spread over them, each worth `fen(i)`, all due before `now`; and the settlement
 * reconciliation the income tests check after their flows.
 */
import { OrderType, SettStatus, ShareType } from '@cc/contracts';
import type { Db } from '../src/db/database.js';
import type { NewAgent } from '../src/db/schema.js';
import { rebuildShareRollup } from '../src/modules/settlement/share-rollup.js';

/** An agent row as registration writes it, with empty profile fields: for fixtures that write agents directly. */
export function agentRow(
  row: Pick<NewAgent, 'phone' | 'invite_code' | 'nickname' | 'created_at'> & Partial<NewAgent>,
): NewAgent {
  return {
    avatar_url: '',
    real_name: '',
    id_card_number: '',
    alipay_id: '',
    sign_phone: '',
    bank_card_number: '',
    bank_name: '',
    commander_code: '',
    vendor: 'default',
    updated_at: row.created_at,
    ...row,
  };
}

export interface DueShares {
  agentIds: number[];
  /** What each agent is owed, by agent id. */
  owed: Map<number, number>;
  totalFen: number;
}

export async function seedDueShares(
  db: Db,
  options: { agents: number; shares: number; now: number; fen?: (i: number) => number; batch?: number },
): Promise<DueShares> {
  const fen = options.fen ?? ((i: number) => 1 + (i % 997));
  const agentIds: number[] = [];
  for (let a = 0; a < options.agents; a += 1) {
    const row = await db
      .insertInto('agents')
      .values(
        agentRow({
          phone: `1990${String(a).padStart(7, '0')}`,
          invite_code: `S${String(a).padStart(7, '0')}`,
          nickname: `结算测试${a}`,
          created_at: options.now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    agentIds.push(row.id);
  }
  const owed = new Map<number, number>(agentIds.map((id) => [id, 0]));
  let totalFen = 0;
  const batch = options.batch ?? 500;
  for (let start = 0; start < options.shares; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(start + batch, options.shares); i += 1) {
      const agentId = agentIds[i % agentIds.length]!;
      const amount = fen(i);
      owed.set(agentId, owed.get(agentId)! + amount);
      totalFen += amount;
      rows.push({
        order_no: `F${i}`,
        order_id: `f-${i}`,
        agent_id: agentId,
        share_type: ShareType.Mine,
        order_type: OrderType.Recharge,
        order_amount_fen: amount * 2,
        ad_amount_fen: 0,
        share_amount_fen: amount,
        rate_bp: 5000,
        order_at: options.now - 1000,
        expected_sett_at: options.now - 1,
        expected_sett_date: '2026-11-21',
        created_at: options.now,
      });
    }
    await db.insertInto('share_orders').values(rows).execute();
  }
  // Written directly, not through ShareRepository: the income figures kept per day are built from the rows.
  await rebuildShareRollup(db);
  return { agentIds, owed, totalFen };
}

/**
 * The settlement reconciliation: what runs settled (Σ share rows in sett_status 2, refunds negative) and
 * what they credited to wallets (Σ ledger rows `settle:{run}:{agent}`); the two must be equal after any flow.
 */
export async function settledAndCredited(db: Db): Promise<{ settledFen: number; creditedFen: number }> {
  const settled = await db
    .selectFrom('share_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('share_amount_fen'), eb.lit(0)).as('fen'))
    .where('sett_status', '=', SettStatus.Settled)
    .executeTakeFirstOrThrow();
  const credited = await db
    .selectFrom('wallet_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
    .where('idempotency_key', 'like', 'settle:%')
    .executeTakeFirstOrThrow();
  return { settledFen: Number(settled.fen), creditedFen: Number(credited.fen) };
}
