import { ErrorCode, type OrderType, type ShareType } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { apiSecurityHeaders } from '../../plugins/security.js';
import { keptAndCountedTaskFigures } from '../../../test/task-figures.js';
import { seedDemoData } from '../../demo/demo-seed.js';
import { ShareRepository } from '../settlement/share.repository.js';
import { addSharesToReceipts } from './task-figures.js';

const HOUR = 60 * 60_000;

describe(`promotion (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let token: string;
  let agentId: number;
  let task: { task_id: number; task_type: number; serial_id: number; app_id: number };

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_BASE_URL: 'https://cc.example.com' });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    token = (await loginAs(ctx, nextPhone())).json.body.access_token;
    agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body.agent_id;
    task = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/page?task_type=1&page_size=1' })).json.body
      .data[0];
  });
  afterAll(() => ctx.close());

  const receive = (body: object, withToken = token) =>
    call(ctx.app, { url: '/agent/v1/task/receive', token: withToken, body });
  const activate = (atrId: number | string, withToken = token) =>
    ctx.app.inject({
      method: 'POST',
      url: '/agent/v1/task/active',
      headers: {
        vendor: 'default',
        authorization: `Bearer ${withToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `atr_id=${atrId}`,
    });
  /** The link's click count once the visits that wait for their batch are written. */
  const clickCountOf = async (atrId: number, target: Pick<TestContext, 'services' | 'database'> = ctx) => {
    await target.services.promotions.flushVisits();
    return (
      await target.database.db
        .selectFrom('task_receipts')
        .select('click_count')
        .where('id', '=', atrId)
        .executeTakeFirstOrThrow()
    ).click_count;
  };
  const visit = (path: string, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { 'user-agent': 'Mozilla/5.0 test', ...headers },
      remoteAddress: ip,
    });

  it('receives a task with real links, and answers the same again', async () => {
    const first = await receive({ task_id: task.task_id, task_type: 1 });
    expect(first.json.code).toBe(0);
    const result = first.json.body;
    expect(result.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(result.serial_link).toBe(`https://cc.example.com/s/${result.code}`);
    expect(result.app_link).toMatch(new RegExp(`^(hongguo|hema)://.*${task.serial_id}.*code=${result.code}$`));
    // Played by this page: relative, so they load at any address the page was opened at (CSP 'self').
    expect(result.facebook_url).toBe('/media/demo/tutorials/video-site.mp4');
    expect(result.tiktok_url).toBe('/media/demo/tutorials/short-video.mp4');
    const again = await receive({ task_id: task.task_id, task_type: 1 });
    expect(again.json.body).toEqual(result);
  });

  it('gives each agent their own code, and one receipt under concurrent receives', async () => {
    const other = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => receive({ task_id: task.task_id, task_type: 1 }, other)),
    );
    const codes = new Set(answers.map((a) => a.json.body.code));
    expect(codes.size).toBe(1);
    const mine = (await receive({ task_id: task.task_id, task_type: 1 })).json.body.code;
    expect(codes.has(mine)).toBe(false);
  });

  it('refuses unknown, mismatched and closed tasks clearly', async () => {
    expect((await receive({ task_id: 999999, task_type: 1 })).json).toMatchObject({ code: ErrorCode.taskNotFound });
    expect((await receive({ task_id: task.task_id, task_type: 2 })).json).toMatchObject({
      code: ErrorCode.taskTypeMismatch,
      msg: '任务类型不匹配，请刷新页面后重试',
    });
    const closed = await ctx.database.db
      .selectFrom('tasks')
      .select('id')
      .where('task_type', '=', 2)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('tasks')
      .set({ close_at: ctx.clock.now() - 1 })
      .where('id', '=', closed.id)
      .execute();
    expect((await receive({ task_id: closed.id, task_type: 2 })).json).toMatchObject({
      code: ErrorCode.taskClosed,
      msg: '该任务已结束推广',
    });
    expect((await receive({ task_type: 1 })).json.msg).toBe('任务编号不正确');
    expect(
      (await call(ctx.app, { url: '/agent/v1/task/receive', body: { task_id: task.task_id, task_type: 1 } })).status,
    ).toBe(401);
  });

  it('activates from a form body, idempotently, only for the owner', async () => {
    const { atr_id } = (await receive({ task_id: task.task_id, task_type: 1 })).json.body;
    const first = await activate(atr_id);
    expect(first.json()).toMatchObject({ code: 0, msg: '已添加到我的任务', body: { atr_id } });
    ctx.clock.advance(HOUR);
    const second = await activate(atr_id);
    expect(second.json().body.actived_at).toBe(first.json().body.actived_at);
    const stranger = (await loginAs(ctx, nextPhone())).json.body.access_token;
    expect((await activate(atr_id, stranger)).json()).toMatchObject({ code: ErrorCode.receiptNotFound });
    expect((await activate('abc')).json().msg).toBe('推广记录不正确');
  });

  it('counts short-link visits once per visitor per 24 hours and redirects to the app landing page', async () => {
    const { code, atr_id } = (await receive({ task_id: task.task_id, task_type: 1 })).json.body;
    const clicks = () => clickCountOf(atr_id);
    const before = await clicks();

    const response = await visit(`/s/${code}`, { referer: 'https://www.douyin.com/video/1' });
    expect(response.statusCode).toBe(302);
    const target = new URL(response.headers.location as string);
    const landing = await ctx.database.db
      .selectFrom('apps')
      .select('landing_url')
      .where('id', '=', task.app_id)
      .executeTakeFirstOrThrow();
    expect(`${target.origin}${target.pathname}`).toBe(
      new URL(landing.landing_url, 'https://cc.example.com').toString(),
    );
    expect(target.searchParams.get('code')).toBe(code);
    expect(target.searchParams.get('serial_id')).toBe(String(task.serial_id));
    expect(response.headers['cache-control']).toBe('no-store');
    // A redirect is no document: the API's header set, not the page's.
    expect(response.headers).toMatchObject(apiSecurityHeaders());
    expect(response.headers['x-xss-protection']).toBeUndefined();
    expect(await clicks()).toBe(before + 1);

    await visit(`/s/${code}`);
    ctx.clock.advance(23 * HOUR);
    await visit(`/s/${code}`);
    expect(await clicks()).toBe(before + 1);
    await visit(`/s/${code}`, { 'user-agent': 'Another browser' });
    await visit(`/s/${code}`, {}, '198.51.100.9');
    expect(await clicks()).toBe(before + 3);
    ctx.clock.advance(HOUR + 1000);
    await visit(`/s/${code.toLowerCase()}`);
    expect(await clicks()).toBe(before + 4);

    const recorded = await ctx.database.db
      .selectFrom('promotion_clicks')
      .selectAll()
      .where('receipt_id', '=', atr_id)
      .orderBy('id')
      .execute();
    expect(recorded).toHaveLength(6);
    expect(recorded.map((c) => c.counted)).toEqual([1, 0, 0, 1, 1, 1]);
    expect(recorded[0]!.referrer).toBe('https://www.douyin.com/video/1');
    expect(recorded[0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts concurrent visits of one visitor once', async () => {
    const other = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const { code, atr_id } = (await receive({ task_id: task.task_id, task_type: 1 }, other)).json.body;
    await Promise.all(Array.from({ length: 10 }, () => visit(`/s/${code}`, {}, '192.0.2.44')));
    expect(await clickCountOf(atr_id)).toBe(1);
  });

  it('caps counted clicks per IP and link in 24 h, however many User-Agents it rotates, and records every visit', async () => {
    const owner = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const { code, atr_id } = (await receive({ task_id: task.task_id, task_type: 1 }, owner)).json.body;
    const clickCount = () => clickCountOf(atr_id);
    const agents = Array.from({ length: 20 }, (_, i) => ({ 'user-agent': `Mozilla/5.0 rotating ${i}` }));

    for (const headers of agents) await visit(`/s/${code}`, headers, '198.51.100.20');
    expect(await clickCount()).toBe(3);
    await Promise.all(agents.map((headers) => visit(`/s/${code}`, headers, '198.51.100.21')));
    expect(await clickCount()).toBe(6);
    await visit(`/s/${code}`, {}, '198.51.100.22');
    expect(await clickCount()).toBe(7);

    ctx.clock.advance(24 * HOUR + 1000);
    for (const headers of agents.slice(0, 5)) await visit(`/s/${code}`, headers, '198.51.100.20');
    expect(await clickCount()).toBe(10);

    const recorded = await ctx.database.db
      .selectFrom('promotion_clicks')
      .select(['counted', 'ip_hash'])
      .where('receipt_id', '=', atr_id)
      .execute();
    expect(recorded).toHaveLength(46);
    expect(recorded.filter((c) => c.counted === 1)).toHaveLength(10);
    expect(new Set(recorded.map((c) => c.ip_hash)).size).toBe(3);
    expect(recorded[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the cap from CLICK_CAP_PER_IP_PER_DAY', async () => {
    const strict = await createTestApp({ CLICK_CAP_PER_IP_PER_DAY: '1' });
    try {
      await seedDemoData(strict.services, strict.config.mediaDir, {
        now: strict.clock.now() - 60_000,
      });
      const owner = (await loginAs(strict, nextPhone())).json.body.access_token;
      const { code, atr_id } = (
        await call(strict.app, {
          url: '/agent/v1/task/receive',
          token: owner,
          body: { task_id: task.task_id, task_type: 1 },
        })
      ).json.body;
      for (const ua of ['a', 'b', 'c']) {
        await strict.app.inject({ url: `/s/${code}`, headers: { 'user-agent': ua }, remoteAddress: '198.51.100.30' });
      }
      expect(await clickCountOf(atr_id, strict)).toBe(1);
    } finally {
      await strict.close();
    }
  });

  it('sends the visitor to the demo app’s landing page, which shows the code', async () => {
    const { code } = (await receive({ task_id: task.task_id, task_type: 1 })).json.body;
    const target = new URL((await visit(`/s/${code}`)).headers.location as string);
    expect(target.origin).toBe('https://cc.example.com');
    const page = await ctx.app.inject(`${target.pathname}${target.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(code);
    expect(page.body).toMatch(/《.+》/);
    expect((await ctx.app.inject('/demo/apps/nope')).statusCode).toBe(404);
    expect((await ctx.app.inject('/demo/apps/hongguo?code=%3Cscript%3E')).body).not.toContain('<script>');
  });

  it('names a malformed short-link code a promotion code, not an SMS code', async () => {
    const response = await visit(`/s/${'X'.repeat(40)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ErrorCode.validation, msg: '推广码格式不正确', body: null });
  });

  it('writes every waiting visit when the server stops gracefully', async () => {
    const stopping = await createTestApp();
    try {
      await seedDemoData(stopping.services, stopping.config.mediaDir, {
        now: stopping.clock.now() - 60_000,
      });
      const owner = (await loginAs(stopping, nextPhone())).json.body.access_token;
      const { code, atr_id } = (
        await call(stopping.app, {
          url: '/agent/v1/task/receive',
          token: owner,
          body: { task_id: task.task_id, task_type: 1 },
        })
      ).json.body;
      // More than one insert statement's worth (500 rows), from as many visitors and addresses.
      const visits = Array.from({ length: 520 }, (_, i) =>
        stopping.app.inject({
          url: `/s/${code}`,
          headers: { 'user-agent': `ua ${i}` },
          remoteAddress: `10.0.${i >> 8}.${i & 255}`,
        }),
      );
      expect((await Promise.all(visits)).every((response) => response.statusCode === 302)).toBe(true);
      // Nothing flushed them: the stop must.
      await stopping.app.close();
      const rows = await stopping.database.db
        .selectFrom('promotion_clicks')
        .select('counted')
        .where('receipt_id', '=', atr_id)
        .execute();
      expect(rows).toHaveLength(520);
      const receipt = await stopping.database.db
        .selectFrom('task_receipts')
        .select('click_count')
        .where('id', '=', atr_id)
        .executeTakeFirstOrThrow();
      expect(receipt.click_count).toBe(520);
    } finally {
      await stopping.close();
    }
  });

  it('writes the waiting visits before it closes a database handed to it to close, as the entries hand theirs', async () => {
    const { code, atr_id } = (
      await receive({ task_id: task.task_id, task_type: 1 }, (await loginAs(ctx, nextPhone())).json.body.access_token)
    ).json.body;
    const entryDatabase = openDatabase(ctx.config.database, { schema: ctx.schema });
    const { app: entry } = await buildApp(ctx.config, {
      clock: ctx.clock,
      database: entryDatabase,
      closeDatabase: true,
    });
    const visits = Array.from({ length: 3 }, (_, i) =>
      entry.inject({
        url: `/s/${code}`,
        headers: { 'user-agent': `entry ${i}` },
        remoteAddress: `198.51.100.${90 + i}`,
      }),
    );
    expect((await Promise.all(visits)).map((response) => response.statusCode)).toEqual([302, 302, 302]);
    await entry.close();
    const rows = await ctx.database.db
      .selectFrom('promotion_clicks')
      .select('id')
      .where('receipt_id', '=', atr_id)
      .execute();
    expect(rows).toHaveLength(3);
    // And the database is closed with the app, last.
    await expect(entryDatabase.db.selectFrom('task_receipts').select('id').execute()).rejects.toThrow();
  });

  it('counts one visitor once when two server processes record the same link at once', async () => {
    const { code, atr_id } = (
      await receive({ task_id: task.task_id, task_type: 1 }, (await loginAs(ctx, nextPhone())).json.body.access_token)
    ).json.body;
    // A second server on the same database, with its own connection: what another process would be.
    const otherDatabase = openDatabase(ctx.config.database, { schema: ctx.schema });
    const { app: other, services: otherServices } = await buildApp(ctx.config, {
      clock: ctx.clock,
      database: otherDatabase,
    });
    try {
      const agents = ['same visitor', 'same visitor', 'second', 'third', 'fourth', 'fifth'];
      await Promise.all(
        [ctx.app, other].flatMap((app) =>
          agents.map((ua) =>
            app.inject({ url: `/s/${code}`, headers: { 'user-agent': ua }, remoteAddress: '198.51.100.77' }),
          ),
        ),
      );
      // A batch that lost a race to the other process's write is kept and written by a later flush.
      for (let round = 0; round < 5; round++)
        await Promise.all([ctx.services.promotions.flushVisits(), otherServices.promotions.flushVisits()]);
      const rows = await ctx.database.db
        .selectFrom('promotion_clicks')
        .select(['counted', 'visitor_hash'])
        .where('receipt_id', '=', atr_id)
        .execute();
      expect(rows).toHaveLength(12);
      // Five visitors behind one IP: the per-IP cap (3) counts three of them, each once.
      const counted = rows.filter((row) => row.counted === 1);
      expect(counted).toHaveLength(3);
      expect(new Set(counted.map((row) => row.visitor_hash)).size).toBe(3);
      expect(await clickCountOf(atr_id)).toBe(3);
    } finally {
      await other.close();
      await otherDatabase.destroy();
    }
  });

  it('answers an unknown short link with a Chinese page', async () => {
    const response = await visit('/s/NOSUCHCD');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('链接已失效');
  });

  it('lists my active tasks with live figures, joined to the share orders', async () => {
    const fresh = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const freshId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: fresh })).json.body
      .agent_id;
    const tasks = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/page?task_type=1&page_size=3' })).json.body
      .data;
    const receipts: { atr_id: number; code: string }[] = [];
    for (const t of tasks) receipts.push((await receive({ task_id: t.task_id, task_type: 1 }, fresh)).json.body);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/my_task', token: fresh })).json.body.data,
    ).toEqual([]);

    await activate(receipts[0]!.atr_id, fresh);
    ctx.clock.advance(1000);
    await activate(receipts[1]!.atr_id, fresh);
    await visit(`/s/${receipts[0]!.code}`);
    await ctx.services.promotions.flushVisits();

    const order = (no: string, type: OrderType, orderFen: number, shareFen: number, shareType: ShareType = 1) => ({
      order_no: no,
      agent_id: freshId,
      receipt_id: receipts[0]!.atr_id,
      task_id: tasks[0].task_id,
      share_type: shareType,
      order_type: type,
      order_amount_fen: orderFen,
      ad_amount_fen: Math.round(orderFen / 10),
      share_amount_fen: shareFen,
      order_at: ctx.clock.now(),
      created_at: ctx.clock.now(),
    });
    // As the income intake writes them: the shares, then promotion's figures of their receipts, in one transaction.
    const shares = new ShareRepository(ctx.database.db);
    const written = [
      [order(`o-${freshId}-1`, 1, 3000, 2100), order(`o-${freshId}-2`, 1, 1990, 1393)],
      [order(`o-${freshId}-3`, 2, 1990, 1393), order(`o-${freshId}-4`, 1, 5000, 500, 3)],
    ];
    await ctx.database.db.transaction().execute(async (trx) => {
      for (const rows of written) {
        await shares.insertShares(trx, rows);
        await addSharesToReceipts(trx, rows);
      }
    });

    const { json } = await call(ctx.app, { method: 'GET', url: '/agent/v1/task/my_task?page_size=10', token: fresh });
    expect(json.body.page.total_count).toBe(2);
    const [newest, oldest] = json.body.data;
    expect(newest).toMatchObject({
      atr_id: receipts[1]!.atr_id,
      click_count: 0,
      order_count: 0,
      order_amount: '0.00',
      share_amount: '0.00',
    });
    expect(oldest).toMatchObject({
      atr_id: receipts[0]!.atr_id,
      task_id: tasks[0].task_id,
      code: receipts[0]!.code,
      cover: tasks[0].cover_url,
      click_count: 1,
      order_count: 2,
      order_amount: '30.00',
      ad_amount: '3.00',
      share_amount: '21.00',
    });
    expect(Date.parse(oldest.actived_at)).toBeLessThan(Date.parse(newest.actived_at));
    // Filtered by task type and paged: the same rows, in the same order.
    const myTasks = async (query: string) =>
      (await call(ctx.app, { method: 'GET', url: `/agent/v1/task/my_task?${query}`, token: fresh })).json.body;
    const dramas = await myTasks('task_type=1&page_size=10');
    expect(dramas.data.map((row: { atr_id: number }) => row.atr_id)).toEqual([newest.atr_id, oldest.atr_id]);
    expect(await myTasks('task_type=2&page_size=10')).toEqual({
      data: [],
      page: { total_count: 0, page_num: 1, page_size: 10 },
    });
    const second = await myTasks('task_type=1&page_size=1&page_num=2');
    expect(second.page).toEqual({ total_count: 2, page_num: 2, page_size: 1 });
    expect(second.data).toEqual([oldest]);

    const overview = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/overview', token: fresh })).json.body;
    expect(overview).toEqual({ task_count: 2, click_count: 1, order_count: 2, share_amount: '21.00' });
    const emptyOverview = (
      await call(ctx.app, {
        method: 'GET',
        url: '/agent/v1/task/overview',
        token: (await loginAs(ctx, nextPhone())).json.body.access_token,
      })
    ).json.body;
    expect(emptyOverview).toEqual({ task_count: 0, click_count: 0, order_count: 0, share_amount: '0.00' });
    expect(agentId).not.toBe(freshId);
  });

  // Last: after every flow above (receipts, activations, counted visits, orders), the figures kept per creator and
  // task type must be exactly the sums over their active receipts.
  it('keeps each creator’s task figures equal to the sums over their active receipts', async () => {
    await ctx.services.promotions.flushVisits();
    const { kept, counted } = await keptAndCountedTaskFigures(ctx.database.db);
    expect(counted.length).toBeGreaterThan(1);
    expect(kept).toEqual(counted);
  });
});
