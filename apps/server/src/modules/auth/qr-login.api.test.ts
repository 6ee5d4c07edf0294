/**
 * QR login: a desktop creates a QR and polls; a logged-in phone scans and confirms; the token goes to
 * the creating browser once, never to anyone holding only the QR's id.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  loginAs,
  nextPhone,
  testDatabaseKind,
  VENDOR,
  type TestContext,
} from '../../../test/test-app.js';
import { describeDevice, maskIp } from './qr-login.service.js';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe(`QR login (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The desktop of these tests opens the product at a LAN address, listed as one of its hosts.
    ctx = await createTestApp({ PUBLIC_HOSTS: 'localhost,192.168.1.20' });
  });
  afterAll(() => ctx.close());

  /** The desktop: creates a QR and keeps its cookie, as a browser would. */
  async function createQr(ip = '203.0.113.7') {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/v1/user/login/create_qr',
      headers: { vendor: VENDOR, 'user-agent': DESKTOP_UA, host: '192.168.1.20:8080' },
      remoteAddress: ip,
    });
    const setCookie = String(response.headers['set-cookie']);
    const cookie = setCookie.split(';')[0]!;
    return { response, json: response.json(), cookie, setCookie };
  }

  async function check(qrId: unknown, cookie?: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/v1/user/login/check_qr',
      headers: { vendor: VENDOR, ...(cookie && { cookie }) },
      payload: { qr_id: qrId },
    });
    return { status: response.statusCode, json: response.json() };
  }

  async function phoneToken(phone = nextPhone()): Promise<string> {
    return (await loginAs(ctx, phone)).json.body.access_token;
  }

  const phoneCall = (action: 'scan_qr' | 'confirm_qr' | 'cancel_qr', qrId: string, token?: string) =>
    call(ctx.app, { url: `/agent/v1/user/login/${action}`, body: { qr_id: qrId }, token });

  it('creates a two-minute QR whose secret stays in an HttpOnly cookie, never in the QR', async () => {
    const { response, json, setCookie } = await createQr();
    expect(response.statusCode).toBe(200);
    expect(json.code).toBe(0);
    const { qr_id, qr_url, expires_at } = json.body;
    expect(qr_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // PUBLIC_BASE_URL is unset: the QR leads to the (listed) address the desktop opened, so a phone on the LAN reaches it.
    expect(qr_url).toBe(`http://192.168.1.20:8080/qr-login?id=${qr_id}`);
    expect(Date.parse(expires_at) - ctx.clock.now()).toBe(120_000);
    expect(setCookie).toMatch(new RegExp(`^cc_qr_${qr_id}=[A-Za-z0-9_-]{43}; Path=/agent/v1/user/login; `));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(qr_url).not.toContain(setCookie.split(';')[0]!.split('=')[1]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('goes waiting → scanned → confirmed, and gives the creating browser a working token exactly once', async () => {
    const phone = nextPhone();
    const token = await phoneToken(phone);
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;

    expect((await check(qrId, cookie)).json.body.status).toBe('waiting');

    const scanned = await phoneCall('scan_qr', qrId, token);
    expect(scanned.json.code).toBe(0);
    expect(scanned.json.body).toMatchObject({ status: 'scanned', device: 'Chrome · Windows', ip: '203.0.*.*' });
    expect((await check(qrId, cookie)).json.body.status).toBe('scanned');

    expect((await phoneCall('confirm_qr', qrId, token)).json).toMatchObject({ code: 0, msg: '已确认登录' });
    const collected = await check(qrId, cookie);
    expect(collected.json).toMatchObject({ code: 0, msg: '登录成功', body: { status: 'confirmed' } });
    const desktopToken: string = collected.json.body.access_token;
    expect(desktopToken).toBeTruthy();
    expect(desktopToken).not.toBe(token);
    const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: desktopToken });
    expect(info.json.body.phone).toContain(phone.slice(-4));

    const again = await check(qrId, cookie);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: ErrorCode.qrLoginUsed, msg: ErrorMessages.qrLoginUsed, body: null });
  });

  it('never gives the token to a poll without the creating browser’s secret', async () => {
    const token = await phoneToken();
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;
    await phoneCall('confirm_qr', qrId, token);

    const stranger = await check(qrId);
    expect(stranger.status).toBe(403);
    expect(stranger.json.code).toBe(ErrorCode.qrLoginForeign);
    const forged = await check(qrId, `cc_qr_${qrId}=${'A'.repeat(43)}`);
    expect(forged.json.code).toBe(ErrorCode.qrLoginForeign);
    // Another QR's cookie is not this QR's.
    const other = await createQr();
    const borrowed = await check(qrId, other.cookie.replace(other.json.body.qr_id, qrId));
    expect(borrowed.json.code).toBe(ErrorCode.qrLoginForeign);
    // The rightful browser still collects it.
    expect((await check(qrId, cookie)).json.body.access_token).toBeTruthy();
  });

  it('hands out one token when the desktop polls many times at once', async () => {
    const token = await phoneToken();
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;
    await phoneCall('confirm_qr', qrId, token);
    const polls = await Promise.all(Array.from({ length: 8 }, () => check(qrId, cookie)));
    const tokens = polls.map((poll) => poll.json.body?.access_token).filter(Boolean);
    expect(tokens).toHaveLength(1);
    expect(polls.filter((poll) => poll.json.code === ErrorCode.qrLoginUsed)).toHaveLength(7);
  });

  it('belongs to the first phone that scans it: a second creator can neither confirm nor cancel', async () => {
    const first = await phoneToken();
    const second = await phoneToken();
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;
    expect((await phoneCall('scan_qr', qrId, first)).json.code).toBe(0);

    for (const action of ['scan_qr', 'confirm_qr', 'cancel_qr'] as const) {
      const refused = await phoneCall(action, qrId, second);
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe(ErrorCode.qrLoginUsed);
    }
    expect((await check(qrId, cookie)).json.body.status).toBe('scanned');
    expect((await phoneCall('confirm_qr', qrId, first)).json.code).toBe(0);
  });

  it('lets the phone cancel, after which nobody can confirm', async () => {
    const token = await phoneToken();
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;
    await phoneCall('scan_qr', qrId, token);
    expect((await phoneCall('cancel_qr', qrId, token)).json).toMatchObject({ code: 0, msg: '已取消登录' });
    expect((await check(qrId, cookie)).json.body).toEqual({ status: 'cancelled', expires_at: json.body.expires_at });
    expect((await phoneCall('confirm_qr', qrId, token)).json.code).toBe(ErrorCode.qrLoginUsed);
    expect((await check(qrId, cookie)).json.body.access_token).toBeUndefined();
  });

  it('expires after two minutes: no scan, no confirm, no token', async () => {
    const token = await phoneToken();
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;
    ctx.clock.advance(120_001);
    expect((await check(qrId, cookie)).json.body.status).toBe('expired');
    const late = await phoneCall('confirm_qr', qrId, token);
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ code: ErrorCode.qrLoginExpired, msg: ErrorMessages.qrLoginExpired });
    expect((await phoneCall('scan_qr', qrId, token)).json.code).toBe(ErrorCode.qrLoginExpired);
  });

  it('lets a login confirmed just before expiry be collected by the poll in flight, then not', async () => {
    const token = await phoneToken();
    const { json, cookie } = await createQr();
    const qrId: string = json.body.qr_id;
    ctx.clock.advance(119_000);
    await phoneCall('confirm_qr', qrId, token);
    ctx.clock.advance(5_000);
    expect((await check(qrId, cookie)).json.body.access_token).toBeTruthy();

    const lateQr = await createQr();
    await phoneCall('confirm_qr', lateQr.json.body.qr_id, token);
    ctx.clock.advance(120_000 + 31_000);
    const stale = await check(lateQr.json.body.qr_id, lateQr.cookie);
    expect(stale.json.body).toMatchObject({ status: 'expired' });
    expect(stale.json.body.access_token).toBeUndefined();
  });

  it('needs the phone’s own login to scan or confirm', async () => {
    const { json } = await createQr();
    for (const action of ['scan_qr', 'confirm_qr', 'cancel_qr'] as const) {
      const anonymous = await phoneCall(action, json.body.qr_id);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.code).toBe(401);
    }
  });

  it('answers odd ids with a Chinese message and unknown ones with not found', async () => {
    const token = await phoneToken();
    for (const bad of ['', 'a%2F..%2F', '../../etc', 12345, null, 'x'.repeat(100)]) {
      const refused = await check(bad);
      expect(refused.status).toBe(400);
      expect(refused.json.msg).toContain('二维码编号');
    }
    const unknown = await check('A'.repeat(24));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: ErrorCode.qrLoginNotFound, msg: ErrorMessages.qrLoginNotFound });
    expect((await phoneCall('confirm_qr', 'B'.repeat(24), token)).json.code).toBe(ErrorCode.qrLoginNotFound);
  });

  it('uses the configured public address for the QR when there is one, and its cookie is then Secure', async () => {
    const publicCtx = await createTestApp({ PUBLIC_BASE_URL: 'https://cc.example.com/' });
    try {
      // TLS ends before this server: the request itself came over http.
      const response = await publicCtx.app.inject({
        method: 'POST',
        url: '/agent/v1/user/login/create_qr',
        headers: { vendor: VENDOR, host: 'evil.example' },
      });
      expect(response.json().body.qr_url).toMatch(/^https:\/\/cc\.example\.com\/qr-login\?id=[A-Za-z0-9_-]+$/);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await publicCtx.close();
    }
  });

  const createQrAt = (app: TestContext['app'], headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/agent/v1/user/login/create_qr',
      headers: { vendor: VENDOR, ...headers },
      remoteAddress,
    });

  it('never builds the QR address from a Host that is not listed', async () => {
    for (const host of [
      'evil.example',
      'evil.example:8080',
      'localhost:80@evil.example',
      '192.168.1.20.evil.example',
    ]) {
      const response = await createQrAt(ctx.app, { host });
      expect(response.json().body.qr_url, host).toMatch(/^http:\/\/localhost:8080\/qr-login\?id=[A-Za-z0-9_-]+$/);
    }
    const listed = await createQrAt(ctx.app, { host: 'localhost:3000' });
    expect(listed.json().body.qr_url).toMatch(/^http:\/\/localhost:3000\/qr-login\?id=/);
  });

  it('makes the cookie Secure behind a trusted TLS proxy, and believes no forwarding header from anyone else', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
    try {
      const forwarded = { host: 'localhost:8443', 'x-forwarded-proto': 'https' };
      const viaProxy = await createQrAt(proxied.app, forwarded, '10.1.2.3');
      expect(viaProxy.json().body.qr_url).toMatch(/^https:\/\/localhost:8443\/qr-login\?id=/);
      expect(String(viaProxy.headers['set-cookie'])).toMatch(/; Secure$/);
      const direct = await createQrAt(proxied.app, forwarded, '203.0.113.9');
      expect(direct.json().body.qr_url).toMatch(/^http:\/\/localhost:8443\/qr-login\?id=/);
      expect(String(direct.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await proxied.close();
    }
  });
});

describe('QR login helpers', () => {
  it('names the requesting browser and hides most of its address', () => {
    expect(describeDevice(DESKTOP_UA)).toBe('Chrome · Windows');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605 Version/17 Safari/605')).toBe(
      'Safari · macOS',
    );
    expect(describeDevice('curl/8')).toBe('未知浏览器');
    expect(maskIp('203.0.113.7')).toBe('203.0.*.*');
    expect(maskIp('::ffff:10.1.2.3')).toBe('10.1.*.*');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:*');
  });
});
