import { ErrorCode } from '@cc/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { AppError } from '../../errors.js';
import { CreditRepository } from './credit.repository.js';
import { CreditService } from './credit.service.js';

const DAY = 24 * 60 * 60_000;

describe(`points ledger (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let credits: CreditService;

  beforeAll(async () => {
    ctx = await createTestApp();
    credits = new CreditService(ctx.database, new CreditRepository(ctx.database.db), ctx.clock);
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  async function newAgent() {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });
    return { token, agentId: info.json.body.agent_id as number };
  }

  /** The ledger, the grants and the balance row must always tell the same story. */
  async function expectConsistent(agentId: number) {
    const db = ctx.database.db;
    // Reading the totals first lets the expiry sweep write what is due.
    const totals = await credits.totals(agentId);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<number>('credit').as('sum'))
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    const grants = await db
      .selectFrom('credit_grants')
      .select((eb) => eb.fn.sum<number>('remaining').as('sum'))
      .where('agent_id', '=', agentId)
      .where('expires_at', '>', ctx.clock.now())
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum ?? 0)).toBe(totals.total);
    expect(Number(grants.sum ?? 0)).toBe(totals.total);
    expect(totals.buy + totals.gift).toBe(totals.total);
    return totals;
  }

  it('200 concurrent spends against a balance of 100 never go below zero', async () => {
    const { agentId } = await newAgent();
    await credits.grant(agentId, { kind: 3, amount: 100, title: '测试赠送', key: `t-grant-${agentId}` });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => credits.spendPoints(agentId, 1, `t-spend-${agentId}-${i}`)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.message).toBe('您账户上积分余额不足，请充值后重试');
    }
    expect(await expectConsistent(agentId)).toEqual({ total: 0, buy: 0, gift: 0 });
  });

  it('concurrent bigger spends never overdraw either', async () => {
    const { agentId } = await newAgent();
    await credits.grant(agentId, { kind: 2, amount: 100, title: '购买', key: `t-buy-${agentId}` });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => credits.spendPoints(agentId, 7, `t-big-${agentId}-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(14);
    expect(await expectConsistent(agentId)).toEqual({ total: 2, buy: 2, gift: 0 });
  });

  it('the same key never spends or grants twice', async () => {
    const { agentId } = await newAgent();
    await Promise.all(
      [1, 2, 3].map(() => credits.grant(agentId, { kind: 3, amount: 50, title: '赠送', key: `t-once-${agentId}` })),
    );
    expect((await credits.totals(agentId)).total).toBe(50);
    const spends = await Promise.all([1, 2, 3].map(() => credits.spendPoints(agentId, 20, `t-job-${agentId}`)));
    expect(new Set(spends.map((s) => s.ledgerId)).size).toBe(1);
    expect(await expectConsistent(agentId)).toEqual({ total: 30, buy: 0, gift: 30 });
  });

  it('spends the grants that expire first, and expiry writes its own rows', async () => {
    const { agentId } = await newAgent();
    await credits.grant(agentId, { kind: 3, amount: 100, title: '赠送', key: `t-old-${agentId}` });
    ctx.clock.advance(100 * DAY);
    await credits.grant(agentId, { kind: 2, amount: 300, title: '购买', key: `t-new-${agentId}` });
    await credits.spendPoints(agentId, 80, `t-use-${agentId}`);
    expect(await expectConsistent(agentId)).toEqual({ total: 320, buy: 300, gift: 20 });

    ctx.clock.advance(266 * DAY);
    expect(await expectConsistent(agentId)).toEqual({ total: 300, buy: 300, gift: 0 });
    const records = await ctx.database.db
      .selectFrom('credit_ledger')
      .select(['type', 'title', 'credit'])
      .where('agent_id', '=', agentId)
      .orderBy('id')
      .execute();
    expect(records.at(-1)).toEqual({ type: 3, title: '积分到期失效', credit: -20 });

    await credits.spendPoints(agentId, 10, `t-use2-${agentId}`);
    ctx.clock.advance(100 * DAY);
    expect(await expectConsistent(agentId)).toEqual({ total: 0, buy: 0, gift: 0 });
    await expect(credits.spendPoints(agentId, 1, `t-none-${agentId}`)).rejects.toThrow(
      '您账户上积分余额不足，请充值后重试',
    );
  });

  it('refunds a spend to the grants it came from, once', async () => {
    const { agentId } = await newAgent();
    await credits.grant(agentId, { kind: 3, amount: 30, title: '赠送', key: `t-g-${agentId}` });
    await credits.grant(agentId, { kind: 2, amount: 100, title: '购买', key: `t-b-${agentId}` });
    await credits.spendPoints(agentId, 50, `t-job-r-${agentId}`, 'AI混剪');
    expect(await expectConsistent(agentId)).toEqual({ total: 80, buy: 80, gift: 0 });
    expect(await credits.refundPoints(agentId, `t-job-r-${agentId}`, '退还：AI混剪失败')).toBe(true);
    await credits.refundPoints(agentId, `t-job-r-${agentId}`);
    expect(await expectConsistent(agentId)).toEqual({ total: 130, buy: 100, gift: 30 });
    expect(await credits.refundPoints(agentId, 'no-such-spend')).toBe(false);
  });

  it('keeps idempotency keys per agent: another agent reusing a key is charged, a replay must match', async () => {
    const first = await newAgent();
    const second = await newAgent();
    for (const { agentId } of [first, second]) {
      await credits.grant(agentId, { kind: 3, amount: 100, title: '赠送', key: 'shared-grant-key' });
    }
    const a = await credits.spendPoints(first.agentId, 30, 'job-42');
    const b = await credits.spendPoints(second.agentId, 30, 'job-42');
    expect(b.ledgerId).not.toBe(a.ledgerId);
    expect((await expectConsistent(first.agentId)).total).toBe(70);
    expect((await expectConsistent(second.agentId)).total).toBe(70);

    expect((await credits.spendPoints(first.agentId, 30, 'job-42')).ledgerId).toBe(a.ledgerId);
    const conflict = await credits.spendPoints(first.agentId, 31, 'job-42').catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(AppError);
    expect((conflict as AppError).code).toBe(ErrorCode.idempotencyConflict);
    expect((await expectConsistent(first.agentId)).total).toBe(70);

    // A refund is the agent's own too: the second agent cannot give back the first one's spend.
    expect(await credits.refundPoints(second.agentId, 'job-42')).toBe(true);
    expect((await expectConsistent(first.agentId)).total).toBe(70);
    expect((await expectConsistent(second.agentId)).total).toBe(100);
  });

  it('refunds points whose grant expired meanwhile as a fresh grant valid for a year, and expiry never repeats', async () => {
    const { agentId } = await newAgent();
    await credits.grant(agentId, { kind: 3, amount: 40, title: '赠送', key: `t-x-gift-${agentId}` });
    ctx.clock.advance(200 * DAY);
    await credits.grant(agentId, { kind: 2, amount: 100, title: '购买', key: `t-x-buy-${agentId}` });
    // 40 from the gift (expires in 165 days), 20 from the purchase.
    await credits.spendPoints(agentId, 60, `t-x-job-${agentId}`);
    ctx.clock.advance(170 * DAY);
    expect(await expectConsistent(agentId)).toEqual({ total: 80, buy: 80, gift: 0 });

    expect(await credits.refundPoints(agentId, `t-x-job-${agentId}`, '退还：任务失败')).toBe(true);
    expect(await credits.refundPoints(agentId, `t-x-job-${agentId}`)).toBe(true);
    expect(await expectConsistent(agentId)).toEqual({ total: 140, buy: 100, gift: 40 });

    // The returned gift points live a full year from the refund; the purchase keeps its own expiry.
    ctx.clock.advance(200 * DAY);
    expect(await expectConsistent(agentId)).toEqual({ total: 40, buy: 0, gift: 40 });
    ctx.clock.advance(170 * DAY);
    expect(await expectConsistent(agentId)).toEqual({ total: 0, buy: 0, gift: 0 });
    const expiries = await ctx.database.db
      .selectFrom('credit_ledger')
      .select('idempotency_key')
      .where('agent_id', '=', agentId)
      .where('title', '=', '积分到期失效')
      .execute();
    expect(new Set(expiries.map((e) => e.idempotency_key)).size).toBe(expiries.length);
  });

  it('never lets the balance row go negative, even when asked directly', async () => {
    const { agentId } = await newAgent();
    await expect(
      sql`update credit_accounts set total = total - 1, gift = gift - 1 where agent_id = ${agentId}`.execute(
        ctx.database.db,
      ),
    ).rejects.toThrow();
  });

  describe('API', () => {
    it('credit/total and user info agree with the ledger', async () => {
      const { agentId, token } = await newAgent();
      await credits.grant(agentId, { kind: 2, amount: 300, title: '购买积分', key: `t-api-b-${agentId}` });
      await credits.grant(agentId, { kind: 3, amount: 150, title: '购买赠送', key: `t-api-g-${agentId}` });
      await credits.spendPoints(agentId, 120, `t-api-s-${agentId}`, '影视解说');
      // Both grants expire at the same moment: the one granted first (the purchase) is spent first.
      const total = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/total', token });
      expect(total.json.body).toEqual({ total: 330, buy: 180, gift: 150 });
      const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });
      expect(info.json.body.creditInfo).toEqual({ total: 330, buy: 180, gift: 150 });
    });

    it('credit/detail pages 10 at a time, newest first, filtered by type', async () => {
      const { agentId, token } = await newAgent();
      for (let i = 0; i < 12; i++)
        await credits.grant(agentId, { kind: 3, amount: 10, title: `赠送${i}`, key: `t-d-${agentId}-${i}` });
      await credits.spendPoints(agentId, 5, `t-d-s-${agentId}`, '字幕翻译');
      const first = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/detail?page_num=1', token });
      expect(first.json.body.page).toEqual({ total_count: 13, page_num: 1, page_size: 10 });
      expect(first.json.body.data[0]).toMatchObject({ type: 1, title: '字幕翻译', credit: -5 });
      const costs = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/detail?type=1', token });
      expect(costs.json.body.data).toHaveLength(1);
      expect(costs.json.body.page.total_count).toBe(1);
      const gifts = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/detail?type=3&page_num=2', token });
      expect(gifts.json.body.data).toHaveLength(2);
      expect(gifts.json.body.page.total_count).toBe(12);
      // The totals come from counts kept with the rows: they agree with counting the ledger itself.
      const counted = await ctx.database.db
        .selectFrom('credit_ledger')
        .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('agent_id', '=', agentId)
        .groupBy('type')
        .orderBy('type')
        .execute();
      const kept = await ctx.database.db
        .selectFrom('credit_ledger_counts')
        .select(['type', 'row_count as n'])
        .where('agent_id', '=', agentId)
        .orderBy('type')
        .execute();
      expect(kept.map((row) => [row.type, Number(row.n)])).toEqual(counted.map((row) => [row.type, Number(row.n)]));
      expect((await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/detail?type=9', token })).json.msg).toBe(
        '记录类型不正确',
      );
    });

    it('the free 100 points: check, claim once (even when clicked many times at once), check again', async () => {
      const { token } = await newAgent();
      const check = () => call(ctx.app, { method: 'GET', url: '/activity/agent/receive/point', token });
      expect((await check()).json.body).toEqual({ status: 0, points: 100 });
      const claims = await Promise.all(
        Array.from({ length: 6 }, () => call(ctx.app, { url: '/activity/receive/fixed/point', token })),
      );
      const ok = claims.filter((c) => c.json.code === 0);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json).toMatchObject({
        msg: '领取成功，100积分已到账',
        body: { status: 100, points: 100, total: 100 },
      });
      expect(claims.filter((c) => c.json.code === ErrorCode.freePointsClaimed)[0]!.json.msg).toBe('您已领取过免费积分');
      expect((await check()).json.body.status).toBe(100);
      expect((await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/total', token })).json.body.total).toBe(100);
      expect((await call(ctx.app, { method: 'GET', url: '/activity/agent/receive/point' })).status).toBe(401);
    });
  });
});
