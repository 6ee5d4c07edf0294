import { ErrorCode } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { makePng, uploadImage } from '../../../test/image-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const OPERATOR = 'operator-token-for-tests-0123456789';
const PNG = makePng(24, 16);

describe(`channel filing (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN: OPERATOR });
  });
  afterAll(() => ctx.close());

  let serial = 0;
  /** A channel nobody has filed yet. */
  const channel = (extra: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      platform: 1,
      channel_name: `短剧推荐官${serial}`,
      channel_id: `dy_${process.pid}_${serial}`,
      channel_url: `https://www.douyin.com/user/u${serial}`,
      ...extra,
    };
  };

  async function newCreator() {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    ctx.clock.advance(61_000);
    return token;
  }

  const create = (token: string, body: unknown) => call(ctx.app, { url: '/agent/v1/user/account/create', token, body });
  const remove = (token: string, ids: unknown) =>
    call(ctx.app, { url: '/agent/v1/user/account/delete', token, body: { ids } });
  const get = (token: string | undefined, url: string) => call(ctx.app, { method: 'GET', url, token });
  const check = (token: string, id: number | string) => get(token, `/agent/v1/report/check/${id}`);
  const ops = (method: 'GET' | 'POST', url: string, body?: object, token = OPERATOR) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body && { payload: body }) });
  const upload = (token: string, bytes: Buffer, type?: string) => uploadImage(ctx.app, token, bytes, type);

  it('files a channel, pages and lists it, and tells its review status', async () => {
    const token = await newCreator();
    const created = await create(token, channel({ channel_name: '  小明追剧  ' }));
    expect(created.json).toMatchObject({
      code: 0,
      msg: '报备成功，请等待审核',
      body: {
        platform: 1,
        platform_name: '短视频平台',
        channel_name: '小明追剧',
        report_status: 1,
        reason: '',
        cover: '',
      },
    });
    expect(created.json.body.reviewed_at).toBeNull();
    expect(Object.keys(created.json.body).sort()).toEqual(
      [
        'id',
        'platform',
        'platform_name',
        'channel_name',
        'channel_id',
        'channel_url',
        'cover',
        'report_status',
        'reason',
        'created_at',
        'reviewed_at',
      ].sort(),
    );
    const second = await create(token, channel({ platform: 3, channel_url: 'https://space.bilibili.com/42' }));
    expect(second.json.code).toBe(0);

    const page = await get(token, '/agent/v1/user/account/page?page_num=1&page_size=1');
    expect(page.json.body.page).toEqual({ total_count: 2, page_num: 1, page_size: 1 });
    expect(page.json.body.data.map((c: { id: number }) => c.id)).toEqual([second.json.body.id]);
    const list = await get(token, '/agent/v1/user/account/list');
    expect(list.json.body.map((c: { id: number }) => c.id)).toEqual([second.json.body.id, created.json.body.id]);

    expect((await check(token, created.json.body.id)).json).toMatchObject({
      code: 0,
      body: { id: created.json.body.id, report_status: 1, status_label: '审核中', reason: '', reviewed_at: null },
    });
  });

  it('refuses bad input with Chinese messages that name the field', async () => {
    const token = await newCreator();
    const cases: [Record<string, unknown>, string][] = [
      [{ platform: 'abc' }, '请选择平台'],
      [{ platform: 9 }, '请选择平台'],
      [{ platform: undefined }, '请选择平台'],
      [{ channel_name: '' }, '请填写账号名称'],
      [{ channel_name: '   ' }, '请填写账号名称'],
      [{ channel_name: 123 }, '请填写账号名称'],
      [{ channel_name: '名'.repeat(33) }, '账号名称不能超过32个字符'],
      [{ channel_id: '' }, '请填写账号ID'],
      [{ channel_id: 'abc%20' }, '账号ID只能包含文字、字母、数字和 _ - . @'],
      [{ channel_id: "a'; drop table x;--" }, '账号ID只能包含文字、字母、数字和 _ - . @'],
      [{ channel_id: '<script>' }, '账号ID只能包含文字、字母、数字和 _ - . @'],
      [{ channel_id: ['x'] }, '请填写账号ID'],
      [{ channel_url: '' }, '请填写账号主页链接'],
      [{ channel_url: 'douyin.com/user/1' }, '账号主页链接格式不正确，需以 http:// 或 https:// 开头'],
      [{ channel_url: 'javascript:alert(1)' }, '账号主页链接格式不正确，需以 http:// 或 https:// 开头'],
      [{ channel_url: 'https://www.douyin.com/user/a b' }, '账号主页链接格式不正确，需以 http:// 或 https:// 开头'],
      [
        { channel_url: 'https://space.bilibili.com/1' },
        '该链接不是短视频平台（如抖音、快手）的账号主页，请核对平台或链接',
      ],
      [
        { channel_url: 'https://douyin.com.evil.cn/u' },
        '该链接不是短视频平台（如抖音、快手）的账号主页，请核对平台或链接',
      ],
      [
        { platform: 4, channel_url: 'https://www.douyin.com/u' },
        '该链接不是图片社区（如小红书）的账号主页，请核对平台或链接',
      ],
      [{ cover: '../../etc/passwd' }, '图片不正确，请重新上传'],
    ];
    for (const [change, message] of cases) {
      const result = await create(token, channel(change));
      expect({ change, status: result.status, code: result.json.code, msg: result.json.msg }).toEqual({
        change,
        status: 400,
        code: ErrorCode.validation,
        msg: message,
      });
    }
    // Another platform takes any http(s) address; a 中文 channel id is fine.
    expect(
      (await create(token, channel({ platform: 5, channel_id: '追剧小王.2024', channel_url: 'http://example.org/me' })))
        .json.code,
    ).toBe(0);

    expect((await get(token, '/agent/v1/user/account/page?page_size=x')).json.msg).toBe('每页数量不正确');
    expect((await get(token, '/agent/v1/user/account/page?page_size=500')).json.msg).toBe('每页数量不能超过100');
    expect((await get(token, '/agent/v1/user/account/page?report_status=7')).json.msg).toBe('审核状态不正确');
    expect((await check(token, 'abc')).json.msg).toBe('报备编号不正确');
    expect((await check(token, '%25')).json.msg).toBe('报备编号不正确');
    expect((await remove(token, [])).json.msg).toBe('请选择要删除的账号');
    expect((await remove(token, 'abc')).json.msg).toBe('请选择要删除的账号');
    expect((await remove(token, ['x'])).json.msg).toBe('账号编号不正确');
    expect((await remove(token, [-1])).json.msg).toBe('账号编号不正确');
    expect((await call(ctx.app, { url: '/agent/v1/user/account/delete', token, body: {} })).json.msg).toBe(
      '请选择要删除的账号',
    );
  });

  it('needs a login for every creator call', async () => {
    for (const [method, url] of [
      ['GET', '/agent/v1/user/account/page'],
      ['GET', '/agent/v1/user/account/list'],
      ['POST', '/agent/v1/user/account/create'],
      ['POST', '/agent/v1/user/account/delete'],
      ['GET', '/agent/v1/report/check/1'],
      ['POST', '/agent/v1/upload/image'],
    ] as const) {
      const result = await call(ctx.app, { method, url, body: method === 'POST' ? channel() : undefined });
      expect({ url, status: result.status, code: result.json.code }).toEqual({ url, status: 401, code: 401 });
    }
  });

  it('keeps one creator out of another creator’s filings', async () => {
    const alice = await newCreator();
    const bob = await newCreator();
    const mine = (await create(alice, channel())).json.body;

    expect((await get(bob, '/agent/v1/user/account/page')).json.body.page.total_count).toBe(0);
    expect((await get(bob, '/agent/v1/user/account/list')).json.body).toEqual([]);
    const foreignCheck = await check(bob, mine.id);
    expect({ status: foreignCheck.status, code: foreignCheck.json.code, msg: foreignCheck.json.msg }).toEqual({
      status: 404,
      code: ErrorCode.channelNotFound,
      msg: '报备账号不存在或已删除',
    });
    // Bob's own filing plus Alice's id: nothing is deleted, not even Bob's.
    const bobs = (await create(bob, channel())).json.body;
    expect((await remove(bob, [bobs.id, mine.id])).json.code).toBe(ErrorCode.channelNotFound);
    expect((await remove(bob, [mine.id])).json.code).toBe(ErrorCode.channelNotFound);
    expect((await check(alice, mine.id)).json.body.report_status).toBe(1);
    expect((await check(bob, bobs.id)).json.code).toBe(0);
  });

  it('gives a channel to one creator: duplicates are refused, whatever the case of the id', async () => {
    const alice = await newCreator();
    const bob = await newCreator();
    const filed = channel({ channel_id: `Case_${process.pid}` });
    expect((await create(alice, filed)).json.code).toBe(0);
    const again = await create(alice, { ...filed, channel_id: filed.channel_id.toLowerCase() });
    expect({ status: again.status, code: again.json.code, msg: again.json.msg }).toEqual({
      status: 409,
      code: ErrorCode.channelDuplicate,
      msg: '您已报备过该账号，无需重复报备',
    });
    const taken = await create(bob, { ...filed, channel_id: filed.channel_id.toUpperCase() });
    expect({ status: taken.status, code: taken.json.code, msg: taken.json.msg }).toEqual({
      status: 409,
      code: ErrorCode.channelTaken,
      msg: '该账号已被其他创作者报备，如有疑问请联系客服',
    });
    // The same id on another platform is another channel.
    expect((await create(bob, { ...filed, platform: 5, channel_url: 'https://example.com/x' })).json.code).toBe(0);
  });

  it('lets exactly one of two creators filing the same channel at once win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const tokens = [await newCreator(), await newCreator(), await newCreator()];
      const filed = channel();
      const results = await Promise.all(tokens.map((token) => create(token, filed)));
      const codes = results.map((r) => r.json.code).sort();
      expect(codes).toEqual([0, ErrorCode.channelTaken, ErrorCode.channelTaken].sort());
      expect(results.every((r) => r.status < 500)).toBe(true);
    }
    // The same creator twice at once: one filing, one duplicate.
    const token = await newCreator();
    const filed = channel();
    const twice = await Promise.all([create(token, filed), create(token, filed)]);
    expect(twice.map((r) => r.json.code).sort()).toEqual([0, ErrorCode.channelDuplicate].sort());
  });

  it('turns the unique key the database enforces into a recognised race, on this dialect', async () => {
    const alice = await newCreator();
    const filed = (await create(alice, channel())).json.body;
    const row = await ctx.database.db
      .selectFrom('channel_filings')
      .selectAll()
      .where('id', '=', filed.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    const failure = await ctx.database.db
      .insertInto('channel_filings')
      .values(copy)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    expect(isUniqueViolation(failure)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });

  it('deletes softly (single and batch): the channel is free to file again, by anyone', async () => {
    const alice = await newCreator();
    const bob = await newCreator();
    const first = channel();
    const a = (await create(alice, first)).json.body;
    const b = (await create(alice, channel())).json.body;
    const c = (await create(alice, channel())).json.body;

    const single = await remove(alice, [a.id]);
    expect(single.json).toMatchObject({ code: 0, msg: '删除成功', body: { deleted: 1 } });
    expect((await check(alice, a.id)).json.code).toBe(ErrorCode.channelNotFound);
    expect((await remove(alice, [a.id])).json.code).toBe(ErrorCode.channelNotFound);
    expect((await remove(alice, [b.id, c.id, c.id])).json.body).toEqual({ deleted: 2 });
    expect((await get(alice, '/agent/v1/user/account/list')).json.body).toEqual([]);

    // Bob may now file Alice's old channel, and Alice the one she deleted is now Bob's.
    expect((await create(bob, first)).json.code).toBe(0);
    expect((await create(alice, first)).json.code).toBe(ErrorCode.channelTaken);
    // A deleted filing cannot be reviewed any more.
    expect((await ops('POST', `/ops/v1/channels/${a.id}/approve`)).json()).toMatchObject({
      code: ErrorCode.channelNotPending,
    });
  });

  it('operators approve and reject; the creator sees the status and the reason', async () => {
    const alice = await newCreator();
    const approved = (await create(alice, channel())).json.body;
    const rejectedFiling = channel();
    const rejected = (await create(alice, rejectedFiling)).json.body;

    const pending = (await ops('GET', '/ops/v1/channels?status=1&page_size=100')).json();
    const row = pending.body.data.find((c: { id: number }) => c.id === approved.id);
    expect(row).toMatchObject({ agent_nickname: expect.any(String), report_status: 1 });
    expect(row.agent_phone).toMatch(/^1\d{2}\*{4}\d{4}$/);

    const ok = (await ops('POST', `/ops/v1/channels/${approved.id}/approve`)).json();
    expect(ok).toMatchObject({ code: 0, msg: '已通过', body: { id: approved.id, report_status: 2 } });
    expect((await ops('POST', `/ops/v1/channels/${approved.id}/approve`)).json()).toMatchObject({
      code: ErrorCode.channelNotPending,
      msg: '该报备已审核，不能重复审核',
    });
    expect((await ops('POST', `/ops/v1/channels/${approved.id}/reject`, { reason: '晚了' })).json().code).toBe(
      ErrorCode.channelNotPending,
    );

    expect((await ops('POST', `/ops/v1/channels/${rejected.id}/reject`, { reason: '' })).json().msg).toBe(
      '请填写未通过原因',
    );
    const no = (await ops('POST', `/ops/v1/channels/${rejected.id}/reject`, { reason: '主页与账号ID不一致' })).json();
    expect(no).toMatchObject({ code: 0, body: { report_status: 3, reason: '主页与账号ID不一致' } });

    expect((await check(alice, approved.id)).json.body).toMatchObject({
      report_status: 2,
      status_label: '已通过',
      reviewed_at: expect.any(String),
    });
    expect((await check(alice, rejected.id)).json.body).toMatchObject({
      report_status: 3,
      status_label: '未通过',
      reason: '主页与账号ID不一致',
    });
    const onlyRejected = await get(alice, '/agent/v1/user/account/page?report_status=3');
    expect(onlyRejected.json.body.data).toEqual([
      expect.objectContaining({ id: rejected.id, reason: '主页与账号ID不一致' }),
    ]);

    // Filing a rejected channel again replaces the rejected filing with a new pending one.
    const refiled = await create(alice, rejectedFiling);
    expect(refiled.json.body).toMatchObject({ report_status: 1, reason: '' });
    expect((await check(alice, rejected.id)).json.code).toBe(ErrorCode.channelNotFound);
    const ids = (await get(alice, '/agent/v1/user/account/list')).json.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual([refiled.json.body.id, approved.id]);
    // Once approved, the channel stays Alice's.
    expect((await create(alice, channel({ channel_id: approved.channel_id }))).json.code).toBe(
      ErrorCode.channelDuplicate,
    );

    expect((await ops('GET', '/ops/v1/channels?status=2&page_size=100')).json().body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: approved.id })]),
    );
    expect((await ops('POST', '/ops/v1/channels/99999999/approve')).json().code).toBe(ErrorCode.channelNotFound);
    expect((await ops('GET', '/ops/v1/channels?status=9')).json().msg).toBe('审核状态不正确');
  });

  describe('resubmitting a rejected filing', () => {
    const update = (token: string | undefined, body: unknown) =>
      call(ctx.app, { url: '/agent/v1/user/account/update', token, body });

    async function rejectedFilingOf(token: string, filing = channel()) {
      const id = (await create(token, filing)).json.body.id as number;
      expect((await ops('POST', `/ops/v1/channels/${id}/reject`, { reason: '主页打不开' })).json().code).toBe(0);
      return { id, filing };
    }

    it('the owner corrects a rejected filing and it goes back to review, same id, no old verdict', async () => {
      const alice = await newCreator();
      const { id, filing } = await rejectedFilingOf(alice);
      const fixed = await update(alice, {
        ...filing,
        id,
        channel_name: '改正后的名称',
        channel_url: 'https://www.douyin.com/user/fixed',
      });
      expect(fixed.json).toMatchObject({
        code: 0,
        msg: '已重新提交，请等待审核',
        body: {
          id,
          channel_name: '改正后的名称',
          channel_url: 'https://www.douyin.com/user/fixed',
          report_status: 1,
          reason: '',
          reviewed_at: null,
        },
      });
      expect((await check(alice, id)).json.body).toMatchObject({ report_status: 1, status_label: '审核中' });
      // Back in the operators' queue, where it can be approved.
      const queue = (await ops('GET', '/ops/v1/channels?status=1&page_num=1&page_size=50')).json().body.data;
      expect(queue).toEqual(expect.arrayContaining([expect.objectContaining({ id, channel_name: '改正后的名称' })]));
      expect((await ops('POST', `/ops/v1/channels/${id}/approve`)).json().code).toBe(0);
      expect((await check(alice, id)).json.body.report_status).toBe(2);
    });

    it('only the owner may resubmit: another creator’s filing reads as not found and stays as it was', async () => {
      const alice = await newCreator();
      const bob = await newCreator();
      const { id, filing } = await rejectedFilingOf(alice);
      const taken = await update(bob, { ...filing, id, channel_name: '冒名' });
      expect(taken.json).toMatchObject({ code: ErrorCode.channelNotFound, msg: '报备账号不存在或已删除' });
      expect(taken.status).toBe(404);
      expect((await check(alice, id)).json.body).toMatchObject({ report_status: 3, reason: '主页打不开' });
      expect((await update(undefined, { ...filing, id })).status).toBe(401);
    });

    it('only a rejected filing: a pending or an approved one is refused, a deleted one is not found', async () => {
      const alice = await newCreator();
      const pendingFiling = channel();
      const pending = (await create(alice, pendingFiling)).json.body.id as number;
      const refused = await update(alice, { ...pendingFiling, id: pending, channel_name: '改名' });
      expect(refused.json).toMatchObject({
        code: ErrorCode.channelNotRejected,
        msg: '只有未通过的报备可以修改后重新提交',
      });
      await ops('POST', `/ops/v1/channels/${pending}/approve`);
      expect((await update(alice, { ...pendingFiling, id: pending })).json.code).toBe(ErrorCode.channelNotRejected);
      expect((await check(alice, pending)).json.body).toMatchObject({ report_status: 2 });

      const { id: gone, filing } = await rejectedFilingOf(alice);
      await remove(alice, [gone]);
      expect((await update(alice, { ...filing, id: gone })).json.code).toBe(ErrorCode.channelNotFound);
    });

    it('validates the corrected fields as a new filing does', async () => {
      const alice = await newCreator();
      const { id, filing } = await rejectedFilingOf(alice);
      const bad = await update(alice, { ...filing, id, channel_url: 'https://www.bilibili.com/x' });
      expect(bad.json.code).toBe(ErrorCode.validation);
      expect(bad.json.msg).toContain('该链接不是短视频平台');
      expect((await update(alice, { ...filing, id: 'abc' })).json.msg).toBe('报备编号不正确');
      expect((await check(alice, id)).json.body.report_status).toBe(3);
    });

    it('keeps one holder per channel: a channel filed meanwhile by someone else, or by the owner, is refused', async () => {
      const alice = await newCreator();
      const bob = await newCreator();
      const { id, filing } = await rejectedFilingOf(alice);
      // The rejection freed the channel; Bob filed it in the meantime.
      expect((await create(bob, filing)).json.code).toBe(0);
      const taken = await update(alice, { ...filing, id });
      expect(taken.json).toMatchObject({ code: ErrorCode.channelTaken });
      expect((await check(alice, id)).json.body.report_status).toBe(3);

      // Corrected to a channel Alice already holds in another filing.
      const held = channel();
      expect((await create(alice, held)).json.code).toBe(0);
      expect((await update(alice, { ...held, id })).json.code).toBe(ErrorCode.channelDuplicate);

      // Corrected to a free channel: accepted, and from then on it holds that channel against Bob.
      const free = channel();
      expect((await update(alice, { ...free, id })).json.code).toBe(0);
      expect((await create(bob, free)).json.code).toBe(ErrorCode.channelTaken);
    });

    it('two resubmissions of one channel at once by two creators: one holds it, the other is told it is taken', async () => {
      const alice = await newCreator();
      const bob = await newCreator();
      const shared = channel();
      const a = await rejectedFilingOf(alice, shared);
      const b = await rejectedFilingOf(bob, { ...shared });
      const answers = await Promise.all([update(alice, { ...shared, id: a.id }), update(bob, { ...shared, id: b.id })]);
      expect(answers.map((answer) => answer.json.code).sort()).toEqual([0, ErrorCode.channelTaken].sort());
    });

    it('a replayed resubmission does not file twice: the second is refused as no longer rejected', async () => {
      const alice = await newCreator();
      const { id, filing } = await rejectedFilingOf(alice);
      const answers = await Promise.all([update(alice, { ...filing, id }), update(alice, { ...filing, id })]);
      expect(answers.map((answer) => answer.json.code).sort()).toEqual([0, ErrorCode.channelNotRejected].sort());
      const list = (await get(alice, '/agent/v1/user/account/list')).json.body as { id: number }[];
      expect(list.map((row) => row.id)).toEqual([id]);
    });
  });

  it('a rejected claim does not keep the real owner out', async () => {
    const impostor = await newCreator();
    const owner = await newCreator();
    const filed = channel();
    const claim = (await create(impostor, filed)).json.body;
    expect((await create(owner, filed)).json.code).toBe(ErrorCode.channelTaken);
    await ops('POST', `/ops/v1/channels/${claim.id}/reject`, { reason: '非本人账号' });
    expect((await create(owner, filed)).json.code).toBe(0);
    // The impostor filing again now meets the owner's live filing.
    expect((await create(impostor, filed)).json.code).toBe(ErrorCode.channelTaken);
  });

  it('refuses operator calls without the right token', async () => {
    for (const [method, url] of [
      ['GET', '/ops/v1/channels'],
      ['POST', '/ops/v1/channels/1/approve'],
      ['POST', '/ops/v1/channels/1/reject'],
    ] as const) {
      const wrong = await ops(method, url, { reason: 'x' }, 'wrong-token-wrong-token-123');
      expect({ url, status: wrong.statusCode, code: wrong.json().code }).toEqual({
        url,
        status: 401,
        code: ErrorCode.operatorUnauthorized,
      });
      const creator = await ops(method, url, { reason: 'x' }, await newCreator());
      expect(creator.json().code).toBe(ErrorCode.operatorUnauthorized);
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it(`stops at ${50} channels per creator`, async () => {
    const token = await newCreator();
    for (let i = 0; i < 50; i += 1) expect((await create(token, channel())).json.code).toBe(0);
    const over = await create(token, channel());
    expect(over.json).toMatchObject({
      code: ErrorCode.channelLimit,
      msg: '最多可报备50个账号，请删除不用的账号后重试',
    });
    const first = (await get(token, '/agent/v1/user/account/list')).json.body[0];
    await remove(token, [first.id]);
    expect((await create(token, channel())).json.code).toBe(0);
  });

  describe('cover images', () => {
    it('uploads an image judged by its bytes and serves it', async () => {
      const token = await newCreator();
      const uploaded = await upload(token, PNG, 'application/octet-stream');
      expect(uploaded.json()).toMatchObject({ code: 0, msg: '上传成功' });
      const { image, url } = uploaded.json().body;
      expect(image).toMatch(/\.png$/);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      // What is served is the image re-encoded, not the bytes that came in.
      expect(served.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);

      const created = await create(token, channel({ cover: image }));
      expect(created.json.body.cover).toBe(url);
      expect((await ctx.app.inject({ method: 'GET', url: '/ai/v1/files/images/1-nope.png' })).statusCode).toBe(404);
    });

    it('refuses what is not an image, whatever type it claims, and what is too large', async () => {
      const token = await newCreator();
      for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('GIF89a....')]) {
        const refused = await upload(token, bytes, 'image/png');
        expect(refused.json()).toMatchObject({
          code: ErrorCode.imageInvalid,
          msg: '图片格式不正确，请上传 JPG、PNG 或 WebP 图片',
        });
      }
      expect((await upload(token, Buffer.alloc(0), 'image/png')).json().code).not.toBe(0);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const tooBig = await upload(token, big);
      expect({ status: tooBig.statusCode, code: tooBig.json().code, msg: tooBig.json().msg }).toEqual({
        status: 413,
        code: ErrorCode.imageTooLarge,
        msg: '图片过大，不能超过2MB',
      });
      const huge = await upload(token, Buffer.concat([PNG, Buffer.alloc(9 * 1024 * 1024)]));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).not.toBe(0);
      const text = await ctx.app.inject({
        method: 'POST',
        url: '/agent/v1/upload/image',
        headers: { vendor: 'default', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { image: 'x' },
      });
      expect(text.json().code).toBe(ErrorCode.imageInvalid);
    });

    it('refuses another creator’s image, or one that does not exist, as a cover', async () => {
      const alice = await newCreator();
      const bob = await newCreator();
      const alices = (await upload(alice, PNG)).json().body.image as string;
      const stolen = await create(bob, channel({ cover: alices }));
      expect(stolen.json).toMatchObject({ code: ErrorCode.imageInvalid, msg: '图片不存在或已失效，请重新上传' });
      const bobId = alices.replace(/^\d+/, '999999');
      expect((await create(bob, channel({ cover: bobId }))).json.code).toBe(ErrorCode.imageInvalid);
      expect((await get(bob, '/agent/v1/user/account/list')).json.body).toEqual([]);
    });
  });
});
