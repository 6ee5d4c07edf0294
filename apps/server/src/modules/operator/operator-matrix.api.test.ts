/**
 * The permission matrix walked: every operator entry of the endpoint table, called by each role's session, an API
 * key of each role, the operator token, a creator's token and nobody. Allowed means the guard let the call through
 * (any answer but 401 or 403: the bodies sent are not meant to be valid); refused means 403 for an operator of
 * another role and 401 for anyone who is not an operator.
 */
import { endpointTable, fillPath, OPERATOR_ROLES, type EndpointSpec, type OperatorRole } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { OPERATOR_TOKEN, operatorLogin, operatorSession } from '../../../test/operators.js';

const GUARDED = [401, 403];
/** The logouts end the caller's sessions: a session caller calls them last, each with a session of its own. */
const isLogout = (entry: EndpointSpec) => entry.path.startsWith('/ops/v1/auth/logout');
const entries = endpointTable
  .filter((entry) => entry.guard === 'operator')
  .sort((a, b) => Number(isLogout(a)) - Number(isLogout(b)));

const params = (entry: EndpointSpec) =>
  Object.fromEntries([...entry.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 999999]));

describe(`the operator permission matrix (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
  });
  afterAll(() => ctx.close());

  /** The status, and the envelope's message when the answer is one (a file or a document is not). */
  async function send(entry: EndpointSpec, token: string | undefined) {
    const response = await ctx.app.inject({
      method: entry.method,
      url: fillPath(entry.path, params(entry)),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(entry.method !== 'GET' && { payload: {} }),
    });
    const isJson = String(response.headers['content-type']).startsWith('application/json');
    return { status: response.statusCode, msg: isJson ? (response.json() as { msg?: string }).msg : undefined };
  }

  async function walk(
    caller: string,
    tokenFor: (entry: EndpointSpec) => Promise<string | undefined> | string | undefined,
    allowed: (entry: EndpointSpec) => boolean,
  ) {
    const wrong: string[] = [];
    for (const entry of entries) {
      const token = await tokenFor(entry);
      const { status, msg } = await send(entry, token);
      const expected = allowed(entry);
      const passed = !GUARDED.includes(status);
      if (passed !== expected) wrong.push(`${entry.method} ${entry.path}: ${status} ${msg}`);
      if (!expected && status === 403) expect(msg).toBe('当前运营角色无权进行此操作，请联系管理员');
      if (!expected && token === undefined) expect(status).toBe(401);
    }
    expect(wrong, `${caller}: calls the matrix decides otherwise`).toEqual([]);
  }

  it.each(OPERATOR_ROLES)("a %s operator's session reaches exactly the entries its role is allowed", async (role) => {
    const { operator, token } = await operatorSession(ctx, role);
    const ownSession = async () => (await operatorLogin(ctx, operator)).json.body.access_token as string;
    await walk(
      `session ${role}`,
      (entry) => (isLogout(entry) ? ownSession() : token),
      (entry) => entry.roles!.includes(role),
    );
  });

  it.each(OPERATOR_ROLES)('an API key of role %s reaches exactly the entries its role is allowed', async (role) => {
    const created = await call(ctx.app, {
      url: '/ops/v1/api-keys',
      token: OPERATOR_TOKEN,
      body: { name: `matrix ${role}`, role },
    });
    const key = created.json.body.key as string;
    // An API key has no session to end: the logouts pass the guard and do nothing.
    await walk(
      `api key ${role}`,
      () => key,
      (entry) => entry.roles!.includes(role as OperatorRole),
    );
  });

  it('the operator token is an administrator key', async () => {
    await walk(
      'operator token',
      () => OPERATOR_TOKEN,
      () => true,
    );
  });

  it('nobody, and a creator, are refused everywhere with 401', async () => {
    await walk(
      'anonymous',
      () => undefined,
      () => false,
    );
    const creator = (await loginAs(ctx, nextPhone())).json.body.access_token as string;
    const wrong: string[] = [];
    for (const entry of entries) {
      const { status } = await send(entry, creator);
      if (status !== 401) wrong.push(`${entry.method} ${entry.path}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
