import { ErrorCode } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  latestCode,
  loginAs,
  nextPhone,
  sendCode,
  testDatabaseKind,
  type TestContext,
} from '../../../test/test-app.js';
import { operatorSession } from '../../../test/operators.js';

const OPERATOR = 'operator-token-for-tests-0123456789';

describe(`creator onboarding (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN: OPERATOR });
  });
  afterAll(() => ctx.close());

  const form = (phone: string, code: string) => ({
    real_name: '王小明',
    phone,
    code,
    platform: 1,
    channel_link: 'https://www.douyin.com/user/abc',
    follower_range: '10k_100k',
    experience: '做过两年短剧推广',
  });

  async function newAgent() {
    const phone = nextPhone();
    const token: string = (await loginAs(ctx, phone)).json.body.access_token;
    ctx.clock.advance(61_000);
    return { phone, token };
  }

  async function submit(token: string, phone: string) {
    await sendCode(ctx.app, phone, 2);
    const code = await latestCode(ctx.app, phone);
    ctx.clock.advance(61_000);
    return call(ctx.app, { url: '/agent/v1/apply/submit', token, body: form(phone, code) });
  }

  const status = async (token: string) =>
    (await call(ctx.app, { method: 'GET', url: '/agent/v1/apply/status', token })).json.body.application;
  const ops = (method: 'GET' | 'POST', url: string, body?: object, token = OPERATOR) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body && { payload: body }) });

  it("records who reviewed: the reviewer's own account, or the operator token", async () => {
    const reviewer = await operatorSession(ctx, 'reviewer');
    const reviewedBy = async (id: number) =>
      (
        await ctx.database.db
          .selectFrom('agent_applications')
          .select('reviewed_by')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).reviewed_by;
    const first = await newAgent();
    const a = (await submit(first.token, first.phone)).json.body.id as number;
    expect((await ops('POST', `/ops/v1/applications/${a}/approve`, undefined, reviewer.token)).statusCode).toBe(200);
    expect(await reviewedBy(a)).toBe(`operator:${reviewer.operator.id}`);
    const second = await newAgent();
    const b = (await submit(second.token, second.phone)).json.body.id as number;
    await ops('POST', `/ops/v1/applications/${b}/reject`, { reason: '主页链接无法访问' });
    expect(await reviewedBy(b)).toBe('operator-token');
  });

  it('walks pending → rejected → new application → approved, with the dialog shown once', async () => {
    const { phone, token } = await newAgent();
    expect(await status(token)).toBeNull();

    const submitted = await submit(token, phone);
    expect(submitted.json).toMatchObject({
      code: 0,
      msg: '提交成功，请等待审核',
      body: { status: 1, real_name: '王小明', show_approved_dialog: false },
    });
    const again = await submit(token, phone);
    expect(again.json).toMatchObject({ code: ErrorCode.applicationLive, msg: '您已提交过入驻申请，请等待审核结果' });

    const id = submitted.json.body.id;
    const rejected = await ops('POST', `/ops/v1/applications/${id}/reject`, { reason: '主页链接无法访问' });
    expect(rejected.json()).toMatchObject({ code: 0, body: { status: 3, reason: '主页链接无法访问' } });
    expect(await status(token)).toMatchObject({
      status: 3,
      reason: '主页链接无法访问',
      reviewed_at: expect.any(String),
    });
    expect((await ops('POST', `/ops/v1/applications/${id}/approve`)).json()).toMatchObject({
      code: ErrorCode.applicationNotPending,
    });

    const second = await submit(token, phone);
    expect(second.json.body.status).toBe(1);
    expect((await ops('POST', `/ops/v1/applications/${second.json.body.id}/approve`)).json().body.status).toBe(2);
    expect(await status(token)).toMatchObject({ status: 2, show_approved_dialog: true });
    await call(ctx.app, { url: '/agent/v1/apply/ack', token });
    expect(await status(token)).toMatchObject({ status: 2, show_approved_dialog: false });
    expect((await submit(token, phone)).json.code).toBe(ErrorCode.applicationLive);
  });

  it('needs a right apply code (type 2), and keeps the code when the form is refused', async () => {
    const { phone, token } = await newAgent();
    await sendCode(ctx.app, phone, 1);
    const loginCode = await latestCode(ctx.app, phone);
    const wrongType = await call(ctx.app, { url: '/agent/v1/apply/submit', token, body: form(phone, loginCode) });
    expect(wrongType.json).toMatchObject({ code: ErrorCode.smsCodeInvalid });
    ctx.clock.advance(61_000);
    await sendCode(ctx.app, phone, 2);
    const code = await latestCode(ctx.app, phone);
    const badLink = await call(ctx.app, {
      url: '/agent/v1/apply/submit',
      token,
      body: { ...form(phone, code), channel_link: 'douyin' },
    });
    expect(badLink.json.msg).toBe('账号主页链接需以 http:// 或 https:// 开头');
    const noName = await call(ctx.app, {
      url: '/agent/v1/apply/submit',
      token,
      body: { ...form(phone, code), real_name: '' },
    });
    expect(noName.json.msg).toBe('请填写真实姓名');
    const ok = await call(ctx.app, { url: '/agent/v1/apply/submit', token, body: form(phone, code) });
    expect(ok.json.code).toBe(0);
  });

  it('only one of two simultaneous submissions lands', async () => {
    const { phone, token } = await newAgent();
    await sendCode(ctx.app, phone, 2);
    const code = await latestCode(ctx.app, phone);
    const results = await Promise.all(
      [1, 2].map(() => call(ctx.app, { url: '/agent/v1/apply/submit', token, body: form(phone, code) })),
    );
    expect(results.filter((r) => r.json.code === 0)).toHaveLength(1);
  });

  it('the operator API needs the operator token and lists by status', async () => {
    expect((await ops('GET', '/ops/v1/applications', undefined, 'wrong-token-wrong-token-123')).json()).toMatchObject({
      code: ErrorCode.operatorUnauthorized,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/ops/v1/applications' })).statusCode).toBe(401);
    const pending = (await ops('GET', '/ops/v1/applications?status=1')).json().body;
    expect(pending.data.every((a: { status: number }) => a.status === 1)).toBe(true);
    expect((await ops('POST', '/ops/v1/applications/999999/approve')).json()).toMatchObject({
      code: ErrorCode.applicationNotFound,
    });
    expect((await ops('POST', `/ops/v1/applications/${pending.data[0].id}/reject`, { reason: '' })).json().msg).toBe(
      '请填写驳回原因',
    );
  });

  it('is closed when no operator token is configured', async () => {
    const closed = await createTestApp();
    try {
      const response = await closed.app.inject({
        method: 'GET',
        url: '/ops/v1/applications',
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(response.json()).toMatchObject({ code: ErrorCode.operatorUnauthorized, msg: '运营凭证无效' });
    } finally {
      await closed.close();
    }
  });
});
