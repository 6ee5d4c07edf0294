import { ErrorCode, RETENTION_OFFER_SECONDS } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';

const RETENTION_PACKAGE_ID = 6;

describe(`retention offer enforced by the server (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  const newToken = async (): Promise<string> => (await loginAs(ctx, nextPhone())).json.body.access_token;
  const claim = (token?: string) => call(ctx.app, { url: '/agent/v1/credit/retention/claim', token });
  const create = (token: string, proId: number) =>
    call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: proId, quantity: 1 } });
  const offersOf = (agentToken: string) =>
    call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: agentToken }).then(({ json }) =>
      ctx.database.db
        .selectFrom('retention_offers')
        .selectAll()
        .where('agent_id', '=', json.body.agent_id as number)
        .execute(),
    );

  it('needs a logged-in creator to issue an offer', async () => {
    const { status, json } = await claim();
    expect(status).toBe(401);
    expect(json.code).toBe(ErrorCode.unauthorized);
  });

  it('sells the discounted package within the 59:59 issued by the server, then refuses it', async () => {
    const token = await newToken();
    const issuedAt = ctx.clock.now();
    const first = (await claim(token)).json;
    expect(first.code).toBe(0);
    expect(first.body.offer).toMatchObject({ id: RETENTION_PACKAGE_ID, type: 2, discount_price: '18.00' });
    expect(first.body.server_time).toBe(new Date(issuedAt).toISOString());
    expect(first.body.ends_at).toBe(new Date(issuedAt + RETENTION_OFFER_SECONDS * 1000).toISOString());

    // Claiming again (reopening the shop) keeps the first deadline instead of restarting the countdown.
    ctx.clock.advance(10 * 60_000);
    const again = (await claim(token)).json.body;
    expect(again.ends_at).toBe(first.body.ends_at);
    expect(again.server_time).toBe(new Date(ctx.clock.now()).toISOString());

    const bought = (await create(token, RETENTION_PACKAGE_ID)).json;
    expect(bought.code).toBe(0);
    expect(bought.body).toMatchObject({ price: '18.00', credit: expect.any(Number) });

    ctx.clock.set(issuedAt + RETENTION_OFFER_SECONDS * 1000);
    const late = (await create(token, RETENTION_PACKAGE_ID)).json;
    expect(late).toMatchObject({ code: ErrorCode.retentionOfferExpired, msg: '限时优惠已结束，请选择其他套餐' });
    // Once run out the offer is not issued again, and the ordinary packages still sell.
    expect((await claim(token)).json.body).toMatchObject({ offer: null, ends_at: null });
    expect((await offersOf(token)).length).toBe(1);
    expect((await create(token, 7)).json.code).toBe(0);
  });

  it('refuses the discounted package to a creator who was never issued the offer', async () => {
    const token = await newToken();
    const { json } = await create(token, RETENTION_PACKAGE_ID);
    expect(json).toMatchObject({ code: ErrorCode.retentionOfferMissing, msg: '您暂无该限时优惠，请选择其他套餐' });
    expect(await offersOf(token)).toEqual([]);
  });

  it('issues one offer when several claims arrive at once', async () => {
    const token = await newToken();
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(token)));
    expect(answers.map(({ json }) => json.code)).toEqual(Array(8).fill(0));
    expect(new Set(answers.map(({ json }) => json.body.ends_at)).size).toBe(1);
    expect((await offersOf(token)).length).toBe(1);
  });

  it('offers nothing when no retention package is on sale', async () => {
    await ctx.database.db
      .updateTable('credit_packages')
      .set({ status: 0 })
      .where('id', '=', RETENTION_PACKAGE_ID)
      .execute();
    const token = await newToken();
    expect((await claim(token)).json.body).toMatchObject({ offer: null, ends_at: null });
    expect((await create(token, RETENTION_PACKAGE_ID)).json.code).toBe(ErrorCode.packageUnavailable);
  });
});
