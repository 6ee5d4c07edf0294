import { ErrorCode, OPERATE_CALENDAR_LIMIT, OrderType, Platform } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';

const HOUR = 60 * 60_000;

describe(`智能运营 (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let token: string;
  let stranger: string;

  const get = (url: string, withToken = token) =>
    call(ctx.app, { method: 'GET', url: `/ai/v1/operate${url}`, token: withToken });
  const post = (url: string, body?: unknown, withToken = token) =>
    call(ctx.app, { url: `/ai/v1/operate${url}`, body, token: withToken });
  const creator = async () => (await loginAs(ctx, nextPhone())).json.body.access_token as string;
  const visit = (code: string, referer: string, ip: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/s/${code}`,
      headers: { 'user-agent': 'Mozilla/5.0 test', referer },
      remoteAddress: ip,
    });

  /** The app of a task, where its orders are reported. */
  const appOf = async (taskId: number) =>
    (await ctx.database.db.selectFrom('tasks').select('app_id').where('id', '=', taskId).executeTakeFirstOrThrow())
      .app_id;
  /** `count` recharges reported by the task's app for a promotion code, at `orderAt`. */
  async function reportRecharges(taskId: number, code: string, count: number, orderAt: number) {
    const appId = await appOf(taskId);
    for (let i = 0; i < count; i += 1) {
      await ctx.services.income.receive(
        appId,
        {
          order_id: `OP-${code}-${orderAt}-${i}`,
          code,
          order_type: OrderType.Recharge,
          amount: '9.90',
          order_at: new Date(orderAt).toISOString(),
        },
        'api',
      );
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_BASE_URL: 'https://cc.example.com' });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    token = await creator();
    stranger = await creator();
  });
  afterAll(() => ctx.close());

  describe('suggestions', () => {
    it('ranks the hit chart for a new creator, each with its reason in words', async () => {
      const { json } = await get('/suggestions');
      expect(json.code).toBe(0);
      expect(json.body.promoting_count).toBe(0);
      const data = json.body.data as { rank: number; chart_rank: number; score: number; reasons: string[] }[];
      expect(data.length).toBeGreaterThan(3);
      expect(data.length).toBeLessThanOrEqual(10);
      expect(data.map((s) => s.rank)).toEqual(data.map((_, i) => i + 1));
      // Without a history of their own, the chart's order is the order.
      expect(data.map((s) => s.chart_rank)).toEqual([...data.map((s) => s.chart_rank)].sort((a, b) => a - b));
      for (const s of data) expect(s.reasons.some((r) => r.startsWith(`热剧榜第${s.chart_rank}名`))).toBe(true);
    });

    it('leaves out what the creator promotes and lifts the app where their orders come from', async () => {
      const me = await creator();
      const before = (await get('/suggestions', me)).json.body.data as {
        task_id: number;
        app_name: string;
        chart_rank: number;
        score: number;
      }[];
      // The lowest-ranked suggestion's app: orders there should lift its other dramas.
      const target = before[before.length - 1]!;
      const received = await call(ctx.app, {
        url: '/agent/v1/task/receive',
        token: me,
        body: { task_id: target.task_id, task_type: 1 },
      });
      expect(received.json.code).toBe(0);
      await reportRecharges(target.task_id, received.json.body.code, 3, ctx.clock.now() - HOUR);
      const after = (await get('/suggestions', me)).json.body;
      expect(after.promoting_count).toBe(1);
      const tasks = (after.data as { task_id: number }[]).map((s) => s.task_id);
      expect(tasks).not.toContain(target.task_id);
      const sameApp = (
        after.data as { app_name: string; score: number; chart_rank: number; reasons: string[] }[]
      ).filter((s) => s.app_name === target.app_name);
      expect(sameApp.length).toBeGreaterThan(0);
      for (const s of sameApp) {
        expect(s.reasons[0]).toMatch(new RegExp(`^你在「${target.app_name}」已带来3笔订单`));
        const earlier = before.find((b) => b.chart_rank === s.chart_rank);
        if (earlier) expect(s.score).toBeGreaterThan(earlier.score);
      }
      // Orders but no counted click: the advice goes by orders and says why no rate is given.
      const insight = (await get('/insight', me)).json.body;
      expect(insight).toMatchObject({ clicks: 0, orders: 3, best_hour: 11, best_platform: Platform.Other });
      expect(insight.advice).toEqual([
        '订单最多的是「其他」（3笔）；推广链接的点击还没有统计到，转化率暂时算不出',
        '下单最多的时段是北京时间11:00–12:00（3笔），建议在这个时段之前发布',
      ]);
    });

    it('needs a login', async () => {
      const { status, json } = await call(ctx.app, { method: 'GET', url: '/ai/v1/operate/suggestions' });
      expect(status).toBe(401);
      expect(json.code).toBe(401);
    });
  });

  describe('channel and hour', () => {
    it('answers empty figures and no advice for a creator with no clicks', async () => {
      const { json } = await get('/insight', stranger);
      expect(json.code).toBe(0);
      expect(json.body).toMatchObject({
        days: 30,
        clicks: 0,
        orders: 0,
        best_hour: null,
        best_platform: null,
        advice: [],
      });
      expect(json.body.by_hour).toHaveLength(24);
      expect(json.body.by_platform.map((p: { platform: number }) => p.platform)).toEqual(Object.values(Platform));
    });

    it('counts clicks by Beijing hour and referring platform, and names the hour that converts', async () => {
      const me = await creator();
      const task = (await get('/suggestions', me)).json.body.data[0];
      const { code } = (
        await call(ctx.app, { url: '/agent/v1/task/receive', token: me, body: { task_id: task.task_id, task_type: 1 } })
      ).json.body;
      // The test clock reads 12:00 Beijing; 20:00 Beijing is 8 hours on.
      ctx.clock.advance(8 * HOUR);
      for (let i = 0; i < 12; i += 1) await visit(code, 'https://www.douyin.com/video/7', `203.0.113.${i + 1}`);
      await reportRecharges(task.task_id, code, 3, ctx.clock.now());
      ctx.clock.advance(14 * HOUR); // 10:00 Beijing the next day.
      for (let i = 0; i < 4; i += 1) await visit(code, 'https://weibo.com/u/1', `198.51.100.${i + 1}`);
      await visit(code, '', '192.0.2.77');
      await ctx.services.promotions.flushVisits();

      const { json } = await get('/insight?days=7', me);
      expect(json.code).toBe(0);
      const body = json.body;
      expect(body).toMatchObject({ days: 7, clicks: 17, orders: 3, shares: 3, best_hour: 20 });
      expect(body.by_hour[20]).toEqual({ hour: 20, clicks: 12, orders: 3, conversion: '25.00' });
      expect(body.by_hour[10]).toEqual({ hour: 10, clicks: 5, orders: 0, conversion: '0.00' });
      expect(body.by_hour[4]).toMatchObject({ clicks: 0 });
      const platforms = Object.fromEntries(
        body.by_platform.map((p: { platform: number; clicks: number }) => [p.platform, p.clicks]),
      );
      expect(platforms).toEqual({ 1: 12, 2: 4, 3: 0, 4: 0, 5: 1 });
      expect(body.advice.join('\n')).toContain('北京时间20:00–21:00转化最好（转化率25.00%）');
      expect(body.end_date).toBe('2026-11-22');
      expect(body.start_date).toBe('2026-11-16');
    });

    it('refuses a window other than 7, 30 or 90 days', async () => {
      for (const days of ['8', 'abc', '-1', '30%25']) {
        const { status, json } = await get(`/insight?days=${days}`);
        expect(status).toBe(400);
        expect(json.code).toBe(ErrorCode.validation);
      }
      expect((await get('/insight?days=8')).json.msg).toContain('统计天数只能是7、30或90');
    });
  });

  describe('publishing calendar', () => {
    const item = (overrides: Record<string, unknown> = {}) => ({
      title: '龙王归来 第1集',
      platform: Platform.ShortVideo,
      date: '2026-11-22',
      time: '00:30',
      ...overrides,
    });

    it('adds from a suggestion, lists by Beijing date, marks done and deletes', async () => {
      const suggestion = (await get('/suggestions')).json.body.data[0];
      const created = await post('/calendar', item({ task_id: suggestion.task_id, title: suggestion.name }));
      expect(created.json).toMatchObject({
        code: 0,
        msg: '已加入发布日历',
        body: {
          task_id: suggestion.task_id,
          title: suggestion.name,
          platform: 1,
          platform_label: '短视频平台',
          date: '2026-11-22',
          time: '00:30',
          note: '',
          status: 'planned',
        },
      });
      const id = created.json.body.id;
      // 00:30 on the 22nd in Beijing is the 21st in UTC: the Beijing date decides which day lists it.
      expect((await get('/calendar?start_date=2026-11-21&end_date=2026-11-21')).json.body.data).toEqual([]);
      const listed = (await get('/calendar?start_date=2026-11-22&end_date=2026-11-28')).json.body;
      expect(listed.data.map((i: { id: number }) => i.id)).toEqual([id]);
      expect(listed).toMatchObject({ total_count: 1, limit: OPERATE_CALENDAR_LIMIT });

      const done = await post(`/calendar/${id}`, item({ status: 'done', time: '21:05', note: '已发抖音' }));
      expect(done.json).toMatchObject({
        code: 0,
        body: { id, status: 'done', time: '21:05', note: '已发抖音', task_id: null },
      });

      expect((await post(`/calendar/${id}/delete`)).json).toMatchObject({ code: 0, body: { id } });
      expect((await post(`/calendar/${id}/delete`)).json.code).toBe(ErrorCode.operateItemNotFound);
    });

    it("keeps each creator's items their own: another's item is not found", async () => {
      const mine = (await post('/calendar', item())).json.body.id;
      const update = await post(`/calendar/${mine}`, item({ note: '改' }), stranger);
      expect(update.status).toBe(404);
      expect(update.json).toMatchObject({ code: ErrorCode.operateItemNotFound, msg: '排期不存在或已删除' });
      expect((await post(`/calendar/${mine}/delete`, undefined, stranger)).status).toBe(404);
      expect((await get('/calendar?start_date=2026-11-22&end_date=2026-11-22', stranger)).json.body.data).toEqual([]);
      const still = (await get('/calendar?start_date=2026-11-22&end_date=2026-11-22')).json.body.data;
      expect(still.find((i: { id: number }) => i.id === mine)).toMatchObject({ note: '' });
      expect((await post('/calendar/99999999', item())).status).toBe(404);
      await post(`/calendar/${mine}/delete`);
    });

    it('keeps notes with %, _, quotes, markup and emoji as written, and refuses control characters', async () => {
      const notes = ['100% 转化_测试 \'"; drop table x;--', '<script>alert(1)</script>', '🎬 今晚8点 \\ /%25', '%'];
      for (const note of notes) {
        const created = await post('/calendar', item({ note, title: `标题%_${note.slice(0, 5)}` }));
        expect(created.json.code).toBe(0);
        expect(created.json.body.note).toBe(note);
        await post(`/calendar/${created.json.body.id}/delete`);
      }
      const bell = await post('/calendar', item({ note: 'a\u0007b' }));
      expect(bell.json).toMatchObject({ code: ErrorCode.validation, msg: '备注含有不可见的控制字符' });
      expect((await post('/calendar', item({ note: 'a\u0000b' }))).status).toBe(400);
      expect((await post('/calendar', item({ note: '长'.repeat(201) }))).json.msg).toBe('备注不能超过200个字');
    });

    it('names the field of bad input in Chinese', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ date: '2026-02-30' }, '发布日期不存在'],
        [{ date: '2026/11/22' }, '发布日期格式应为 YYYY-MM-DD'],
        [{ time: '24:00' }, '发布时间格式应为 HH:mm'],
        [{ title: '   ' }, '请填写发布内容'],
        [{ platform: 9 }, '发布平台不正确'],
        [{ status: 'published' }, '状态只能是待发布或已发布'],
        [{ task_id: -1 }, '短剧任务不正确'],
      ];
      for (const [overrides, message] of cases) {
        const { status, json } = await post('/calendar', item(overrides));
        expect(status, message).toBe(400);
        expect(json.msg).toContain(message);
      }
      expect((await post('/calendar', item({ task_id: 99999999 }))).json).toMatchObject({
        code: ErrorCode.operateTaskNotFound,
      });
      expect((await post('/calendar/abc', item())).json.msg).toContain('排期编号不正确');
      expect((await get('/calendar?start_date=2026-11-22&end_date=2026-11-01')).json.msg).toContain(
        '开始日期不能晚于结束日期',
      );
      expect((await get('/calendar?start_date=2026-01-01&end_date=2026-12-31')).json.msg).toContain('一次最多查看92天');
      expect((await get('/calendar')).status).toBe(400);
    });

    it(`keeps at most ${OPERATE_CALENDAR_LIMIT} items per creator, also when added at once`, async () => {
      const me = await creator();
      for (let i = 0; i < OPERATE_CALENDAR_LIMIT - 5; i += 1) {
        expect((await post('/calendar', item({ title: `第${i}条` }), me)).json.code).toBe(0);
      }
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post('/calendar', item({ title: `并发${i}` }), me)),
      );
      expect(burst.filter((r) => r.json.code === 0)).toHaveLength(5);
      const refused = burst.find((r) => r.json.code !== 0)!;
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: ErrorCode.operateCalendarFull });
      const listed = (await get('/calendar?start_date=2026-11-22&end_date=2026-11-22', me)).json.body;
      expect(listed.total_count).toBe(OPERATE_CALENDAR_LIMIT);
      expect(listed.data).toHaveLength(OPERATE_CALENDAR_LIMIT);
    });
  });
});
