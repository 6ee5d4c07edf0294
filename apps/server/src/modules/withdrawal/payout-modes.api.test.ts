// The server runs in New York time here: Alipay's `timestamp` must still be Beijing time.
process.env.TZ = 'America/New_York';

import { OutStatus } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { readyCreator, codeFor } from '../../../test/payee-fixtures.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { beijingDateTime } from '../../beijing-time.js';
import { certSn, rootCertSn } from '../../providers/payment/alipay-certs.js';
import { AlipayClient } from '../../providers/payment/alipay-client.js';
import { rsa2Sign, signContent } from '../../providers/payment/alipay-signing.js';

const OPERATOR_TOKEN = 'operator-token-for-payout-mode-tests-0123456789';
const QUERY = 'alipay.fund.trans.common.query';

describe(`Alipay payouts in certificate mode, server in another time zone (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN, ALIPAY_MODE: 'cert' });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  const ops = (url: string, body: unknown = {}) => call(ctx.app, { url, token: OPERATOR_TOKEN, body });
  const certs = () => ctx.sandbox.keys.certs!;

  /** A gateway request signed with the app's key, as alipay-sdk would send it in certificate mode. */
  function signedRequest(overrides: Record<string, string>): Record<string, string> {
    const params: Record<string, string> = {
      app_id: ctx.sandbox.keys.appId,
      method: QUERY,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      timestamp: beijingDateTime(Date.now()),
      app_cert_sn: certSn(certs().app),
      alipay_root_cert_sn: rootCertSn(certs().root),
      biz_content: JSON.stringify({ out_biz_no: 'NOSUCHW1N1' }),
      ...overrides,
    };
    return { ...params, sign: rsa2Sign(signContent(params), ctx.sandbox.keys.app.privateKey) };
  }

  it('runs in a zone that is not Beijing time', () => {
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(300);
  });

  it('pays a withdrawal through alipay-sdk with the app, Alipay and root certificates', async () => {
    const creator = await readyCreator(ctx, 10_000);
    const code = await codeFor(ctx, creator, 4);
    const applied = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      body: { amount: '45', cash_out_to: 2, code },
    });
    const id = applied.json.body.id as number;
    await ops(`/ops/v1/withdrawals/${id}/approve`);
    await ops(`/ops/v1/withdrawals/${id}/pay`);
    const { out_biz_no: outBizNo } = await ctx.database.db
      .selectFrom('cash_outs')
      .select('out_biz_no')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await ctx.services.withdrawals.payout(id, outBizNo!)).toBe('paid');
    expect(ctx.sandbox.transfersMade().filter((t) => t.outBizNo === outBizNo)).toMatchObject([{ amountFen: 4_500 }]);
    const detail = await call(ctx.app, {
      method: 'GET',
      url: `/agent/v1/sett/cash_out/detail?id=${id}`,
      token: creator.token,
    });
    expect(detail.json.body.out_status).toBe(OutStatus.Complete);
  });

  it('answers with the SN of its certificate and refuses requests without the right certificate SNs', async () => {
    expect(ctx.sandbox.handleGateway(signedRequest({}))).toContain(`"alipay_cert_sn":"${certSn(certs().alipay)}"`);
    expect(ctx.sandbox.handleGateway(signedRequest({}))).toContain('ORDER_NOT_EXIST');
    expect(ctx.sandbox.handleGateway(signedRequest({ app_cert_sn: '0'.repeat(32) }))).toContain(
      'isv.app-cert-sn-invalid',
    );
    const { app_cert_sn: _app, alipay_root_cert_sn: _root, ...keyMode } = signedRequest({});
    expect(
      ctx.sandbox.handleGateway({ ...keyMode, sign: rsa2Sign(signContent(keyMode), ctx.sandbox.keys.app.privateKey) }),
    ).toContain('isv.app-cert-sn-invalid');
    // A client in public-key mode (no certificates) is refused, as by Alipay.
    const keyClient = new AlipayClient({
      appId: ctx.sandbox.keys.appId,
      privateKey: ctx.sandbox.keys.app.privateKey,
      trust: { mode: 'key', alipayPublicKey: ctx.sandbox.keys.alipay.publicKey },
      gateway: ctx.config.payment.gateway!,
      notifyUrl: 'http://127.0.0.1/notify',
    });
    await expect(keyClient.transferQuery('NOSUCHW1N1')).rejects.toThrow(/isv.app-cert-sn-invalid/);
  });

  it('refuses a timestamp that is not Beijing time, as Alipay does', () => {
    const local = new Date();
    const localTime = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}:${String(local.getSeconds()).padStart(2, '0')}`;
    expect(ctx.sandbox.handleGateway(signedRequest({ timestamp: localTime }))).toContain('isv.invalid-timestamp');
    const stale = beijingDateTime(Date.now() - 10 * 60_000);
    expect(ctx.sandbox.handleGateway(signedRequest({ timestamp: stale }))).toContain('isv.invalid-timestamp');
  });
});
