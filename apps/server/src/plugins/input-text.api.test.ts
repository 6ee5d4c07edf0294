/**
 * A NUL character in any input text is refused with a 400 in Chinese on both databases; on PostgreSQL it was a 500
 * (a text column cannot hold one), found by the contract fuzz suite in a library folder filter, a team search,
 * a short link and an operator's bonus request id.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';

const OPERATOR_TOKEN = 'operator-token-for-the-input-text-tests-0123';
const refused = (msg: string = ErrorMessages.textNulCharacter) => ({
  code: ErrorCode.textNulCharacter,
  msg,
  body: null,
});

describe(`NUL in input text (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    token = (await loginAs(ctx, nextPhone())).json.body.access_token;
  });
  afterAll(() => ctx.close());

  it('refuses one in a query string, naming the field when its schema labels it', async () => {
    const answers: [string, string][] = [
      ['/ai/v1/media?folder=a%00b', ErrorMessages.textNulCharacter],
      ['/ai/v1/media?%00=1', ErrorMessages.textNulCharacter],
      ['/agent/v1/team/page?keyword=%00', '搜索词包含无效字符，请删除后重试'],
    ];
    for (const [url, msg] of answers) {
      const { status, json } = await call(ctx.app, { method: 'GET', url, token });
      expect(status).toBe(400);
      expect(json).toEqual(refused(msg));
    }
  });

  it('refuses one in a path', async () => {
    const { status, json } = await call(ctx.app, { method: 'GET', url: '/s/AB%00CD' });
    expect(status).toBe(400);
    expect(json).toEqual(refused('推广码包含无效字符，请删除后重试'));
  });

  it('refuses one anywhere in a JSON body, keys and fields named like prototype members included', async () => {
    const bonus = { agent_id: 1, amount: '1.00', reason: '奖励', request_id: 'r1' };
    const bodies = [
      { ...bonus, request_id: 'a\u0000b' },
      { ...bonus, x: ['\u0000'] },
      { ...bonus, 'a\u0000': 1 },
      // Looking up the label of these fields threw (a 500) before.
      { ...bonus, hasOwnProperty: 'a\u0000' },
      { ...bonus, constructor: '\u0000' },
    ];
    for (const body of bodies) {
      const { status, json } = await call(ctx.app, { url: '/ops/v1/bonus', token: OPERATOR_TOKEN, body });
      expect(status).toBe(400);
      expect(json).toEqual(refused());
    }
  });

  it('leaves text without one alone', async () => {
    const { status, json } = await call(ctx.app, {
      method: 'GET',
      url: '/ai/v1/media?folder=%E7%B4%A0%E6%9D%90',
      token,
    });
    expect(status).toBe(200);
    expect(json.code).toBe(0);
  });
});
