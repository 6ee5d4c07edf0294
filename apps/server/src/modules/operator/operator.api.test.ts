import { ErrorCode, OPERATOR_LOCK_AFTER_FAILURES } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import {
  createOperator,
  OPERATOR_PASSWORD,
  OPERATOR_TOKEN,
  operatorLogin,
  operatorSession,
} from '../../../test/operators.js';
import { totpCode } from '../../../test/totp-codes.js';

describe(`operator accounts and sessions (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
  });
  afterAll(() => ctx.close());

  const whoAmI = (token: string) => call(ctx.app, { method: 'GET', url: '/ops/v1/operators', token });

  it('creates an account with a TOTP secret and 10 recovery codes; the password is stored hashed', async () => {
    const created = await call(ctx.app, {
      url: '/ops/v1/operators',
      token: OPERATOR_TOKEN,
      body: { username: 'alice', password: OPERATOR_PASSWORD, role: 'admin' },
    });
    expect(created.json.code).toBe(0);
    expect(created.json.body.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.json.body.otpauth_url).toContain(`secret=${created.json.body.totp_secret}`);
    expect(new Set(created.json.body.recovery_codes).size).toBe(10);
    const row = await ctx.database.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', created.json.body.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(OPERATOR_PASSWORD);
    expect(row.totp_secret).not.toContain(created.json.body.totp_secret);

    const again = await call(ctx.app, {
      url: '/ops/v1/operators',
      token: OPERATOR_TOKEN,
      body: { username: 'alice', password: OPERATOR_PASSWORD, role: 'support' },
    });
    expect(again.json.code).toBe(ErrorCode.operatorUsernameTaken);

    const list = await whoAmI(OPERATOR_TOKEN);
    expect(list.json.body.data.map((o: { username: string }) => o.username)).toContain('alice');
    expect(JSON.stringify(list.json.body)).not.toContain('scrypt');
  });

  it('logs in with password and a TOTP code, and never accepts the same code twice', async () => {
    const operator = await createOperator(ctx, 'admin');
    ctx.clock.advance(30_000);
    const code = totpCode(operator.secret, ctx.clock.now());
    const login = await operatorLogin(ctx, operator, code);
    expect(login.json.code).toBe(0);
    expect((await whoAmI(login.json.body.access_token)).json.code).toBe(0);
    expect((await operatorLogin(ctx, operator, code)).json.code).toBe(ErrorCode.operatorTotpInvalid);

    const wrongPassword = await call(ctx.app, {
      url: '/ops/v1/auth/login',
      body: { username: operator.username, password: 'not the password', totp: code },
    });
    expect(wrongPassword.json.code).toBe(ErrorCode.operatorLoginFailed);
    const unknown = await call(ctx.app, {
      url: '/ops/v1/auth/login',
      body: { username: 'nobody', password: OPERATOR_PASSWORD, totp: code },
    });
    expect(unknown.json.code).toBe(ErrorCode.operatorLoginFailed);
    expect(unknown.json.msg).toBe(wrongPassword.json.msg);
  });

  it('accepts each recovery code once', async () => {
    const operator = await createOperator(ctx, 'support');
    const [first, second] = operator.recoveryCodes;
    expect((await operatorLogin(ctx, operator, first)).json.code).toBe(0);
    expect((await operatorLogin(ctx, operator, first)).json.code).toBe(ErrorCode.operatorTotpInvalid);
    expect((await operatorLogin(ctx, operator, second)).json.code).toBe(0);
  });

  it(`locks the account for a while after ${OPERATOR_LOCK_AFTER_FAILURES} failures in a row, and logs it`, async () => {
    const operator = await createOperator(ctx, 'finance');
    for (let i = 0; i < OPERATOR_LOCK_AFTER_FAILURES; i += 1) {
      const wrong = i % 2 === 0 ? { password: 'wrong password' } : { totp: '000000' };
      const failed = await call(ctx.app, {
        url: '/ops/v1/auth/login',
        body: { username: operator.username, password: OPERATOR_PASSWORD, totp: '000000', ...wrong },
      });
      expect(failed.json.code).not.toBe(0);
    }
    expect((await operatorLogin(ctx, operator)).json.code).toBe(ErrorCode.operatorLocked);
    const audit = await call(ctx.app, {
      method: 'GET',
      url: `/ops/v1/audit?action=operator.locked&object_id=${operator.id}`,
      token: OPERATOR_TOKEN,
    });
    expect(audit.json.body.page.total_count).toBe(1);

    ctx.clock.advance(15 * 60_000);
    expect((await operatorLogin(ctx, operator)).json.code).toBe(0);
  });

  it('refuses a disabled operator, and ends its sessions at once', async () => {
    const { operator, token } = await operatorSession(ctx, 'content');
    const disabled = await call(ctx.app, { url: `/ops/v1/operators/${operator.id}/disable`, token: OPERATOR_TOKEN });
    expect(disabled.json.code).toBe(0);
    expect(disabled.json.body.disabled_at).not.toBeNull();
    expect((await call(ctx.app, { method: 'GET', url: '/ops/v1/applications', token })).status).toBe(401);
    expect((await operatorLogin(ctx, operator)).json.code).toBe(ErrorCode.operatorDisabled);
    const missing = await call(ctx.app, { url: '/ops/v1/operators/999999/disable', token: OPERATOR_TOKEN });
    expect(missing.json.code).toBe(ErrorCode.operatorNotFound);
  });

  it('logs out one session, or every session of the account', async () => {
    const { operator, token } = await operatorSession(ctx, 'admin');
    const other = (await operatorLogin(ctx, operator)).json.body.access_token as string;
    const third = (await operatorLogin(ctx, operator)).json.body.access_token as string;
    expect((await call(ctx.app, { url: '/ops/v1/auth/logout', token })).json.code).toBe(0);
    expect((await whoAmI(token)).status).toBe(401);
    expect((await whoAmI(other)).json.code).toBe(0);
    expect((await call(ctx.app, { url: '/ops/v1/auth/logout-everywhere', token: other })).json.code).toBe(0);
    expect((await whoAmI(other)).status).toBe(401);
    expect((await whoAmI(third)).status).toBe(401);
  });

  it('ends a session after 30 idle minutes, and 12 hours after login however busy', async () => {
    const { operator, token } = await operatorSession(ctx, 'admin');
    ctx.clock.advance(29 * 60_000);
    expect((await whoAmI(token)).json.code).toBe(0);
    ctx.clock.advance(29 * 60_000);
    expect((await whoAmI(token)).json.code).toBe(0);
    ctx.clock.advance(31 * 60_000);
    expect((await whoAmI(token)).status).toBe(401);

    const busy = (await operatorLogin(ctx, operator)).json.body.access_token as string;
    for (let minutes = 0; minutes < 12 * 60; minutes += 20) {
      ctx.clock.advance(20 * 60_000);
      const answer = await whoAmI(busy);
      expect(answer.status).toBe(minutes + 20 < 12 * 60 ? 200 : 401);
    }
  });

  it('answers 403 with a clear message when the role may not call the route', async () => {
    const { token } = await operatorSession(ctx, 'support');
    const refused = await call(ctx.app, { method: 'GET', url: '/ops/v1/operators', token });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: ErrorCode.operatorForbidden,
      msg: '当前运营角色无权进行此操作，请联系管理员',
    });
  });
});
