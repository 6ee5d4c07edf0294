import { ErrorCode } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAlipay,
  addBank,
  codeFor,
  idCard,
  newCreator,
  nextIdCard,
  signContract,
  type Creator,
} from '../../../test/payee-fixtures.js';
import { call, createTestApp, latestCode, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

describe(`payee accounts, identity and the service agreement (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
  });
  afterAll(() => ctx.close());

  const info = async (token: string) =>
    (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body;

  it('keeps ID, card and Alipay numbers encrypted at rest and shows them masked everywhere, user/info included', async () => {
    const creator = await newCreator(ctx);
    const alipay = await addAlipay(ctx, creator, 'zhangsan@example.com');
    expect(alipay.json).toMatchObject({ code: 0, body: { type: 2, account_no: 'z***@example.com' } });
    const bank = await addBank(ctx, creator);
    expect(bank.json.code).toBe(0);
    expect(bank.json.body).toMatchObject({
      type: 1,
      real_name: '张三',
      id_card_number: `3301**********${creator.idNumber.slice(-4)}`,
      bank_name: '招商银行',
      account_no: '6225 **** **** 5678',
      reserve_phone: '139****9000',
    });

    const me = await info(creator.token);
    expect(me).toMatchObject({
      real_name: '张三',
      id_card_number: `3301**********${creator.idNumber.slice(-4)}`,
      bank_card_number: '6225 **** **** 5678',
      bank_name: '招商银行',
      alipay_id: 'z***@example.com',
    });

    const agent = await ctx.database.db
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', creator.agentId)
      .executeTakeFirstOrThrow();
    expect(agent.id_card_number).toBe('');
    expect(agent.bank_card_number).toBe('');
    expect(agent.alipay_id).toBe('');
    expect(agent.id_card_enc).toMatch(/^v1\./);
    const rows = await ctx.database.db
      .selectFrom('payee_accounts')
      .selectAll()
      .where('agent_id', '=', creator.agentId)
      .execute();
    const raw = JSON.stringify([agent, rows]);
    for (const secret of [creator.idNumber, '6225880112345678', 'zhangsan@example.com', '13900139000']) {
      expect(raw).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
    }
    // The same ID number hashes the same (look-ups), yet encrypts differently each time (random IV).
    expect(rows[0]!.id_card_hash).toBe(rows[1]!.id_card_hash);
    expect(rows[0]!.id_card_enc).not.toBe(rows[1]!.id_card_enc);
  });

  it('validates 18-digit ID numbers: checksum, birth date, region; lower-case x accepted', async () => {
    const creator = await newCreator(ctx);
    const code = await codeFor(ctx, creator, 4);
    const attempt = (id_card_number: string) =>
      call(ctx.app, {
        url: '/agent/v1/user/update_alipay',
        token: creator.token,
        body: { real_name: '张三', id_card_number, account_no: '13800138000', code },
      });
    const wrongCheck = creator.idNumber.slice(0, 17) + (creator.idNumber[17] === '1' ? '2' : '1');
    for (const bad of [wrongCheck, idCard('33010619901301123'), idCard('99010619900101123'), '3301061990010112', '']) {
      const answer = await attempt(bad);
      expect(answer.json.code, bad).toBe(ErrorCode.validation);
    }
    expect((await attempt(wrongCheck)).json.msg).toContain('身份证号码不正确');
    const x = idCard('11010119900307803');
    expect(x.endsWith('X') || /\d$/.test(x)).toBe(true);
    const ok = await attempt(x.toLowerCase());
    expect(ok.json.code).toBe(0);
  });

  it('requires every payee account to carry the real name and ID already on file', async () => {
    const creator = await newCreator(ctx);
    expect((await addAlipay(ctx, creator)).json.code).toBe(0);
    const otherId = await addBank(ctx, creator, nextIdCard());
    expect(otherId.json).toMatchObject({
      code: ErrorCode.identityMismatch,
      msg: '姓名和身份证号须与已登记的实名信息一致',
    });
    const otherName = await addBank(ctx, creator, creator.idNumber, '李四');
    expect(otherName.json.code).toBe(ErrorCode.identityMismatch);
    expect((await addBank(ctx, creator)).json.code).toBe(0);
  });

  it('takes only an SMS code of the right type sent to the creator’s own phone', async () => {
    const creator = await newCreator(ctx);
    const bankCode = await codeFor(ctx, creator, 3);
    const withBankCode = await call(ctx.app, {
      url: '/agent/v1/user/update_alipay',
      token: creator.token,
      body: { real_name: '张三', id_card_number: creator.idNumber, account_no: '13800138000', code: bankCode },
    });
    expect(withBankCode.json.code).toBe(ErrorCode.smsCodeInvalid);
    // Another creator's code is no code of this creator's phone.
    const other = await newCreator(ctx);
    const othersCode = await codeFor(ctx, other, 4);
    const withOthers = await call(ctx.app, {
      url: '/agent/v1/user/update_alipay',
      token: creator.token,
      body: { real_name: '张三', id_card_number: creator.idNumber, account_no: '13800138000', code: othersCode },
    });
    expect(withOthers.json.code).toBe(ErrorCode.smsCodeInvalid);
    const used = await addAlipay(ctx, creator);
    expect(used.json.code).toBe(0);
  });

  it('takes a second account without typing the identity again: the one on file is used', async () => {
    const creator = await newCreator(ctx);
    expect((await addBank(ctx, creator)).json.code).toBe(0);
    const code = await codeFor(ctx, creator, 4);
    const added = await call(ctx.app, {
      url: '/agent/v1/user/update_alipay',
      token: creator.token,
      body: { account_no: 'zhangsan@example.com', code },
    });
    expect(added.json, added.json.msg).toMatchObject({
      code: 0,
      body: {
        real_name: '张三',
        id_card_number: `${creator.idNumber.slice(0, 4)}**********${creator.idNumber.slice(-4)}`,
      },
    });
    const rows = await ctx.database.db
      .selectFrom('payee_accounts')
      .select(['id_card_hash', 'id_card_enc'])
      .where('agent_id', '=', creator.agentId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id_card_hash).toBe(rows[1]!.id_card_hash);

    const stranger = await newCreator(ctx);
    const noIdentity = await call(ctx.app, {
      url: '/agent/v1/user/update_alipay',
      token: stranger.token,
      body: { real_name: '李四', account_no: 'lisi@example.com', code: await codeFor(ctx, stranger, 4) },
    });
    expect(noIdentity.json).toMatchObject({ code: ErrorCode.validation, msg: '请填写身份证号' });
    const empty = await call(ctx.app, {
      url: '/agent/v1/user/update_alipay',
      token: stranger.token,
      body: { real_name: '李四', id_card_number: '', account_no: 'lisi@example.com', code: '123456' },
    });
    expect(empty.json.msg).toContain('请填写身份证号');
  });

  it('shows the full agreement and signs it with an SMS code, keeping the version and the text hash', async () => {
    const creator = await newCreator(ctx);
    const before = await call(ctx.app, {
      method: 'GET',
      url: '/agent/v1/user/get_sign_contract',
      token: creator.token,
    });
    expect(before.json.body).toMatchObject({ sign_status: 0, signed_at: null, version: '2026-11' });
    for (const part of ['甲方', '乙方', '劳务报酬', '个人所得税', '保密', '知识产权', '协议期限', '争议解决']) {
      expect(before.json.body.content).toContain(part);
    }
    const early = await call(ctx.app, { url: '/agent/v1/user/sign_contract', token: creator.token, body: {} });
    expect(early.json).toMatchObject({ code: ErrorCode.contractRealNameRequired });

    await addAlipay(ctx, creator);
    const signed = await signContract(ctx, creator);
    expect(signed.json).toMatchObject({ code: 0, body: { sign_status: 1, version: '2026-11' } });
    expect(signed.json.body.sign_phone).toBe(`${creator.phone.slice(0, 3)}****${creator.phone.slice(-4)}`);
    const after = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/get_sign_contract', token: creator.token });
    expect(after.json.body).toMatchObject({ sign_status: 1, content_hash: before.json.body.content_hash });
    expect(after.json.body.content).toContain('张三');
    expect(after.json.body.content).not.toContain(creator.idNumber);
    expect(await info(creator.token)).toMatchObject({ sign_status: 1, sign_phone: creator.phone });
    const stored = await ctx.database.db
      .selectFrom('contract_signatures')
      .selectAll()
      .where('agent_id', '=', creator.agentId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      version: '2026-11',
      content_hash: before.json.body.content_hash,
      provider: 'builtin',
    });
    expect((await signContract(ctx, creator)).json.code).toBe(ErrorCode.contractAlreadySigned);
  });

  it('lets one ID number be the real name of one creator account only', async () => {
    const first = await newCreator(ctx);
    expect((await addAlipay(ctx, first)).json.code).toBe(0);
    const second = await newCreator(ctx);
    const taken = await addAlipay(ctx, second, '13700137000', first.idNumber);
    expect(taken.json).toMatchObject({ code: ErrorCode.idCardTaken });
    expect((await addAlipay(ctx, second, '13700137000')).json.code).toBe(0);
  });

  it('leaves exactly one owner when 20 accounts submit the same ID number at once', async () => {
    const idNumber = nextIdCard();
    ctx.clock.advance(3_600_000); // a fresh hour of the per-IP SMS limit for the 20 logins
    const creators: Creator[] = [];
    for (let i = 0; i < 20; i += 1) creators.push(await newCreator(ctx));
    ctx.clock.advance(61_000);
    // Each creator asks for a code from their own network, all within the codes' validity.
    const codes: string[] = [];
    for (const [i, creator] of creators.entries()) {
      const sent = await call(ctx.app, {
        url: '/agent/v1/user/send_code_by_id',
        token: creator.token,
        body: { type: 4 },
        ip: `10.18.0.${i + 1}`,
      });
      expect(sent.json.code, sent.json.msg).toBe(0);
      codes.push(await latestCode(ctx.app, creator.phone));
    }
    // All at once: on PostgreSQL each runs in its own connection, past the look-up before any of them commits.
    const answers = await Promise.all(
      creators.map((creator, i) =>
        call(ctx.app, {
          url: '/agent/v1/user/update_alipay',
          token: creator.token,
          body: {
            real_name: '张三',
            id_card_number: idNumber,
            account_no: `1380013${String(8000 + i)}`,
            code: codes[i],
          },
        }),
      ),
    );
    const codesAnswered = answers.map((a) => a.json.code);
    expect(codesAnswered.filter((c) => c === 0)).toHaveLength(1);
    expect(codesAnswered.filter((c) => c === ErrorCode.idCardTaken)).toHaveLength(19);
    const loser = answers.find((a) => a.json.code === ErrorCode.idCardTaken)!;
    expect(loser.json.msg).toBe('该身份证号已被其他账号实名认证，一人只能实名一个账号');
    const owners = await ctx.database.db
      .selectFrom('agents')
      .select('id')
      .where(
        'id',
        'in',
        creators.map((c) => c.agentId),
      )
      .where('id_card_hash', '!=', '')
      .execute();
    expect(owners).toHaveLength(1);
    const accounts = await ctx.database.db
      .selectFrom('payee_accounts')
      .select('agent_id')
      .where(
        'agent_id',
        'in',
        creators.map((c) => c.agentId),
      )
      .execute();
    expect(accounts).toEqual([{ agent_id: owners[0]!.id }]);
  });

  it('shows a creator only their own payee accounts; nobody changes another creator’s', async () => {
    const owner = await newCreator(ctx);
    await addAlipay(ctx, owner, 'owner@example.com');
    const intruder = await newCreator(ctx);
    const own = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/payee_accounts', token: intruder.token });
    expect(own.json.body.data).toEqual([]);
    // The intruder's own code changes only the intruder's own account.
    await addAlipay(ctx, intruder, 'intruder@example.com');
    const ownerAccounts = await call(ctx.app, {
      method: 'GET',
      url: '/agent/v1/user/payee_accounts',
      token: owner.token,
    });
    expect(ownerAccounts.json.body.data).toMatchObject([{ account_no: 'o***@example.com' }]);
    const anonymous = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/payee_accounts' });
    expect(anonymous.status).toBe(401);
  });
});
