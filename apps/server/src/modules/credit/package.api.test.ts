import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';

describe(`points packages and countdown (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  const list = async () => (await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/list' })).json.body;

  it('lists purchasable packages with every field the points list shows', async () => {
    const packages = await list();
    expect(packages.map((p: { id: number }) => p.id)).toEqual([1, 7, 3, 4, 5]);
    expect(packages[1]).toEqual({
      id: 7,
      name: '进阶包',
      type: 1,
      status: 1,
      price: '30.00',
      discount: 100,
      discount_price: null,
      credit: 300,
      gift_credit: 150,
      start_at: null,
      end_at: null,
      description: '最多人购买，赠送 150 积分',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(packages[3]).toMatchObject({ price: '100.00', discount: 80, discount_price: '80.00' });
  });

  it('offers the retention package separately from the list', async () => {
    const { json } = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/retention' });
    expect(json.body.offer).toMatchObject({ id: 6, type: 2, price: '30.00', discount: 60, discount_price: '18.00' });
  });

  it('hides packages that are off or outside their sale window', async () => {
    const now = ctx.clock.now();
    await ctx.database.db.updateTable('credit_packages').set({ status: 0 }).where('id', '=', 5).execute();
    await ctx.database.db
      .updateTable('credit_packages')
      .set({ end_at: now - 1 })
      .where('id', '=', 4)
      .execute();
    await ctx.database.db
      .updateTable('credit_packages')
      .set({ start_at: now + 1000 })
      .where('id', '=', 3)
      .execute();
    expect((await list()).map((p: { id: number }) => p.id)).toEqual([1, 7]);
    ctx.clock.advance(1000);
    expect((await list()).map((p: { id: number }) => p.id)).toEqual([1, 7, 3]);
  });

  it('counts down the running promotion in seconds, and 0 after it', async () => {
    const countdown = async () => (await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/countdown' })).json.body;
    const { gear_position } = await countdown();
    expect(gear_position).toBeGreaterThan(19 * 24 * 3600);
    ctx.clock.advance(gear_position * 1000 - 5000);
    expect((await countdown()).gear_position).toBe(5);
    ctx.clock.advance(5000);
    expect((await countdown()).gear_position).toBe(0);
  });

  it('seeding twice keeps one of each, and new packages get fresh ids', async () => {
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
    const now = ctx.clock.now();
    const inserted = await ctx.database.db
      .insertInto('credit_packages')
      .values({
        name: '新套餐',
        type: 1,
        status: 1,
        price_fen: 990,
        discount: 100,
        discount_price_fen: null,
        credit: 99,
        gift_credit: 0,
        start_at: null,
        end_at: null,
        description: '',
        sort: 9,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(7);
  });
});
