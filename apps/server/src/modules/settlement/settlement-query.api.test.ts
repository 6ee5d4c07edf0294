import { ErrorCode } from '@cc/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import type { Insertable } from 'kysely';
import type { ShareOrderTable } from '../../db/schema.js';
import { EXPORT_BATCH_ROWS } from './settlement-query.service.js';
import { rebuildShareRollup } from './share-rollup.js';

type NewShareOrder = Insertable<ShareOrderTable>;

/** An instant given as Beijing wall-clock time. */
const bj = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);
/** 2026-11-21 12:00 in Beijing. */
const NOW = bj(2026, 11, 21, 12);

describe(`settlement read calls (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  const tokens: Record<'me' | 'other' | 'member' | 'bulk', string> = { me: '', other: '', member: '', bulk: '' };
  const ids: Record<keyof typeof tokens, number> = { me: 0, other: 0, member: 0, bulk: 0 };
  const app = { playletA: 0, novel: 0, playletIdle: 0 };
  const serial = { playlet: 0, novel: 0, idle: 0 };
  let memberReceipt = 0;
  let ownReceipt = 0;

  const get = (url: string, token = tokens.me) => call(ctx.app, { method: 'GET', url: `/agent/v1${url}`, token });

  async function insertApp(name: string, sort: number): Promise<number> {
    const row = await ctx.database.db
      .insertInto('apps')
      .values({
        name,
        icon_url: `https://cdn.example.com/${sort}.png`,
        platform: 'h5',
        landing_url: '',
        deep_link_pattern: '',
        sort,
        status: 1,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertSerial(appId: number, taskType: 1 | 2, name: string): Promise<number> {
    const row = await ctx.database.db
      .insertInto('serials')
      .values({
        task_type: taskType,
        app_id: appId,
        name,
        cover_url: '',
        intro: '',
        tags: '',
        channel: 'male',
        episode_count: 10,
        publish_at: NOW,
        total_income_fen: 0,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertReceipt(agentId: number, appId: number, serialId: number, code: string): Promise<number> {
    const task = await ctx.database.db
      .insertInto('tasks')
      .values({
        task_type: 1,
        app_id: appId,
        serial_id: serialId,
        title: code,
        share_rate_bp: 7000,
        tutorial_video_url: '',
        tutorial_short_url: '',
        open_at: NOW,
        close_at: null,
        status: 1,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const receipt = await ctx.database.db
      .insertInto('task_receipts')
      .values({ agent_id: agentId, task_id: task.id, code, created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    return receipt.id;
  }

  let orderCounter = 0;
  /** A share row; amounts in fen. */
  function share(
    agentId: number,
    orderAt: number,
    shareFen: number,
    extra: Partial<NewShareOrder> = {},
  ): NewShareOrder {
    orderCounter += 1;
    return {
      order_no: `ord-${orderCounter}`,
      agent_id: agentId,
      receipt_id: ownReceipt,
      serial_id: serial.playlet,
      app_id: app.playletA,
      share_type: 1,
      order_type: 1,
      platform: 1,
      order_amount_fen: shareFen * 2,
      ad_amount_fen: Math.abs(shareFen) + 100,
      share_amount_fen: shareFen,
      sett_status: 1,
      expected_sett_date: null,
      order_at: orderAt,
      created_at: orderAt,
      ...extra,
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) {
      tokens[who] = (await loginAs(ctx, nextPhone())).json.body.access_token;
      ids[who] = (await get('/user/info', tokens[who])).json.body.agent_id;
    }
    await ctx.database.db.updateTable('agents').set({ nickname: '小李推广' }).where('id', '=', ids.member).execute();
    await ctx.database.db.updateTable('agents').set({ nickname: '我自己' }).where('id', '=', ids.me).execute();
    app.playletA = await insertApp('甜橙短剧', 1);
    app.novel = await insertApp('书香小说', 2);
    app.playletIdle = await insertApp('星河剧场', 3);
    serial.playlet = await insertSerial(app.playletA, 1, '重生之我在北京');
    serial.novel = await insertSerial(app.novel, 2, '北京往事');
    serial.idle = await insertSerial(app.playletIdle, 1, '无人问津');
    ownReceipt = await insertReceipt(ids.me, app.playletA, serial.playlet, 'OWNCODE1');
    memberReceipt = await insertReceipt(ids.member, app.novel, serial.novel, 'MEMBER01');
    const novel = { app_id: app.novel, serial_id: serial.novel };
    await ctx.database.db
      .insertInto('share_orders')
      .values([
        // 1: today 09:00, my share, to be settled.
        share(ids.me, bj(2026, 11, 21, 9), 7000, { order_no: 'today-09', expected_sett_date: '2026-11-24' }),
        // 2: today 00:10 Beijing — still the previous day in UTC; a leader share brought by a team member.
        share(ids.me, bj(2026, 11, 21, 0, 10), 1000, { ...novel, share_type: 3, receipt_id: memberReceipt }),
        // 3: yesterday 23:30 Beijing — already today in UTC.
        share(ids.me, bj(2026, 11, 20, 23, 30), 2000),
        // 4: a refund yesterday, amounts written positive.
        share(ids.me, bj(2026, 11, 20, 10), 500, { order_type: 2 }),
        // 5: the first half hour of the month, settled.
        share(ids.me, bj(2026, 11, 1, 0, 30), 3000, { sett_status: 2 }),
        // 6: the last minute of last month, settled.
        share(ids.me, bj(2026, 10, 31, 23, 59), 4000, { ...novel, sett_status: 2 }),
        // 7: a bonus without app or serial, settled.
        share(ids.me, bj(2026, 11, 15, 12), 600, {
          share_type: 4,
          app_id: null,
          serial_id: null,
          receipt_id: null,
          sett_status: 2,
          ad_amount_fen: 0,
        }),
        // 8: a refund written with negative amounts, settled.
        share(ids.me, bj(2026, 11, 10, 12), -800, { order_type: 2, ad_amount_fen: -1000, sett_status: 2 }),
        // Another creator's large share today: never visible to me.
        share(ids.other, bj(2026, 11, 21, 10), 99_900, { order_no: 'theirs-today', receipt_id: null }),
      ])
      .execute();
    // Written directly: the figures kept per day are built from the rows.
    await rebuildShareRollup(ctx.database.db);
    await ctx.database.db
      .insertInto('wallet_accounts')
      .values({ agent_id: ids.me, balance_fen: 5000, held_fen: 1000, updated_at: NOW })
      .execute();
    ctx.clock.set(NOW);
  });
  afterAll(() => ctx.close());

  it('answers the headline figures on Beijing days and months, net of refunds, with can_out from the wallet', async () => {
    const { json } = await get('/sett/order/aggr');
    expect(json).toMatchObject({ code: 0 });
    expect(json.body).toEqual({
      today: '80.00',
      yesterday: '15.00',
      this_month: '123.00',
      total: '163.00',
      settled: '68.00',
      to_be_settled: '95.00',
      can_out: '40.00',
    });
    const novel = (await get('/sett/order/aggr?task_type=2')).json.body;
    expect(novel).toMatchObject({ today: '10.00', yesterday: '0.00', this_month: '10.00', total: '50.00' });
  });

  it('moves today and yesterday with the Beijing clock, not the UTC one', async () => {
    // 2026-11-22 00:05 Beijing is still 2026-11-21 in UTC: yesterday is now the 21st.
    ctx.clock.set(bj(2026, 11, 22, 0, 5));
    try {
      expect((await get('/sett/order/aggr')).json.body).toMatchObject({ today: '0.00', yesterday: '80.00' });
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('gives another creator only their own figures', async () => {
    expect((await get('/sett/order/aggr', tokens.other)).json.body).toMatchObject({
      today: '999.00',
      total: '999.00',
      can_out: '0.00',
    });
    expect((await get('/sett/order/aggr', tokens.bulk)).json.body).toMatchObject({ total: '0.00', today: '0.00' });
  });

  it('pages share orders newest first with every field of a share order', async () => {
    const { json } = await get('/sett/order/page?page_size=20');
    expect(json.body.page).toEqual({ total_count: 8, page_num: 1, page_size: 20 });
    expect(json.body.data.map((r: { share_amount: string }) => r.share_amount)).toEqual([
      '70.00',
      '10.00',
      '20.00',
      '-5.00',
      '6.00',
      '-8.00',
      '30.00',
      '40.00',
    ]);
    expect(json.body.data[0]).toEqual({
      id: expect.any(Number),
      order_id: 'today-09',
      order_no: 'today-09',
      order_at: '2026-11-21T01:00:00.000Z',
      sett_status: 1,
      sett_status_text: '待结算',
      expected_sett_date: '2026-11-24',
      share_type: 1,
      share_type_text: '我的分成',
      attract_agent: '我自己',
      platform: 1,
      platform_text: '短视频平台',
      order_type: 1,
      order_type_text: '充值',
      share_amount: '70.00',
      serial_id: serial.playlet,
      serial_name: '重生之我在北京',
      task_type: 1,
      app_id: app.playletA,
      app_name: '甜橙短剧',
      order_amount: '71.00',
      ad_amount: '71.00',
    });
    expect(json.body.data[1]).toMatchObject({
      share_type: 3,
      share_type_text: '团长分成',
      attract_agent: '小李推广',
      serial_name: '北京往事',
      task_type: 2,
    });
    expect(json.body.data[3]).toMatchObject({ order_type: 2, order_type_text: '退款', order_amount: '-6.00' });
    expect(json.body.data[4]).toMatchObject({
      share_type: 4,
      share_type_text: '奖励',
      attract_agent: '',
      serial_id: null,
      serial_name: '',
      app_id: null,
      app_name: '',
      sett_status_text: '已结算',
    });
  });

  it('filters share orders and pages them', async () => {
    const amounts = async (query: string) =>
      (await get(`/sett/order/page?page_size=50&${query}`)).json.body.data.map(
        (r: { share_amount: string }) => r.share_amount,
      );
    expect(await amounts('start_date=2026-11-20&end_date=2026-11-20')).toEqual(['20.00', '-5.00']);
    expect(await amounts('start_date=2026-11-21')).toEqual(['70.00', '10.00']);
    expect(await amounts('end_date=2026-10-31')).toEqual(['40.00']);
    expect(await amounts('share_type=3')).toEqual(['10.00']);
    expect(await amounts('sett_status=2')).toEqual(['6.00', '-8.00', '30.00', '40.00']);
    expect(await amounts(`app_id=${app.novel}`)).toEqual(['10.00', '40.00']);
    expect(await amounts(`serial_id=${serial.playlet}`)).toEqual(['70.00', '20.00', '-5.00', '-8.00', '30.00']);
    expect(await amounts('task_type=2')).toEqual(['10.00', '40.00']);
    expect(await amounts('task_type=1&sett_status=1&start_date=2026-11-20')).toEqual(['70.00', '20.00', '-5.00']);

    const page2 = (await get('/sett/order/page?page_size=3&page_num=2')).json.body;
    expect(page2.page).toEqual({ total_count: 8, page_num: 2, page_size: 3 });
    expect(page2.data.map((r: { share_amount: string }) => r.share_amount)).toEqual(['-5.00', '6.00', '-8.00']);
    expect((await get('/sett/order/page?page_num=9')).json.body).toMatchObject({ data: [], page: { total_count: 8 } });
  });

  it('never shows another creator’s share orders, whatever the filter', async () => {
    const mine = (await get(`/sett/order/page?app_id=${app.playletA}&page_size=50`)).json.body;
    expect(mine.data.map((r: { order_id: string }) => r.order_id)).not.toContain('theirs-today');
    const theirs = (await get(`/sett/order/page?app_id=${app.playletA}`, tokens.other)).json.body;
    expect(theirs.page.total_count).toBe(1);
    expect(theirs.data[0]).toMatchObject({ share_amount: '999.00', attract_agent: '' });
    expect((await get('/sett/order/page', tokens.member)).json.body.page.total_count).toBe(0);
  });

  it('pages daily figures by Beijing day, newest first', async () => {
    const { json } = await get('/sett/daily/page?page_size=2');
    expect(json.body.page).toEqual({ total_count: 6, page_num: 1, page_size: 2 });
    expect(json.body.data).toEqual([
      {
        date: '2026-11-21',
        order_count: 2,
        refund_count: 0,
        order_amount: '82.00',
        share_amount: '80.00',
        settled_amount: '0.00',
        to_be_settled_amount: '80.00',
      },
      {
        date: '2026-11-20',
        order_count: 1,
        refund_count: 1,
        order_amount: '15.00',
        share_amount: '15.00',
        settled_amount: '0.00',
        to_be_settled_amount: '15.00',
      },
    ]);
    const rest = (await get('/sett/daily/page?page_size=10&page_num=1&start_date=2026-10-01&end_date=2026-11-15')).json
      .body;
    expect(rest.page.total_count).toBe(4);
    expect(rest.data.map((d: { date: string; share_amount: string }) => [d.date, d.share_amount])).toEqual([
      ['2026-11-15', '6.00'],
      ['2026-11-10', '-8.00'],
      ['2026-11-01', '30.00'],
      ['2026-10-31', '40.00'],
    ]);
    expect(rest.data[0]).toMatchObject({ order_count: 0, settled_amount: '6.00' });
    expect((await get(`/sett/daily/page?app_id=${app.novel}`)).json.body.page.total_count).toBe(2);
  });

  it('aggregates by app and by every day of the range', async () => {
    const { json } = await get('/sett/order/aggregation');
    expect(json.body.start_date).toBe('2026-10-23');
    expect(json.body.end_date).toBe('2026-11-21');
    expect(json.body.by_day).toHaveLength(30);
    expect(json.body.by_day.at(-1)).toMatchObject({ date: '2026-11-21', share_amount: '80.00' });
    expect(json.body.by_day.find((d: { date: string }) => d.date === '2026-10-31')).toMatchObject({
      share_amount: '40.00',
      settled_amount: '40.00',
    });
    expect(json.body.by_day[0]).toMatchObject({ date: '2026-10-23', order_count: 0, share_amount: '0.00' });
    expect(
      json.body.by_app.map((a: { app_id: number | null; app_name: string; share_amount: string }) => [
        a.app_id,
        a.app_name,
        a.share_amount,
      ]),
    ).toEqual([
      [app.playletA, '甜橙短剧', '107.00'],
      [app.novel, '书香小说', '50.00'],
      [null, '其他', '6.00'],
    ]);

    const two = (await get('/sett/order/aggregation?start_date=2026-11-20&end_date=2026-11-21&task_type=1')).json.body;
    expect(two.by_day.map((d: { date: string; share_amount: string }) => [d.date, d.share_amount])).toEqual([
      ['2026-11-20', '15.00'],
      ['2026-11-21', '70.00'],
    ]);
    expect(two.by_app).toHaveLength(1);
    expect(two.by_app[0]).toMatchObject({ app_id: app.playletA, order_count: 2, refund_count: 1 });
  });

  it('lists the apps of a task type with the creator’s income, idle apps as zeros', async () => {
    const playlets = (await get('/sett/app/list?task_type=1')).json.body.data;
    expect(playlets).toEqual([
      {
        app_id: app.playletA,
        app_name: '甜橙短剧',
        app_icon: 'https://cdn.example.com/1.png',
        order_count: 3,
        refund_count: 2,
        order_amount: '107.00',
        share_amount: '107.00',
        own_share_amount: '107.00',
        team_share_amount: '0.00',
        settled_amount: '22.00',
        to_be_settled_amount: '85.00',
      },
      {
        app_id: app.playletIdle,
        app_name: '星河剧场',
        app_icon: 'https://cdn.example.com/3.png',
        order_count: 0,
        refund_count: 0,
        order_amount: '0.00',
        share_amount: '0.00',
        own_share_amount: '0.00',
        team_share_amount: '0.00',
        settled_amount: '0.00',
        to_be_settled_amount: '0.00',
      },
    ]);
    const novels = (await get('/sett/app/list?task_type=2')).json.body.data;
    // The 10.00 team leader share of a member's order is income of the app, not of the creator's own task.
    expect(novels).toEqual([
      expect.objectContaining({
        app_id: app.novel,
        share_amount: '50.00',
        own_share_amount: '40.00',
        team_share_amount: '10.00',
      }),
    ]);
    const theirs = (await get('/sett/app/list?task_type=2', tokens.other)).json.body.data;
    expect(theirs).toEqual([expect.objectContaining({ app_id: app.novel, share_amount: '0.00' })]);
  });

  it('refuses bad filters with Chinese messages naming the field', async () => {
    const message = async (url: string) => {
      const { status, json } = await get(url);
      expect(status).toBe(400);
      expect(json.code).toBe(ErrorCode.validation);
      return json.msg;
    };
    expect(await message('/sett/order/page?share_type=9')).toBe('分成类型不正确');
    expect(await message('/sett/order/page?sett_status=3')).toBe('结算状态不正确');
    expect(await message('/sett/order/page?start_date=2026-02-30')).toBe('开始日期格式应为YYYY-MM-DD');
    expect(await message('/sett/order/page?end_date=20261101')).toBe('结束日期格式应为YYYY-MM-DD');
    expect(await message('/sett/order/page?start_date=2026-11-02&end_date=2026-11-01')).toBe(
      '开始日期不能晚于结束日期',
    );
    expect(await message('/sett/order/page?page_size=1000')).toBe('每页数量不能超过100');
    expect(await message('/sett/order/page?app_id=abc')).toBe('应用编号不正确');
    expect(await message('/sett/app/list?task_type=3')).toBe('任务类型不正确');
    expect(await message('/sett/order/aggregation?start_date=2024-01-01&end_date=2026-01-01')).toBe(
      '日期范围不能超过366天',
    );
    expect(await message('/sett/data/export?kind=pdf')).toBe('导出类型不正确');
  });

  it('judges an aggregation range whose end defaults to today', async () => {
    expect((await get('/sett/order/aggregation?start_date=2020-01-01')).json).toMatchObject({
      code: ErrorCode.settlementRangeTooLong,
      msg: '日期范围不能超过366天',
    });
    expect((await get('/sett/order/aggregation?start_date=2026-12-01')).json).toMatchObject({
      code: ErrorCode.settlementRangeReversed,
      msg: '开始日期不能晚于结束日期',
    });
    const lastWeek = (await get('/sett/order/aggregation?end_date=2026-11-07')).json.body;
    expect([lastWeek.start_date, lastWeek.end_date, lastWeek.by_day.length]).toEqual(['2026-10-09', '2026-11-07', 30]);
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/sett/order/aggr', '/sett/order/page', '/sett/daily/page', '/sett/data/export']) {
      const { status, json } = await call(ctx.app, { method: 'GET', url: `/agent/v1${url}` });
      expect(status).toBe(401);
      expect(json.code).toBe(401);
    }
  });

  async function exportSheet(query: string, token = tokens.me) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/agent/v1/sett/data/export?${query}`,
      headers: { vendor: 'default', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { response, sheet, header: rows[0], rows: rows.slice(1) };
  }

  it('exports the filtered share orders as an xlsx with Chinese headers and a Chinese file name', async () => {
    const { response, sheet, header, rows } = await exportSheet('kind=orders');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_____2026-11-21.xlsx"; filename*=UTF-8''${encodeURIComponent('分成订单_2026-11-21.xlsx')}`,
    );
    expect(sheet.name).toBe('分成订单');
    expect(header).toEqual([
      '订单编号',
      '下单时间',
      '应用',
      '剧集',
      '分成类型',
      '订单类型',
      '推广人',
      '推广平台',
      '订单金额(元)',
      '分成金额(元)',
      '结算状态',
      '预计结算日期',
    ]);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual([
      'today-09',
      new Date('2026-11-21T09:00:00Z'), // an Excel date showing Beijing wall-clock time
      '甜橙短剧',
      '重生之我在北京',
      '我的分成',
      '充值',
      '我自己',
      '短视频平台',
      71,
      70,
      '待结算',
      new Date('2026-11-24T00:00:00Z'),
    ]);
    const settled = await exportSheet('kind=orders&sett_status=2&start_date=2026-11-01&end_date=2026-11-30');
    expect(settled.rows.map((r) => r[9])).toEqual([6, -8, 30]);
    expect(decodeURIComponent(settled.response.headers['content-disposition']!.split("''")[1]!)).toBe(
      '分成订单_2026-11-01至2026-11-30.xlsx',
    );
    expect((await exportSheet('kind=orders', tokens.other)).rows).toHaveLength(1);
    expect((await exportSheet('kind=orders', tokens.member)).rows).toHaveLength(0);
  });

  it('exports daily figures', async () => {
    const { sheet, header, rows } = await exportSheet('kind=daily');
    expect(sheet.name).toBe('每日收益');
    expect(header).toEqual(['日期', '订单数', '退款数', '订单金额(元)', '分成金额(元)', '已结算(元)', '待结算(元)']);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual([new Date('2026-11-21T00:00:00Z'), 2, 0, 82, 80, 0, 80]);
  });

  it('exports every row across keyset batches, ties on order_at included', async () => {
    const total = EXPORT_BATCH_ROWS * 2 + 37;
    const rows = Array.from({ length: total }, (_, i) =>
      share(ids.bulk, bj(2026, 11, 1, 8) + Math.floor(i / 7) * 60_000, 100 + i, { receipt_id: null }),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await ctx.database.db
        .insertInto('share_orders')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    await rebuildShareRollup(ctx.database.db);
    const exported = await exportSheet('kind=orders', tokens.bulk);
    expect(exported.rows).toHaveLength(total);
    expect(new Set(exported.rows.map((r) => r[0])).size).toBe(total);
    expect((await get('/sett/order/page', tokens.bulk)).json.body.page.total_count).toBe(total);
  });
});
