import { ErrorCode, OrderType, SettStatus, ShareType } from '@cc/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../../test/image-fixtures.js';
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

const PUBLIC_BASE_URL = 'https://cc.example.com';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Creator {
  token: string;
  id: number;
  phone: string;
  inviteCode: string;
  nickname: string;
}

describe(`team calls (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let leader: Creator;
  let me: Creator;
  let other: Creator;
  const members: Creator[] = [];
  let otherMember: Creator;
  let shareNo = 0;

  const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url: `/agent/v1${url}`, token });
  /** The poster answers a PNG, not JSON. */
  const poster = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/agent/v1/team/poster',
      headers: { vendor: 'default', authorization: `Bearer ${token}`, ...headers },
    });

  /** Registers a new phone (with an inviter's code when given) and reads back who it became. */
  async function register(inviteCode?: string, nickname?: string): Promise<Creator> {
    const phone = nextPhone();
    const login = await loginAs(ctx, phone, inviteCode ? { invite_code: inviteCode } : {});
    expect(login.json.code).toBe(0);
    const token = login.json.body.access_token as string;
    if (nickname) {
      const renamed = await call(ctx.app, { url: '/agent/v1/user/update_info', body: { nickname }, token });
      expect(renamed.json.code).toBe(0);
    }
    const info = (await get('/user/info', token)).json.body;
    return { token, id: info.agent_id, phone, inviteCode: info.invite_code, nickname: info.nickname };
  }

  /** A share row written as the income service writes them (refund rows carry a negative amount). */
  async function share(
    agentId: number,
    shareType: ShareType,
    fen: number,
    options: { attract?: number; refund?: boolean; settled?: boolean } = {},
  ) {
    shareNo += 1;
    const now = ctx.clock.now();
    await ctx.database.db
      .insertInto('share_orders')
      .values({
        order_no: `T${shareNo}`,
        order_id: `team-${shareNo}`,
        agent_id: agentId,
        attract_agent_id: options.attract ?? agentId,
        share_type: shareType,
        order_type: options.refund ? OrderType.Refund : OrderType.Recharge,
        order_amount_fen: fen * 10,
        ad_amount_fen: 0,
        share_amount_fen: fen,
        rate_bp: 1000,
        sett_status: options.settled ? SettStatus.Settled : SettStatus.ToBeSettled,
        order_at: now,
        expected_sett_at: now,
        expected_sett_date: '2026-11-21',
        created_at: now,
      })
      .execute();
  }

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_BASE_URL });
    leader = await register(undefined, '团长大人');
    me = await register(leader.inviteCode, '我自己');
    other = await register();
    for (const nickname of ['小红', '阿明', 'Lucy_100%']) {
      ctx.clock.advance(60_000);
      members.push(await register(me.inviteCode.toLowerCase(), nickname));
    }
    otherMember = await register(other.inviteCode, '别人的队员');

    const [red, ming] = members as [Creator, Creator, Creator];
    await share(red.id, ShareType.Mine, 1000, { attract: red.id });
    await share(me.id, ShareType.Leader, 100, { attract: red.id });
    await share(me.id, ShareType.Leader, -30, { attract: red.id, refund: true });
    await share(ming.id, ShareType.Mine, 2500, { attract: ming.id, settled: true });
    await share(me.id, ShareType.Leader, 250, { attract: ming.id, settled: true });
    // Neither counts as my leader share: my own promotion, and another creator's team.
    await share(me.id, ShareType.Mine, 5000);
    await share(other.id, ShareType.Leader, 999, { attract: otherMember.id });
    await share(leader.id, ShareType.Leader, 777, { attract: me.id });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the members who registered with my code, newest first, with their income and my leader share', async () => {
    const { json } = await get('/team/page', me.token);
    expect(json.code).toBe(0);
    expect(json.body.page).toEqual({ total_count: 3, page_num: 1, page_size: 10 });
    expect(json.body.data.map((row: { nickname: string }) => row.nickname)).toEqual(['Lucy_100%', '阿明', '小红']);
    const red = json.body.data[2];
    expect(red).toEqual({
      invite_code: members[0]!.inviteCode,
      nickname: '小红',
      phone: `${members[0]!.phone.slice(0, 3)}****${members[0]!.phone.slice(-4)}`,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      team_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      total_income: '10.00',
      leader_share: '0.70',
      leader_code: me.inviteCode,
    });
    expect(json.body.data[1]).toMatchObject({ total_income: '25.00', leader_share: '2.50' });
    expect(json.body.data[0]).toMatchObject({ total_income: '0.00', leader_share: '0.00' });
  });

  it('never shows a member’s phone in clear or any private field', async () => {
    const { response } = await get('/team/page', me.token);
    for (const member of members) expect(response.body).not.toContain(member.phone);
    for (const key of ['agent_id', 'id', 'real_name', 'id_card_number', 'bank_card_number', 'alipay_id', 'leader_id']) {
      expect(response.body).not.toContain(`"${key}"`);
    }
  });

  it('sums my team: members, new this month, leader share income net of refunds', async () => {
    const { json } = await get('/team/summary', me.token);
    expect(json).toEqual({
      code: 0,
      msg: 'ok',
      body: {
        member_count: 3,
        new_this_month: 3,
        leader_share_total: '3.20',
        leader_share_settled: '2.50',
        leader: { nickname: '团长大人', invite_code: leader.inviteCode },
        team_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        commander_code: '',
        team_share_rate: 10,
        invite_code: me.inviteCode,
        invite_links: {
          home: `${PUBLIC_BASE_URL}/?invite_code=${me.inviteCode}`,
          gift: `${PUBLIC_BASE_URL}/gift?invite_code=${me.inviteCode}`,
          ai: `${PUBLIC_BASE_URL}/ai?invite_code=${me.inviteCode}`,
        },
      },
    });
  });

  it('counts only members who joined this Beijing month as new, and shows my own leader share rate', async () => {
    await ctx.database.db
      .updateTable('agents')
      .set({ team_at: Date.UTC(2026, 9, 31, 15, 59) })
      .where('id', '=', members[0]!.id)
      .execute();
    await ctx.database.db.updateTable('agents').set({ team_share_rate_bp: 1250 }).where('id', '=', me.id).execute();
    const { json } = await get('/team/summary', me.token);
    expect(json.body).toMatchObject({ member_count: 3, new_this_month: 2, team_share_rate: 12.5 });
  });

  it('searches by nickname or invite code (any case), taking % and _ literally', async () => {
    const search = async (keyword: string) =>
      (await get(`/team/page?keyword=${encodeURIComponent(keyword)}`, me.token)).json;
    expect((await search('阿')).body.data.map((row: { nickname: string }) => row.nickname)).toEqual(['阿明']);
    const byCode = await search(members[1]!.inviteCode.slice(2, 7).toLowerCase());
    expect(byCode.body.data.map((row: { invite_code: string }) => row.invite_code)).toEqual([members[1]!.inviteCode]);
    expect((await search('100%')).body.data.map((row: { nickname: string }) => row.nickname)).toEqual(['Lucy_100%']);
    expect((await search('%')).body.page.total_count).toBe(1);
    expect((await search('_')).body.page.total_count).toBe(1);
    expect((await search('没有这个人')).body).toEqual({
      data: [],
      page: { total_count: 0, page_num: 1, page_size: 10 },
    });
  });

  it('pages the members', async () => {
    const first = (await get('/team/page?page_size=2', me.token)).json.body;
    const second = (await get('/team/page?page_size=2&page_num=2', me.token)).json.body;
    expect(first.page).toEqual({ total_count: 3, page_num: 1, page_size: 2 });
    expect(second.page).toEqual({ total_count: 3, page_num: 2, page_size: 2 });
    expect([...first.data, ...second.data].map((row: { nickname: string }) => row.nickname)).toEqual([
      'Lucy_100%',
      '阿明',
      '小红',
    ]);
  });

  it('refuses odd input with a Chinese message naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['page_num=abc', '页码不正确'],
      ['page_num=0', '页码不正确'],
      ['page_size=1000', '每页数量不能超过100'],
      ['page_size=1.5', '每页数量不正确'],
      [`keyword=${'长'.repeat(21)}`, '搜索词不能超过20个字'],
      ['keyword=a&keyword=b', '搜索词格式不正确'],
    ];
    for (const [query, msg] of cases) {
      const { status, json } = await get(`/team/page?${query}`, me.token);
      expect({ query, status, json }).toEqual({
        query,
        status: 400,
        json: { code: ErrorCode.validation, msg, body: null },
      });
    }
    // A bare % is no valid escape: it is read as the text "%" and matches literally.
    const raw = await get('/team/page?keyword=%', me.token);
    expect(raw.json).toMatchObject({ code: 0, body: { page: { total_count: 1 } } });
  });

  it('shows each creator only their own team, and a member only their leader’s nickname and code', async () => {
    const others = (await get('/team/page', other.token)).json.body;
    expect(others.data.map((row: { nickname: string }) => row.nickname)).toEqual(['别人的队员']);
    const otherSummary = (await get('/team/summary', other.token)).json.body;
    expect(otherSummary).toMatchObject({ member_count: 1, leader_share_total: '9.99', leader: null, team_at: null });

    const member = members[0]!;
    expect((await get('/team/page', member.token)).json.body.page.total_count).toBe(0);
    const seen = (await get('/team/summary', member.token)).json.body;
    expect(seen.leader).toEqual({ nickname: '我自己', invite_code: me.inviteCode });
    expect(seen).toMatchObject({ member_count: 0, leader_share_total: '0.00' });

    // My leader sees me, and the leader share I brought them, but nothing of my own team.
    const mine = (await get('/team/page', leader.token)).json.body;
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ nickname: '我自己', leader_share: '7.77', leader_code: leader.inviteCode });
  });

  it('keeps the team size as members register, several at once, and counts no login twice', async () => {
    const captain = await register(undefined, '新团长');
    // Six friends register with the code at the same moment: their logins run side by side.
    const phones = Array.from({ length: 6 }, () => nextPhone());
    const codes: string[] = [];
    for (const phone of phones) {
      expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
      codes.push(await latestCode(ctx.app, phone));
    }
    const logins = await Promise.all(
      phones.map((phone, i) =>
        call(ctx.app, {
          url: '/agent/v1/user/login',
          body: { phone, code: codes[i], invite_code: captain.inviteCode },
        }),
      ),
    );
    expect(logins.map((login) => login.json.code)).toEqual(phones.map(() => 0));
    // A member logging in again, with or without a code, joins no team a second time.
    ctx.clock.advance(61_000);
    expect((await loginAs(ctx, phones[0]!, { invite_code: captain.inviteCode })).json.code).toBe(0);
    expect((await loginAs(ctx, phones[1]!)).json.code).toBe(0);
    const joined = (await get('/team/page', captain.token)).json.body.data as { invite_code: string }[];

    const counted = await ctx.database.db
      .selectFrom('agents')
      .where('leader_id', '=', captain.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(6);
    expect((await get('/team/summary', captain.token)).json.body.member_count).toBe(6);
    expect((await get('/team/page?page_size=4', captain.token)).json.body.page).toEqual({
      total_count: 6,
      page_num: 1,
      page_size: 4,
    });
    // A search still counts the members it finds.
    const found = (await get(`/team/page?keyword=${joined[2]!.invite_code}`, captain.token)).json.body;
    expect(found.page.total_count).toBe(1);
  });

  it('answers 401 without a valid token', async () => {
    for (const url of ['/team/page', '/team/summary', '/team/poster']) {
      const missing = await get(url);
      expect(missing.status).toBe(401);
      expect(missing.json.code).toBe(ErrorCode.unauthorized);
      expect((await get(url, 'not-a-token')).status).toBe(401);
    }
  });

  it('makes a PNG invite poster once, for download, and again only when what it shows changes', async () => {
    const first = await poster(me.token);
    const png = first.rawPayload;
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height follow the chunk header.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1125, 2001]);
    expect(png.length).toBeGreaterThan(20_000);
    expect(png.length).toBeLessThan(2_000_000);
    const disposition = String(first.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`邀请海报-${me.inviteCode}.png`)}`);
    const etag = String(first.headers.etag);
    expect((await poster(me.token, { 'if-none-match': etag })).statusCode).toBe(304);

    await call(ctx.app, { url: '/agent/v1/user/update_info', body: { nickname: '新名字' }, token: me.token });
    const renamed = await poster(me.token, { 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);

    // The avatar takes the initial's place: a red picture shows at the circle's centre, and the poster
    // is made again for it.
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const uploaded = (await uploadImage(ctx.app, me.token, red)).json();
    expect(uploaded.code).toBe(0);
    await call(ctx.app, { url: '/agent/v1/user/update_info', body: { avatar: uploaded.body.image }, token: me.token });
    const withAvatar = await poster(me.token, { 'if-none-match': String(renamed.headers.etag) });
    expect(withAvatar.statusCode).toBe(200);
    const centre = async (image: Buffer) =>
      [...(await sharp(image).extract({ left: 562, top: 435, width: 1, height: 1 }).raw().toBuffer())].slice(0, 3);
    const [r, g, b] = await centre(withAvatar.rawPayload);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(80);
    expect((await centre(renamed.rawPayload))[0]).toBeLessThan(200);

    // Another creator's poster is theirs: a different file named by their own code.
    const theirs = await poster(other.token);
    expect(String(theirs.headers['content-disposition'])).toContain(encodeURIComponent(other.inviteCode));
  });
});
