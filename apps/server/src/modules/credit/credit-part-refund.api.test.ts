/**
 * Giving back part of a spend (a de-dup output that missed its goal): once per part, never more than the
 * spend, replays and concurrent calls give once, and a later whole refund gives only the rest.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { CreditRepository } from './credit.repository.js';
import { CreditService } from './credit.service.js';

const DAY = 24 * 60 * 60_000;

describe(`points given back in parts (${testDatabaseKind})`, () => {
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
    return info.json.body.agent_id as number;
  }

  const total = async (agentId: number) => (await credits.totals(agentId)).total;

  it('gives a part back once, however often and however concurrently it is asked', async () => {
    const agentId = await newAgent();
    await credits.grant(agentId, { kind: 2, amount: 100, title: '测试购买', key: `buy-${agentId}` });
    await credits.spendPoints(agentId, 30, `job-${agentId}`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => credits.refundPointsPart(agentId, `job-${agentId}`, 'output:0', 10, '未达标')),
    );
    expect(answers).toEqual(Array(8).fill(10));
    expect(await total(agentId)).toBe(80);
    expect(await credits.refundPointsPart(agentId, `job-${agentId}`, 'output:0', 10, '未达标')).toBe(10);
    expect(await total(agentId)).toBe(80);
  });

  it('never gives back more than was spent, and a whole refund after parts gives only the rest', async () => {
    const agentId = await newAgent();
    await credits.grant(agentId, { kind: 3, amount: 20, title: '测试赠送', key: `gift-${agentId}` });
    await credits.grant(agentId, { kind: 2, amount: 20, title: '测试购买', key: `buy-${agentId}` });
    const key = `job-${agentId}`;
    await credits.spendPoints(agentId, 30, key);
    expect(await credits.refundPointsPart(agentId, key, 'output:0', 12, '未达标')).toBe(12);
    expect(await credits.refundPointsPart(agentId, key, 'output:1', 12, '未达标')).toBe(12);
    expect(await credits.refundPointsPart(agentId, key, 'output:2', 12, '未达标')).toBe(6);
    expect(await credits.refundPointsPart(agentId, key, 'output:3', 12, '未达标')).toBe(0);
    expect(await total(agentId)).toBe(40);
    expect(await credits.refundPoints(agentId, key)).toBe(true);
    expect(await total(agentId)).toBe(40);
  });

  it('a whole refund after one part gives back the remainder to the grants it came from', async () => {
    const agentId = await newAgent();
    await credits.grant(agentId, { kind: 3, amount: 10, title: '测试赠送', key: `gift-${agentId}` });
    await credits.grant(agentId, { kind: 2, amount: 50, title: '测试购买', key: `buy-${agentId}` });
    const key = `job-${agentId}`;
    await credits.spendPoints(agentId, 25, key);
    await credits.refundPointsPart(agentId, key, 'output:0', 5, '未达标');
    // Spent: the 10 gifted, then 15 bought; a part comes back from the last taken first.
    expect(await credits.totals(agentId)).toEqual({ total: 40, buy: 40, gift: 0 });
    await credits.refundPoints(agentId, key);
    expect(await credits.totals(agentId)).toEqual({ total: 60, buy: 50, gift: 10 });
    // Nothing to give once the whole spend came back.
    expect(await credits.refundPointsPart(agentId, key, 'output:1', 5, '未达标')).toBe(0);
    expect(await total(agentId)).toBe(60);
  });

  it('gives back points whose grant expired meanwhile as a fresh grant', async () => {
    const agentId = await newAgent();
    await credits.grant(agentId, { kind: 2, amount: 10, title: '测试购买', key: `buy-${agentId}` });
    await credits.spendPoints(agentId, 10, `job-${agentId}`);
    ctx.clock.advance(366 * DAY);
    expect(await credits.refundPointsPart(agentId, `job-${agentId}`, 'output:0', 4, '未达标')).toBe(4);
    expect(await credits.totals(agentId)).toEqual({ total: 4, buy: 4, gift: 0 });
  });

  it('gives nothing for a key that was never spent', async () => {
    const agentId = await newAgent();
    expect(await credits.refundPointsPart(agentId, `none-${agentId}`, 'output:0', 4, '未达标')).toBe(0);
    expect(await total(agentId)).toBe(0);
  });
});
