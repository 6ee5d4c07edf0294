/**
 * A form body (`application/x-www-form-urlencoded`) is read only by the endpoints whose entry says they take one
 * (`formBody`), as the OpenAPI document tells callers; every other endpoint takes JSON alone.
 */
import { authApi, ErrorCode, promotionApi } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';

const FORM = { vendor: 'default', 'content-type': 'application/x-www-form-urlencoded' };

describe(`form bodies (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('are refused by an endpoint that takes JSON, before it runs', async () => {
    const phone = nextPhone();
    const response = await ctx.app.inject({
      method: 'POST',
      url: authApi.sendCode.path,
      headers: FORM,
      payload: `phone=${phone}&type=1`,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: ErrorCode.validation, msg: '请求参数不正确', body: null });
    // Nothing was sent.
    const outbox = await ctx.app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` });
    expect(outbox.json().body.data).toEqual([]);
  });

  it('are read by an endpoint whose entry takes a form', async () => {
    expect(promotionApi.activate.formBody).toBe(true);
    const token = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const response = await ctx.app.inject({
      method: 'POST',
      url: promotionApi.activate.path,
      headers: { ...FORM, authorization: `Bearer ${token}` },
      payload: 'atr_id=999999',
    });
    // Parsed and validated: the receipt is unknown, not the body.
    expect(response.json().code).toBe(ErrorCode.receiptNotFound);
  });
});
