/**
 * The wallet's reconciliation, checked after every money test: for each wallet, the ledger sums to balance − debt,
 * and the held money is exactly the holds of live withdrawals (已提交, 已同意, 打款中) plus those of orders still
 * waiting for their scan (combo payments).
 */
import { OrderStatus, OutStatus } from '@cc/contracts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestContext } from './test-app.js';

const LIVE = [OutStatus.Pending, OutStatus.Agreed, OutStatus.Waiting];

export async function expectBooksBalanced(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  const live = sql.join(LIVE.map((s) => sql.lit(s)));
  const rows = await db
    .selectFrom('wallet_accounts as w')
    .select([
      'w.agent_id',
      'w.balance_fen',
      'w.held_fen',
      'w.debt_fen',
      sql<number>`coalesce((select sum(l.amount_fen) from wallet_ledger l where l.agent_id = w.agent_id), 0)`.as(
        'ledger',
      ),
      sql<number>`coalesce((select sum(c.amount_fen) from cash_outs c where c.agent_id = w.agent_id
        and c.cash_out_to in ('1', '2') and c.out_status in (${live})), 0)`.as('withdrawals'),
      sql<number>`coalesce((select sum(o.wallet_hold_fen) from orders o where o.agent_id = w.agent_id
        and o.status = ${sql.lit(OrderStatus.Pending)}), 0)`.as('orders'),
    ])
    .execute();
  const wrong = rows.filter(
    (r) =>
      Number(r.ledger) !== Number(r.balance_fen) - Number(r.debt_fen) ||
      Number(r.held_fen) !== Number(r.withdrawals) + Number(r.orders) ||
      Number(r.balance_fen) < 0 ||
      Number(r.held_fen) < 0,
  );
  expect(wrong).toEqual([]);
}
