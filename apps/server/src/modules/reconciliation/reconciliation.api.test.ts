import { ErrorCode, OutStatus, SettStatus } from '@cc/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { codeFor, readyCreator, type Creator } from '../../../test/payee-fixtures.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const OPERATOR_TOKEN = 'operator-token-for-reconciliation-tests-0123';

describe(`the books check (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let creator: Creator;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    creator = await readyCreator(ctx, 50_000);
    const code = await codeFor(ctx, creator, 3);
    const applied = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      body: { amount: '100.00', cash_out_to: 1, code },
    });
    const id = applied.json.body.id as number;
    await call(ctx.app, { url: `/ops/v1/withdrawals/${id}/approve`, token: OPERATOR_TOKEN, body: {} });
    await call(ctx.app, { url: `/ops/v1/withdrawals/${id}/pay`, token: OPERATOR_TOKEN, body: { offline: true } });
    const second = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      body: { amount: '50.00', cash_out_to: 1, code: await codeFor(ctx, creator, 3) },
    });
    expect(second.json.code).toBe(0);
  });
  afterAll(() => ctx.close());

  const report = async () =>
    (await call(ctx.app, { method: 'GET', url: '/ops/v1/reconciliation', token: OPERATOR_TOKEN })).json;

  /** Commits `tamper`, reads the books check, then commits `restore`: the discrepancies seen meanwhile. */
  async function whileTampered(tamper: string[], restore: string[]) {
    for (const statement of tamper) await sql.raw(statement).execute(ctx.database.db);
    try {
      return (await report()).body.discrepancies as { check: string; agent_id: number }[];
    } finally {
      for (const statement of restore) await sql.raw(statement).execute(ctx.database.db);
    }
  }

  it('answers operators only', async () => {
    const anonymous = await call(ctx.app, { method: 'GET', url: '/ops/v1/reconciliation' });
    expect(anonymous.json.code).toBe(ErrorCode.operatorUnauthorized);
    const creatorCall = await call(ctx.app, { method: 'GET', url: '/ops/v1/reconciliation', token: creator.token });
    expect(creatorCall.json.code).toBe(ErrorCode.operatorUnauthorized);
  });

  it('finds balanced books balanced, with the totals', async () => {
    const body = (await report()).body;
    expect(body).toMatchObject({
      balanced: true,
      discrepancies: [],
      totals: { balance: '400.00', held: '50.00', debt: '0.00', withdrawn: '100.00', settled: '0.00' },
    });
    expect(body.agents).toBeGreaterThanOrEqual(1);
    await expectBooksBalanced(ctx);
  });

  it('names a balance that moved without a ledger row', async () => {
    const id = creator.agentId;
    const found = await whileTampered(
      [`update wallet_accounts set balance_fen = balance_fen + 1 where agent_id = ${id}`],
      [`update wallet_accounts set balance_fen = balance_fen - 1 where agent_id = ${id}`],
    );
    expect(found).toEqual([expect.objectContaining({ check: 'wallet_ledger', agent_id: id })]);
  });

  it('names a hold that no live withdrawal or order explains', async () => {
    const id = creator.agentId;
    const found = await whileTampered(
      [`update wallet_accounts set held_fen = held_fen + 100 where agent_id = ${id}`],
      [`update wallet_accounts set held_fen = held_fen - 100 where agent_id = ${id}`],
    );
    expect(found).toEqual([expect.objectContaining({ check: 'wallet_held', agent_id: id })]);
  });

  it('names a completed withdrawal without its debit, and a debit paid twice', async () => {
    const id = creator.agentId;
    // The held 50.00 marked complete without its debit: the hold and the debits both disagree.
    const pending = `agent_id = ${id} and out_status = ${OutStatus.Pending}`;
    const found = await whileTampered(
      [`update cash_outs set out_status = ${OutStatus.Complete}, reason = 'books-test' where ${pending}`],
      [`update cash_outs set out_status = ${OutStatus.Pending}, reason = '' where reason = 'books-test'`],
    );
    expect(found.map((d) => d.check).sort()).toEqual(['wallet_held', 'withdrawal_debits']);
    // A second debit of the paid withdrawal: the ledger and the debits disagree.
    const twice = await whileTampered(
      [
        `insert into wallet_ledger (agent_id, title, amount_fen, idempotency_key, created_at)
         values (${id}, '提现', -10000, 'cash_out:books-test', 0)`,
      ],
      [`delete from wallet_ledger where idempotency_key = 'cash_out:books-test'`],
    );
    expect(twice.map((d) => d.check).sort()).toEqual(['wallet_ledger', 'withdrawal_debits']);
  });

  it('names settled shares the wallet never received', async () => {
    const id = creator.agentId;
    const found = await whileTampered(
      [
        `insert into share_orders (order_no, agent_id, order_amount_fen, ad_amount_fen, share_amount_fen, sett_status, order_at, created_at)
         values ('books-test', ${id}, 1000, 0, 100, ${SettStatus.Settled}, 0, 0)`,
      ],
      [`delete from share_orders where order_no = 'books-test'`],
    );
    expect(found).toEqual([expect.objectContaining({ check: 'settlement_credits', agent_id: id })]);
  });

  it('names points that are not in the points ledger', async () => {
    const id = creator.agentId;
    await sql
      .raw(`insert into credit_accounts (agent_id, total, buy, gift, updated_at) values (${id}, 0, 0, 0, 0)`)
      .execute(ctx.database.db)
      .catch(() => undefined);
    const found = await whileTampered(
      [`update credit_accounts set total = total + 5, gift = gift + 5 where agent_id = ${id}`],
      [`update credit_accounts set total = total - 5, gift = gift - 5 where agent_id = ${id}`],
    );
    expect(found.map((d) => d.check).sort()).toEqual(['points_grants', 'points_ledger']);
    await expectBooksBalanced(ctx);
  });
});
