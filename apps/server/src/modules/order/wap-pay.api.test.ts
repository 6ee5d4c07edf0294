/**
 * Paying on a phone: Alipay's mobile-browser cashier (alipay.trade.wap.pay) through the sandbox, over
 * HTTP as a browser and Alipay reach it — the signed link, the cashier, the return with Alipay's parameters and the
 * notification, in every order they can arrive, pressed twice, and on orders that were closed meanwhile.
 */
import net from 'node:net';
import { ErrorCode } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { rsa2Verify, signContent } from '../../providers/payment/alipay-signing.js';
import { seedDemoData } from '../../demo/demo-seed.js';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(`phone payment through Alipay's wap cashier (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The app listens, so the sandbox's notifications reach it over HTTP as Alipay's do.
    ctx = await createTestApp({ PORT: String(port), PUBLIC_BASE_URL: origin });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterEach(() => {
    ctx.sandbox.notifyRetryMs = [];
    return expectBooksBalanced(ctx);
  });
  afterAll(() => ctx.close());

  async function newAgent() {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    return token;
  }
  const get = (token: string, url: string) => call(ctx.app, { method: 'GET', url, token });
  const createWap = (token: string, proId: number) =>
    call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: proId, pay_channel: 'wap' } });
  const status = async (token: string, orderNo: string) =>
    (await get(token, `/agent/v1/order/get_status?order_no=${orderNo}`)).json.body;
  const totals = async (token: string) => (await get(token, '/agent/v1/credit/total')).json.body;

  /** The browser follows the signed link: the gateway sends it on to the cashier (or shows Alipay's error page). */
  async function openLink(payUrl: string): Promise<{ cashier: string; page: string }> {
    const response = await fetch(payUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) return { cashier: '', page: await response.text() };
    const cashier = new URL(location, payUrl).toString();
    return { cashier, page: await (await fetch(cashier)).text() };
  }

  /** 确认支付 on the cashier; the answer's redirect is where the browser goes next. */
  async function confirm(cashier: string): Promise<{ location: string | null; page: string }> {
    const token = new URL(cashier).searchParams.get('t') ?? '';
    const response = await fetch(new URL('/dev/alipay/cashier', cashier), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: token, action: 'pay' }).toString(),
    });
    return { location: response.headers.get('location'), page: await response.text() };
  }

  const outTradeNoOf = (payUrl: string) =>
    (JSON.parse(new URL(payUrl).searchParams.get('biz_content') ?? '{}') as { out_trade_no: string }).out_trade_no;

  it('orders for the phone: a signed wap.pay link back to the order page, no QR; QR stays the default', async () => {
    const token = await newAgent();
    const { json } = await createWap(token, 7);
    expect(json.body).toMatchObject({ pay_channel: 'wap', pay_qr_code: '', qr_expires_at: null, price: '30.00' });
    const link = new URL(json.body.pay_url);
    expect(link.pathname).toBe('/dev/alipay/gateway.do');
    expect(link.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(link.searchParams.get('sign_type')).toBe('RSA2');
    expect(link.searchParams.get('sign')).toBeTruthy();
    expect(link.searchParams.get('timestamp')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const orderPage = `${origin}/pay/result?order_no=${json.body.order_no}`;
    expect(link.searchParams.get('return_url')).toBe(orderPage);
    expect(link.searchParams.get('notify_url')).toBe(`${origin}/pay/alipay/notify`);
    const biz = JSON.parse(link.searchParams.get('biz_content')!);
    expect(biz).toMatchObject({
      total_amount: '30.00',
      product_code: 'QUICK_WAP_WAY',
      quit_url: orderPage,
      subject: '创作者中心积分-进阶包',
    });
    // Alipay closes the trade when the order's 9:59 ends (Beijing time).
    const expiry = Date.parse(json.body.expires_at) + 8 * 3600_000;
    expect(biz.time_expire).toBe(new Date(expiry).toISOString().slice(0, 19).replace('T', ' '));

    const qr = (await call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: 7 } })).json;
    expect(qr.body).toMatchObject({ pay_channel: 'qr', pay_url: '' });
    expect(qr.body.pay_qr_code).toMatch(/\/dev\/alipay\/cashier\?t=/);
    const bad = await call(ctx.app, {
      url: '/agent/v1/order/create',
      token,
      body: { type: 1, pro_id: 7, pay_channel: 'app' },
    });
    expect(bad.json).toMatchObject({ code: ErrorCode.validation, msg: expect.stringContaining('支付渠道不正确') });
  });

  it('the phone pays in the cashier: notified and credited once, then back to the order page with signed parameters', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 7)).json.body;
    const { cashier, page } = await openLink(order.pay_url);
    expect(page).toContain('¥30.00');
    expect(page).toContain(outTradeNoOf(order.pay_url));
    expect(page).toContain('确认支付');
    const paid = await confirm(cashier);
    const back = new URL(paid.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/pay/result`);
    expect(back.searchParams.get('order_no')).toBe(order.order_no);
    expect(back.searchParams.get('method')).toBe('alipay.trade.wap.pay.return');
    expect(back.searchParams.get('out_trade_no')).toBe(outTradeNoOf(order.pay_url));
    expect(back.searchParams.get('total_amount')).toBe('30.00');
    const { order_no: _ours, sign, sign_type: _type, ...returned } = Object.fromEntries(back.searchParams);
    expect(rsa2Verify(signContent(returned), sign!, ctx.sandbox.keys.alipay.publicKey)).toBe(true);
    // The notification came first: the order is paid before the page asks.
    expect(await totals(token)).toEqual({ total: 450, buy: 300, gift: 150 });
    expect(await status(token, order.order_no)).toMatchObject({ status: 'TRADE_SUCCESS', pay_url: '' });
    expect(ctx.sandbox.notificationAttempts(outTradeNoOf(order.pay_url))).toBe(1);
  });

  it('确认支付 pressed twice, even at once: one payment, one notification, both presses return to the order', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 1)).json.body;
    const { cashier } = await openLink(order.pay_url);
    const presses = await Promise.all([confirm(cashier), confirm(cashier)]);
    expect(presses.map((p) => new URL(p.location!).pathname)).toEqual(['/pay/result', '/pay/result']);
    const again = await confirm(cashier);
    expect(new URL(again.location!).searchParams.get('trade_no')).toBe(
      new URL(presses[0].location!).searchParams.get('trade_no'),
    );
    expect(ctx.sandbox.notificationAttempts(outTradeNoOf(order.pay_url))).toBe(1);
    expect(await totals(token)).toEqual({ total: 100, buy: 100, gift: 0 });
    // Opening the link of a paid trade shows Alipay's refusal, never a second cashier.
    expect((await openLink(order.pay_url)).page).toContain('交易已支付');
  });

  it('back before the notification: the order page’s query credits; the retried notification later changes nothing', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 7)).json.body;
    const outTradeNo = outTradeNoOf(order.pay_url);
    const { cashier } = await openLink(order.pay_url);
    ctx.sandbox.loseNextNotifications(1);
    ctx.sandbox.notifyRetryMs = [60 * 60_000];
    const paid = await confirm(cashier);
    expect(paid.location).toContain('/pay/result');
    expect(await totals(token)).toEqual({ total: 0, buy: 0, gift: 0 });
    // The order page polls: the server asks Alipay, which says paid.
    expect(await status(token, order.order_no)).toMatchObject({ status: 'TRADE_SUCCESS', order_status: 2 });
    expect(await totals(token)).toEqual({ total: 450, buy: 300, gift: 150 });
    // Alipay's retry arrives (here: sent now rather than in an hour), twice over, in parallel.
    const trade = ctx.sandbox.trade(outTradeNo)!;
    const late = ctx.sandbox.notificationOf(trade);
    const answers = await Promise.all([ctx.sandbox.deliver(trade, late), ctx.sandbox.deliver(trade, late)]);
    expect(answers).toEqual([true, true]);
    expect(await totals(token)).toEqual({ total: 450, buy: 300, gift: 150 });
  });

  it('a lost notification is retried on the schedule until the server acknowledges it', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 1)).json.body;
    const outTradeNo = outTradeNoOf(order.pay_url);
    const { cashier } = await openLink(order.pay_url);
    ctx.sandbox.loseNextNotifications(2);
    ctx.sandbox.notifyRetryMs = [0, 0, 0];
    const acknowledged = ctx.sandbox.acknowledged(outTradeNo);
    await confirm(cashier);
    await acknowledged;
    expect(ctx.sandbox.notificationAttempts(outTradeNo)).toBe(3);
    expect(await totals(token)).toEqual({ total: 100, buy: 100, gift: 0 });
  });

  it('Alipay outlives its process: after a restart a paid trade stays paid and its link opens no second cashier', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 1)).json.body;
    const { cashier } = await openLink(order.pay_url);
    await confirm(cashier);
    expect(await totals(token)).toEqual({ total: 100, buy: 100, gift: 0 });
    await ctx.restartSandbox();
    expect(ctx.sandbox.trade(outTradeNoOf(order.pay_url))?.status).toBe('TRADE_SUCCESS');
    // The buyer reopens the link (history, a second tap): Alipay refuses, the ¥10 cannot be taken twice.
    const again = await openLink(order.pay_url);
    expect(again.cashier).toBe('');
    expect(again.page).toContain('交易已支付');
    expect(await totals(token)).toEqual({ total: 100, buy: 100, gift: 0 });
  });

  it('a notification not yet acknowledged when Alipay restarts is still retried, and its query still says paid', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 1)).json.body;
    const outTradeNo = outTradeNoOf(order.pay_url);
    const { cashier } = await openLink(order.pay_url);
    ctx.sandbox.loseNextNotifications(1);
    ctx.sandbox.notifyRetryMs = [60 * 60_000];
    await confirm(cashier);
    expect(await totals(token)).toEqual({ total: 0, buy: 0, gift: 0 });
    await ctx.restartSandbox();
    // The retry that was due in an hour comes now.
    expect(await ctx.sandbox.retryPendingNotifications()).toMatchObject({ [outTradeNo]: true });
    expect(ctx.sandbox.notificationAttempts(outTradeNo)).toBe(2);
    expect(await totals(token)).toEqual({ total: 100, buy: 100, gift: 0 });
    expect(await ctx.sandbox.retryPendingNotifications()).not.toHaveProperty(outTradeNo);
    expect(await status(token, order.order_no)).toMatchObject({ status: 'TRADE_SUCCESS', order_status: 2 });
  });

  it('the default schedule is Alipay’s: 4m 10m 10m 1h 2h 6h 15h', async () => {
    const { ALIPAY_NOTIFY_RETRY_MS } = await import('../../providers/payment/alipay-sandbox.js');
    expect(ALIPAY_NOTIFY_RETRY_MS.map((ms) => ms / 60_000)).toEqual([4, 10, 10, 60, 120, 360, 900]);
  });

  it('a cancelled order cannot be paid: the link opens on 交易已关闭, an open cashier refuses to pay', async () => {
    const token = await newAgent();
    const unopened = (await createWap(token, 7)).json.body;
    expect((await get(token, `/agent/v1/order/cancel?order_no=${unopened.order_no}`)).json.body.status).toBe(
      'TRADE_CLOSED',
    );
    expect((await openLink(unopened.pay_url)).page).toContain('交易已关闭');

    const opened = (await createWap(token, 7)).json.body;
    const { cashier } = await openLink(opened.pay_url);
    await get(token, `/agent/v1/order/cancel?order_no=${opened.order_no}`);
    const pressed = await confirm(cashier);
    expect(pressed.location).toBeNull();
    expect(pressed.page).toContain('交易已关闭');
    expect(ctx.sandbox.trade(outTradeNoOf(opened.pay_url))?.status).toBe('TRADE_CLOSED');
    expect(ctx.sandbox.notificationAttempts(outTradeNoOf(opened.pay_url))).toBe(0);
    expect(await totals(token)).toEqual({ total: 0, buy: 0, gift: 0 });
  });

  it('a timed-out order cannot be paid: Alipay closes the trade at time_expire, the order times out uncredited', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 7)).json.body;
    const { cashier } = await openLink(order.pay_url);
    ctx.clock.advance(600_000);
    const pressed = await confirm(cashier);
    expect(pressed.page).toContain('交易已关闭');
    expect((await openLink(order.pay_url)).page).toContain('交易已关闭');
    expect(await status(token, order.order_no)).toMatchObject({ status: 'TRADE_CLOSED', pay_url: '' });
    expect(await totals(token)).toEqual({ total: 0, buy: 0, gift: 0 });
  });

  it('a refused switch to the wallet keeps the same Alipay link', async () => {
    const token = await newAgent();
    const order = (await createWap(token, 7)).json.body;
    const wallet = (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=2`)).json;
    // A new creator has no wallet money: the switch is refused and the Alipay link stays as it was.
    expect(wallet.code).not.toBe(0);
    const still = await status(token, order.order_no);
    expect(outTradeNoOf(still.pay_url)).toBe(outTradeNoOf(order.pay_url));
  });
});

describe(`phone payment in certificate mode (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const port = await freePort();
    ctx = await createTestApp({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, ALIPAY_MODE: 'cert' });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  it('signs the link with the certificates’ SNs, which the gateway checks before opening the cashier', async () => {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const order = (
      await call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: 1, pay_channel: 'wap' } })
    ).json.body;
    const link = new URL(order.pay_url);
    expect(link.searchParams.get('app_cert_sn')).toBeTruthy();
    expect(link.searchParams.get('alipay_root_cert_sn')).toBeTruthy();
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.headers.get('location')).toMatch(/^\/dev\/alipay\/cashier\?t=/);
    link.searchParams.set('app_cert_sn', '0');
    expect(await (await fetch(link, { redirect: 'manual' })).text()).toContain('isv.invalid-signature');
  });
});
