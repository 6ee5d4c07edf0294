import { ErrorCode } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const DAY = 24 * 60 * 60_000;

describe(`user info and sessions (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function newAgent() {
    const phone = nextPhone();
    const token: string = (await loginAs(ctx, phone)).json.body.access_token;
    return { phone, token };
  }

  const info = (token?: string) => call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });

  it('returns the User with creditInfo and no internal columns', async () => {
    const { phone, token } = await newAgent();
    const { status, json } = await info(token);
    expect(status).toBe(200);
    expect(json.code).toBe(0);
    expect(json.body).toMatchObject({
      phone,
      nickname: `创作者${phone.slice(-4)}`,
      creditInfo: { total: 0, buy: 0, gift: 0 },
      leader_id: null,
      team_at: null,
      share_rate: 0,
      open_reelshort: false,
    });
    expect(Object.keys(json.body).sort()).toEqual(
      [
        'agent_id',
        'phone',
        'real_name',
        'id_card_number',
        'alipay_id',
        'agent_mode',
        'sign_status',
        'sign_phone',
        'bank_card_number',
        'bank_name',
        'nickname',
        'signed_at',
        'invite_code',
        'share_rate',
        'leader_id',
        'team_at',
        'team_share_rate',
        'commander_code',
        'avatar_url',
        'creditInfo',
        'open_reelshort',
      ].sort(),
    );
  });

  it('updates the nickname, and explains bad input in Chinese', async () => {
    const { token } = await newAgent();
    const saved = await call(ctx.app, {
      url: '/agent/v1/user/update_info',
      token,
      body: { nickname: '  小王推剧  ' },
    });
    expect(saved.json).toMatchObject({ code: 0, msg: '保存成功', body: { nickname: '小王推剧', avatar_url: '' } });
    const tooLong = await call(ctx.app, {
      url: '/agent/v1/user/update_info',
      token,
      body: { nickname: '长'.repeat(21) },
    });
    expect(tooLong.json).toMatchObject({ code: ErrorCode.validation, msg: '昵称不能超过20个字符' });
    const empty = await call(ctx.app, { url: '/agent/v1/user/update_info', token, body: {} });
    expect(empty.json.msg).toBe('请填写要修改的昵称或头像');
    const script = await call(ctx.app, {
      url: '/agent/v1/user/update_info',
      token,
      body: { avatar_url: 'javascript:alert(1)' },
    });
    expect(script.json.msg).toBe('头像地址格式不正确，请上传图片作为头像');
    expect((await info(token)).json.body.nickname).toBe('小王推剧');
  });

  describe('avatar', () => {
    // The smallest valid PNG: a 1×1 transparent pixel.
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = async (token: string): Promise<{ image: string; url: string }> => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/agent/v1/upload/image',
        headers: { vendor: 'default', authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        payload: PNG,
      });
      expect(response.json().code).toBe(0);
      return response.json().body;
    };
    const update = (token: string, body: unknown) => call(ctx.app, { url: '/agent/v1/user/update_info', token, body });
    const avatarOf = async (token: string): Promise<string> => (await info(token)).json.body.avatar_url;

    it('sets the avatar from my own uploaded image, by name or by its address, and removes it', async () => {
      const { token } = await newAgent();
      const first = await upload(token);
      expect((await update(token, { avatar: first.image })).json).toMatchObject({
        code: 0,
        msg: '保存成功',
        body: { avatar_url: `/ai/v1/files/images/${first.image}` },
      });
      const served = await ctx.app.inject({ method: 'GET', url: await avatarOf(token) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      const second = await upload(token);
      expect((await update(token, { avatar_url: second.url })).json.code).toBe(0);
      expect(await avatarOf(token)).toBe(second.url);

      expect((await update(token, { avatar_url: '' })).json.code).toBe(0);
      expect(await avatarOf(token)).toBe('');
    });

    it('refuses another creator’s image, a made-up name and an outside address, leaving the avatar as it was', async () => {
      const alice = await newAgent();
      const bob = await newAgent();
      const mine = await upload(alice.token);
      expect((await update(alice.token, { avatar: mine.image })).json.code).toBe(0);
      const bobs = await upload(bob.token);

      const stolen = await update(alice.token, { avatar: bobs.image });
      expect(stolen.json).toMatchObject({ code: ErrorCode.imageInvalid, msg: '图片不存在或已失效，请重新上传' });
      const stolenUrl = await update(alice.token, { avatar_url: bobs.url });
      expect(stolenUrl.json.code).toBe(ErrorCode.imageInvalid);

      const aliceId: number = (await info(alice.token)).json.body.agent_id;
      const madeUp = await update(alice.token, { avatar: `${aliceId}-AAAAAAAAAAAAAAAAAAAAAAAA.png` });
      expect(madeUp.json).toMatchObject({ code: ErrorCode.imageInvalid, msg: '图片不存在或已失效，请重新上传' });
      const garbage = await update(alice.token, { avatar: '../../etc/passwd' });
      expect(garbage.json).toMatchObject({ code: ErrorCode.validation, msg: '头像图片不正确，请重新上传' });

      for (const outside of [
        'https://tracker.example.com/pixel.png',
        '//evil.example.com/a.png',
        '/media/a.png',
        `/ai/v1/files/images/../../${mine.image}`,
      ]) {
        const refused = await update(alice.token, { avatar_url: outside });
        expect({ outside, ...refused.json }).toMatchObject({
          outside,
          code: ErrorCode.validation,
          msg: '头像地址格式不正确，请上传图片作为头像',
        });
      }
      expect(await avatarOf(alice.token)).toBe(mine.url);
    });

    it('names the field in Chinese when a value has the wrong type', async () => {
      const { token } = await newAgent();
      const cases: [unknown, string][] = [
        [{ avatar: 123 }, '头像图片格式不正确'],
        [{ avatar_url: ['x'] }, '头像地址格式不正确'],
        [{ nickname: 5 }, '昵称格式不正确'],
      ];
      for (const [sent, msg] of cases) {
        const result = await update(token, sent);
        expect({ sent, status: result.status, code: result.json.code, msg: result.json.msg }).toEqual({
          sent,
          status: 400,
          code: ErrorCode.validation,
          msg,
        });
      }
      const both = await update(token, { avatar: 'x', avatar_url: '' });
      expect(both.json.code).toBe(ErrorCode.validation);
    });
  });

  describe('401 cases', () => {
    const expired = { code: 401, msg: '登录已过期，请重新登录', body: null };

    it('missing or malformed authorization', async () => {
      const missing = await info();
      expect(missing.status).toBe(401);
      expect(missing.json).toEqual(expired);
      const malformed = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: 'short' });
      expect(malformed.status).toBe(401);
      const unknown = await info('A'.repeat(43));
      expect(unknown.status).toBe(401);
      expect(unknown.json).toEqual(expired);
    });

    it('revoked by logout', async () => {
      const { token } = await newAgent();
      expect((await call(ctx.app, { url: '/agent/v1/user/logout', token })).json).toMatchObject({
        code: 0,
        msg: '已退出登录',
      });
      const after = await info(token);
      expect(after.status).toBe(401);
      expect(after.json).toEqual(expired);
    });

    it('expired after 30 idle days, kept alive by use (sliding)', async () => {
      const { token } = await newAgent();
      ctx.clock.advance(29 * DAY);
      expect((await info(token)).status).toBe(200);
      ctx.clock.advance(29 * DAY);
      expect((await info(token)).status).toBe(200);
      ctx.clock.advance(30 * DAY + 1000);
      const after = await info(token);
      expect(after.status).toBe(401);
      expect(after.json).toEqual(expired);
    });

    it('a session of one agent never reads another', async () => {
      const a = await newAgent();
      const b = await newAgent();
      expect((await info(a.token)).json.body.phone).toBe(a.phone);
      expect((await info(b.token)).json.body.phone).toBe(b.phone);
    });
  });
});
