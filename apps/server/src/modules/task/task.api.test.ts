import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { DEMO_SERIALS } from '../../demo/demo-catalogue.js';
import { seedDemoData } from '../../demo/demo-seed.js';
import { CATALOGUE_CACHE_MS } from './task.service.js';

describe(`task catalogue (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    token = (await loginAs(ctx, nextPhone())).json.body.access_token;
  });
  afterAll(() => ctx.close());

  const page = (query: string, withToken?: string) =>
    call(ctx.app, { method: 'GET', url: `/agent/v1/task/page?${query}`, token: withToken });

  const dramas = DEMO_SERIALS.filter((s) => s.taskType === 1);
  const novels = DEMO_SERIALS.filter((s) => s.taskType === 2);

  it('pages open tasks of a type, newest first, with the card fields', async () => {
    const { json } = await page('task_type=1&page_size=5');
    expect(json.code).toBe(0);
    expect(json.body.page).toEqual({ total_count: dramas.length, page_num: 1, page_size: 5 });
    expect(json.body.data).toHaveLength(5);
    const newest = [...dramas].sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
    expect(json.body.data[0]).toMatchObject({
      serial_name: newest.name,
      task_type: 1,
      share_rate: newest.shareRatePercent,
      total_income: `${newest.incomeYuan}.00`,
      tags: newest.tags,
      received: false,
    });
    const second = await page('task_type=1&page_size=5&page_num=2');
    expect(second.json.body.data).toHaveLength(dramas.length - 5);
    const novelsPage = await page('task_type=2&page_size=50');
    expect(novelsPage.json.body.data.map((t: { serial_name: string }) => t.serial_name).sort()).toEqual(
      novels.map((n) => n.name).sort(),
    );
  });

  it('sorts by income and by share rate', async () => {
    const byIncome = (await page('task_type=1&sort=total_income&page_size=50')).json.body.data;
    const incomes = byIncome.map((t: { total_income: string }) => Number(t.total_income));
    expect(incomes).toEqual([...incomes].sort((a, b) => b - a));
    const byRate = (await page('task_type=1&sort=share_rate&page_size=50')).json.body.data;
    const rates = byRate.map((t: { share_rate: number }) => t.share_rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('filters by app and keyword (name or tag), taking % and _ literally', async () => {
    const apps = (await call(ctx.app, { method: 'GET', url: '/agent/v1/enum?task_type=1' })).json.body.apps;
    expect(apps.map((a: { name: string }) => a.name)).toEqual(['红果短剧', '河马剧场']);
    const hongguo = apps[0].app_id;
    const filtered = (await page(`task_type=1&app_id=${hongguo}&page_size=50`)).json.body.data;
    expect(filtered.length).toBe(dramas.filter((d) => d.app === 'hongguo').length);
    expect(filtered.every((t: { app_id: number }) => t.app_id === hongguo)).toBe(true);
    const byName = (await page(`task_type=1&keyword=${encodeURIComponent('龙王')}`)).json.body.data;
    expect(byName.map((t: { serial_name: string }) => t.serial_name)).toEqual(['龙王归来']);
    const byTag = (await page(`task_type=1&keyword=${encodeURIComponent('末世')}`)).json.body.data;
    expect(byTag).toHaveLength(1);
    expect((await page('task_type=1&keyword=%25')).json.body.data).toHaveLength(0);
    expect((await page('task_type=1&keyword=_')).json.body.data).toHaveLength(0);
  });

  it('hides closed and not-yet-open tasks', async () => {
    const first = await ctx.database.db
      .selectFrom('tasks')
      .select(['id'])
      .where('task_type', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('tasks')
      .set({ close_at: ctx.clock.now() - 1 })
      .where('id', '=', first.id)
      .execute();
    // The catalogue page may be cached for a few seconds.
    ctx.clock.advance(CATALOGUE_CACHE_MS);
    const visible = (await page('task_type=2&page_size=50')).json.body.data;
    expect(visible.map((t: { task_id: number }) => t.task_id)).not.toContain(first.id);
    await ctx.database.db.updateTable('tasks').set({ close_at: null }).where('id', '=', first.id).execute();
  });

  it('explains bad query values in Chinese', async () => {
    expect((await page('task_type=3')).json.msg).toBe('任务类型不正确');
    expect((await page('task_type=1&sort=random')).json.msg).toBe('排序方式不正确');
    expect((await page('task_type=1&page_size=1000')).json.msg).toBe('每页数量不能超过100');
  });

  it('marks received tasks for the logged-in agent only', async () => {
    const task = (await page('task_type=1&page_size=1')).json.body.data[0];
    await call(ctx.app, { url: '/agent/v1/task/receive', token, body: { task_id: task.task_id, task_type: 1 } });
    expect((await page('task_type=1&page_size=1', token)).json.body.data[0].received).toBe(true);
    expect((await page('task_type=1&page_size=1')).json.body.data[0].received).toBe(false);
  });

  it('task info needs login and shows the detail', async () => {
    const task = (await page('task_type=1&page_size=1')).json.body.data[0];
    expect((await call(ctx.app, { method: 'GET', url: `/agent/v1/task/info?task_id=${task.task_id}` })).status).toBe(
      401,
    );
    const info = await call(ctx.app, { method: 'GET', url: `/agent/v1/task/info?task_id=${task.task_id}`, token });
    expect(info.json.body).toMatchObject({
      task_id: task.task_id,
      app_landing_url: expect.stringMatching(/^\/demo\/apps\/\w+$/),
    });
    const missing = await call(ctx.app, { method: 'GET', url: '/agent/v1/task/info?task_id=999999', token });
    expect(missing.json).toMatchObject({ code: ErrorCode.taskNotFound, msg: '任务不存在或已下架' });
  });

  describe('episodes', () => {
    let episodeId: number;
    let serialName: string;
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

    beforeAll(async () => {
      const task = (await page('task_type=1&page_size=1')).json.body.data[0];
      serialName = task.serial_name;
      const episode = await ctx.database.db
        .selectFrom('episodes')
        .select(['id'])
        .where('serial_id', '=', task.serial_id)
        .where('number', '=', 2)
        .executeTakeFirstOrThrow();
      episodeId = episode.id;
      const relative = `test/${episodeId}.mp4`;
      fs.mkdirSync(path.join(ctx.config.mediaDir, 'test'), { recursive: true });
      fs.writeFileSync(path.join(ctx.config.mediaDir, relative), bytes);
      await ctx.database.db
        .updateTable('episodes')
        .set({ media_path: relative, size_bytes: bytes.length, duration_ms: 6000 })
        .where('id', '=', episodeId)
        .execute();
    });

    it('lists a task’s episodes in order with playable addresses', async () => {
      const task = (await page('task_type=1&page_size=1')).json.body.data[0];
      const { json } = await call(ctx.app, {
        method: 'GET',
        url: `/agent/v1/episode/list?task_id=${task.task_id}`,
        token,
      });
      expect(json.body.data.map((e: { number: number }) => e.number)).toEqual([1, 2, 3]);
      expect(json.body.data[1]).toMatchObject({
        episode_id: episodeId,
        duration: 6,
        video_url: `/media/test/${episodeId}.mp4`,
        size: 1000,
      });
      expect(json.body.data[0].video_url).toBe('');
      const info = await call(ctx.app, { method: 'GET', url: `/agent/v1/episode/info?episode_id=${episodeId}`, token });
      expect(info.json.body.title).toBe('第2集');
    });

    it('an episode list without a task or a serial names what is missing, from the catalogue', async () => {
      const { status, json } = await call(ctx.app, { method: 'GET', url: '/agent/v1/episode/list', token });
      expect(status).toBe(400);
      expect(json).toEqual({ code: ErrorCode.taskOrSerialRequired, msg: '请指定任务或剧集', body: null });
    });

    it('downloads with the Chinese file name, whole or by Range, and only when logged in', async () => {
      const url = `/agent/v1/episode/download?episode_id=${episodeId}`;
      expect((await call(ctx.app, { method: 'GET', url })).status).toBe(401);
      const whole = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { vendor: 'default', authorization: `Bearer ${token}` },
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-disposition']).toBe(
        `attachment; filename="${serialName.replace(/[^\x20-\x7e]/g, '_')} _2_.mp4"; filename*=UTF-8''${encodeURIComponent(`${serialName} 第2集.mp4`)}`,
      );
      const part = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { vendor: 'default', authorization: `Bearer ${token}`, range: 'bytes=100-199' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/1000');
      expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
      const beyond = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { vendor: 'default', authorization: `Bearer ${token}`, range: 'bytes=5000-6000' },
      });
      expect(beyond.statusCode).toBe(416);
    });

    it('explains an episode without a video', async () => {
      const noMedia = await ctx.database.db
        .selectFrom('episodes')
        .select('id')
        .where('media_path', '=', '')
        .executeTakeFirstOrThrow();
      const { json } = await call(ctx.app, {
        method: 'GET',
        url: `/agent/v1/episode/download?episode_id=${noMedia.id}`,
        token,
      });
      expect(json).toMatchObject({ code: ErrorCode.episodeNoMedia, msg: '该集暂无可下载的视频' });
    });
  });

  it('refuses a task of a serial, or a video of an episode, that is not in the catalogue', async () => {
    const { tasks } = ctx.services;
    const task = {
      serial_id: 99_999,
      title: '无主任务',
      share_rate_bp: 7000,
      tutorial_video_url: '',
      tutorial_short_url: '',
      open_at: ctx.clock.now(),
      close_at: null,
      status: 1 as const,
    };
    await expect(tasks.ensureTask(task)).rejects.toMatchObject({ code: ErrorCode.serialNotFound });
    const video = { media_path: 'x.mp4', poster_path: 'x.jpg', duration_ms: 1000, size_bytes: 1 };
    await expect(tasks.setEpisodeVideo(99_999, 1, video)).rejects.toMatchObject({ code: ErrorCode.episodeNotFound });
  });
});

describe(`content lists and the hit chart (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterAll(() => ctx.close());

  const radar = (body: object) => call(ctx.app, { url: '/ai/v1/serials/radar', body });

  it('app map, enum and banners', async () => {
    const apps = (await call(ctx.app, { method: 'GET', url: '/agent/v1/app/map' })).json.body;
    expect(apps.map((a: { name: string }) => a.name)).toEqual(['红果短剧', '河马剧场', '番茄小说', '七猫免费小说']);
    const novels = (await call(ctx.app, { method: 'GET', url: '/agent/v1/enum?task_type=2' })).json.body;
    expect(novels.apps.map((a: { name: string }) => a.name)).toEqual(['番茄小说', '七猫免费小说']);
    expect(novels.banks.length).toBeGreaterThan(10);
    const banners = (await call(ctx.app, { method: 'GET', url: '/agent/v1/banner/map?platform=1' })).json.body;
    expect(banners).toHaveLength(3);
    expect(banners[0]).toEqual({
      id: expect.any(Number),
      title: 'AI 混剪上线',
      image_url: expect.stringMatching(/^\/media\//),
      link_url: '/tool',
    });
    expect((await call(ctx.app, { method: 'GET', url: '/agent/v1/banner/map?platform=2' })).json.body).toEqual([]);
  });

  it('ranks serials by income or by newest, with filters and paging', async () => {
    const top = (await radar({ sort: 'total_income', page_size: 10 })).json.body;
    expect(top.page.total_count).toBe(DEMO_SERIALS.length);
    expect(top.data.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const richest = [...DEMO_SERIALS].sort((a, b) => b.incomeYuan - a.incomeYuan)[0]!;
    expect(top.data[0]).toMatchObject({
      name: richest.name,
      total_income: `${richest.incomeYuan}.00`,
      task_id: expect.any(Number),
    });
    const newest = (await radar({ sort: 'publish_at', page_size: 3 })).json.body.data;
    const times = newest.map((r: { publish_at: string }) => Date.parse(r.publish_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const female = (await radar({ channel: 'female', task_type: 1, sort: 'total_income', page_size: 50 })).json.body;
    expect(
      female.data.every((r: { channel: string; task_type: number }) => r.channel === 'female' && r.task_type === 1),
    ).toBe(true);
    expect(female.page.total_count).toBe(DEMO_SERIALS.filter((s) => s.channel === 'female' && s.taskType === 1).length);
    const pageTwo = (await radar({ sort: 'total_income', page_num: 2, page_size: 10 })).json.body.data;
    expect(pageTwo[0].rank).toBe(11);
    expect((await radar({ channel: 'kids', sort: 'total_income' })).json.msg).toBe('频道不正确');
  });
});
