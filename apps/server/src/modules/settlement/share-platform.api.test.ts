/**
 * Share orders carry the platform their creator promotes on when their filed channels tell it: on
 * `/sett/order/page` and in the export, 其他 (5) when it is not known.
 */
import { OrderType, Platform, fenToYuan } from '@cc/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApps, reportOrder, type PartnerApp } from '../../../test/open-orders.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';

const OPERATOR_TOKEN = 'operator-token-for-share-platform-0123';
const CHANNEL_URLS: Partial<Record<Platform, string>> = {
  [Platform.ShortVideo]: 'https://www.douyin.com/user/',
  [Platform.VideoSharing]: 'https://space.bilibili.com/',
};

describe(`share orders carry the promotion platform (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let partners: PartnerApp[];
  let task: { task_id: number; app_id: number };
  let serial = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    partners = await partnerApps(ctx, OPERATOR_TOKEN);
    task = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/page?task_type=1&page_size=1' })).json.body
      .data[0];
  });
  afterAll(() => ctx.close());

  /** A creator with their filings (approved unless said otherwise), who received the task; their promotion code. */
  async function creator(filings: { platform: Platform; approved: boolean }[]) {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    for (const filing of filings) {
      serial += 1;
      const created = await call(ctx.app, {
        url: '/agent/v1/user/account/create',
        token,
        body: {
          platform: filing.platform,
          channel_name: `推广号${serial}`,
          channel_id: `sp_${process.pid}_${serial}`,
          channel_url: `${CHANNEL_URLS[filing.platform]}${serial}`,
        },
      });
      expect(created.json.code).toBe(0);
      if (filing.approved) {
        const url = `/ops/v1/channels/${created.json.body.id}/approve`;
        expect((await call(ctx.app, { url, token: OPERATOR_TOKEN, vendor: null })).json.code).toBe(0);
      }
    }
    const received = await call(ctx.app, { url: '/agent/v1/task/receive', token, body: { ...task, task_type: 1 } });
    return { token, code: received.json.body.code as string };
  }

  async function rechargeAndRefund(code: string) {
    const partner = partners.find((p) => p.app_id === task.app_id)!;
    const orderId = `sp-${process.pid}-${(serial += 1)}`;
    const at = new Date(ctx.clock.now()).toISOString();
    const order = { order_id: orderId, code, amount: fenToYuan(2990), order_at: at };
    expect(await reportOrder(ctx, partner, { ...order, order_type: OrderType.Recharge })).toBe('attributed');
    const refund = { ...order, order_id: `${orderId}-R`, amount: fenToYuan(990), refund_of: orderId };
    expect(await reportOrder(ctx, partner, { ...refund, order_type: OrderType.Refund })).toBe('attributed');
  }

  /** The platform (and its text) of each of the creator's share orders, on the page and in the export. */
  async function platformsOf(token: string) {
    const page = await call(ctx.app, { method: 'GET', url: '/agent/v1/sett/order/page?page_size=10', token });
    const shown = (page.json.body.data as { platform: number; platform_text: string }[]).map((row) => [
      row.platform,
      row.platform_text,
    ]);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/agent/v1/sett/data/export?kind=orders',
      headers: { vendor: 'default', authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('推广平台');
    const texts: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) texts.push(row.getCell(column).value);
    });
    return { shown, texts };
  }

  it('stores the platform of the creator’s approved channels on the shares of their orders, refunds included', async () => {
    const known = await creator([
      { platform: Platform.ShortVideo, approved: true },
      { platform: Platform.ShortVideo, approved: true },
      // A pending filing elsewhere is not yet a channel the creator promotes on.
      { platform: Platform.VideoSharing, approved: false },
    ]);
    await rechargeAndRefund(known.code);
    expect(await platformsOf(known.token)).toEqual({
      shown: [
        [Platform.ShortVideo, '短视频平台'],
        [Platform.ShortVideo, '短视频平台'],
      ],
      texts: ['短视频平台', '短视频平台'],
    });
  });

  it('says 其他 when the platform is not known: no approved channel, or channels on several platforms', async () => {
    for (const filings of [
      [],
      [{ platform: Platform.ShortVideo, approved: false }],
      [
        { platform: Platform.ShortVideo, approved: true },
        { platform: Platform.VideoSharing, approved: true },
      ],
    ]) {
      const unknown = await creator(filings);
      await rechargeAndRefund(unknown.code);
      expect(await platformsOf(unknown.token)).toEqual({
        shown: [
          [Platform.Other, '其他'],
          [Platform.Other, '其他'],
        ],
        texts: ['其他', '其他'],
      });
    }
  });
});
