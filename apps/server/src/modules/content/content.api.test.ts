import fs from 'node:fs';
import path from 'node:path';
import { ListingStatus } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { DEMO_SERIALS } from '../../demo/demo-catalogue.js';
import { seedDemoData } from '../../demo/demo-seed.js';

describe(`demo seed and content (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SUPPORT_WECHAT_ID: ' cc-kefu-7x24 ' });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterAll(() => ctx.close());

  const count = async (table: 'apps' | 'serials' | 'tasks' | 'banners' | 'posters' | 'templates') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds a living catalogue: apps, dramas and novels with tasks of both types', async () => {
    expect(await count('apps')).toBeGreaterThanOrEqual(3);
    expect(await count('serials')).toBe(DEMO_SERIALS.length);
    const types = await ctx.database.db.selectFrom('tasks').select('task_type').distinct().execute();
    expect(types.map((t) => t.task_type).sort()).toEqual([1, 2]);
    expect(await count('banners')).toBeGreaterThanOrEqual(3);
    expect(await count('templates')).toBeGreaterThanOrEqual(3);
  });

  /** Every row of the tables the seed fills, in id order. */
  const catalogue = async () => {
    const db = ctx.database.db;
    return {
      apps: await db.selectFrom('apps').selectAll().orderBy('id').execute(),
      serials: await db.selectFrom('serials').selectAll().orderBy('id').execute(),
      tasks: await db.selectFrom('tasks').selectAll().orderBy('id').execute(),
      episodes: await db.selectFrom('episodes').selectAll().orderBy('id').execute(),
      banners: await db.selectFrom('banners').selectAll().orderBy('id').execute(),
      posters: await db.selectFrom('posters').selectAll().orderBy('id').execute(),
      templates: await db.selectFrom('templates').selectAll().orderBy('id').execute(),
      packages: await db.selectFrom('credit_packages').selectAll().orderBy('id').execute(),
      promotions: await db.selectFrom('credit_promotions').selectAll().orderBy('id').execute(),
    };
  };

  it('is idempotent: a later second run changes no row, and keeps what an operator changed', async () => {
    await ctx.database.db.updateTable('tasks').set({ share_rate_bp: 8000 }).where('id', '=', 1).execute();
    await ctx.database.db.updateTable('posters').set({ description: '工作日 9:00-18:00' }).execute();
    const before = await catalogue();
    ctx.clock.advance(3_600_000);
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
    expect(await catalogue()).toEqual(before);
    expect(before.tasks[0]!.share_rate_bp).toBe(8000);
    expect(before.posters[0]!.description).toBe('工作日 9:00-18:00');
    // Nor did it draw ids: the next app listed takes the one after the last.
    const next = await ctx.services.content.ensureApp({
      name: '待上架应用',
      icon_url: '',
      platform: 'all',
      landing_url: '',
      deep_link_pattern: '',
      sort: 9,
      status: ListingStatus.Off,
    });
    expect(next).toBe(before.apps.at(-1)!.id + 1);
  });

  it('writes covers that the server serves', async () => {
    const serial = await ctx.database.db.selectFrom('serials').select('cover_url').executeTakeFirstOrThrow();
    const file = path.join(ctx.config.mediaDir, serial.cover_url.replace('/media/', ''));
    expect(fs.readFileSync(file, 'utf8')).toContain('<svg');
    const response = await ctx.app.inject(serial.cover_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the support poster with a QR image', async () => {
    const { json } = await call(ctx.app, { method: 'GET', url: '/agent/v1/program/poster' });
    // The WeChat ID a phone copies instead of scanning its own screen, from SUPPORT_WECHAT_ID.
    expect(json).toMatchObject({ code: 0, body: { title: '团队入驻&客服咨询', wechat_id: 'cc-kefu-7x24' } });
    const image = await ctx.app.inject(json.body.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('<svg');
  });

  it('lists help topics in order', async () => {
    const { json } = await call(ctx.app, { method: 'GET', url: '/agent/v1/template/list' });
    expect(json.body.map((t: { title: string }) => t.title)).toEqual(['新手入门', '推广规范', '积分说明']);
  });

  it('serves help templates as markdown by id, and a clear message for a missing one', async () => {
    const first = await ctx.database.db.selectFrom('templates').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { json } = await call(ctx.app, { method: 'GET', url: `/agent/v1/template/${first.id}` });
    expect(json.code).toBe(0);
    expect(json.body.content).toContain('# 新手入门');
    expect((await call(ctx.app, { method: 'GET', url: '/agent/v1/template/99999' })).json.msg).toBe('帮助内容不存在');
    expect((await call(ctx.app, { method: 'GET', url: '/agent/v1/template/abc' })).json.msg).toBe('模板编号不正确');
  });

  it('answers a banner platform past what its column holds with a 400 in Chinese (a 500 on PostgreSQL before)', async () => {
    for (const platform of ['-9007199254740991', '9007199254740991', '2147483648', '-1']) {
      const { status, json } = await call(ctx.app, { method: 'GET', url: `/agent/v1/banner/map?platform=${platform}` });
      expect(status).toBe(400);
      expect(json).toEqual({ code: 40000, msg: '平台参数不正确', body: null });
    }
    const banners = await call(ctx.app, { method: 'GET', url: '/agent/v1/banner/map?platform=1' });
    expect(banners.json.body.length).toBeGreaterThanOrEqual(3);
  });
});
