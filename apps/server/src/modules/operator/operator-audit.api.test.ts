import { ErrorCode, endpointTable } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { OPERATOR_PASSWORD, OPERATOR_TOKEN, operatorSession } from '../../../test/operators.js';

describe(`API keys and the audit log (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let admin: { operator: { id: number }; token: string };
  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    admin = await operatorSession(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  const audit = async (query: string, token = admin.token) => {
    const answer = await call(ctx.app, { method: 'GET', url: `/ops/v1/audit?page_size=100&${query}`, token });
    expect(answer.json.code).toBe(0);
    return answer.json.body as { data: Record<string, unknown>[]; page: { total_count: number } };
  };
  const auditCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('operator_audit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('shows a new API key once, keeps only its hash, records each use and refuses it once revoked', async () => {
    const created = await call(ctx.app, {
      url: '/ops/v1/api-keys',
      token: admin.token,
      body: { name: '对账脚本', role: 'finance' },
    });
    expect(created.json.code).toBe(0);
    const { id, key } = created.json.body as { id: number; key: string };
    expect(key).toMatch(/^ccops_[\w-]{43}$/);
    const row = await ctx.database.db
      .selectFrom('operator_api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(key);
    expect(row.last_used_at).toBeNull();

    const listed = await call(ctx.app, { method: 'GET', url: '/ops/v1/api-keys', token: admin.token });
    expect(JSON.stringify(listed.json.body)).not.toContain(key);
    expect(listed.json.body.data).toContainEqual(expect.objectContaining({ id, name: '对账脚本', role: 'finance' }));

    ctx.clock.advance(1000);
    expect((await call(ctx.app, { method: 'GET', url: '/ops/v1/withdrawals', token: key })).json.code).toBe(0);
    const used = await call(ctx.app, { method: 'GET', url: '/ops/v1/api-keys', token: admin.token });
    expect(used.json.body.data.find((k: { id: number }) => k.id === id).last_used_at).toBe(
      new Date(ctx.clock.now()).toISOString(),
    );
    expect((await call(ctx.app, { method: 'GET', url: '/ops/v1/api-keys', token: key })).status).toBe(403);

    const revoked = await call(ctx.app, { url: `/ops/v1/api-keys/${id}/revoke`, token: admin.token });
    expect(revoked.json.body.revoked_at).not.toBeNull();
    expect((await call(ctx.app, { method: 'GET', url: '/ops/v1/withdrawals', token: key })).status).toBe(401);
    const missing = await call(ctx.app, { url: '/ops/v1/api-keys/999999/revoke', token: admin.token });
    expect(missing.json.code).toBe(ErrorCode.apiKeyNotFound);
  });

  it('records each successful write exactly once, with who, what, the object and its change; reads and failures none', async () => {
    const before = await auditCount();
    await call(ctx.app, { method: 'GET', url: '/ops/v1/operators', token: admin.token });
    await call(ctx.app, { url: '/ops/v1/operators/999999/disable', token: admin.token });
    await call(ctx.app, { url: '/ops/v1/applications/999999/approve', token: admin.token });
    expect(await auditCount()).toBe(before);

    const created = await call(ctx.app, {
      url: '/ops/v1/operators',
      token: admin.token,
      headers: { 'user-agent': 'audit-test' },
      ip: '203.0.113.9',
      body: { username: 'bob', password: OPERATOR_PASSWORD, role: 'reviewer' },
    });
    const bobId = created.json.body.id as number;
    const disabled = await call(ctx.app, { url: `/ops/v1/operators/${bobId}/disable`, token: admin.token });
    expect(disabled.json.code).toBe(0);
    const run = await call(ctx.app, { url: '/ops/v1/settlement/run', token: OPERATOR_TOKEN, body: {} });
    expect(run.json.code).toBe(0);
    expect(await auditCount()).toBe(before + 3);

    const bobs = await audit(`object_type=operators&object_id=${bobId}`);
    expect(bobs.data.map((e) => e.action)).toEqual(['POST /ops/v1/operators/:id/disable', 'POST /ops/v1/operators']);
    const [disable, create] = bobs.data;
    expect(create).toMatchObject({
      operator_id: admin.operator.id,
      api_key_id: null,
      actor: `operator:${admin.operator.id}`,
      role: 'admin',
      ip: '203.0.113.9',
      user_agent: 'audit-test',
      before: null,
      after: { id: bobId, username: 'bob', role: 'reviewer' },
    });
    expect(JSON.stringify(create)).not.toContain(OPERATOR_PASSWORD);
    expect(disable!.before).toMatchObject({ disabled_at: null });
    expect(disable!.after).toMatchObject({ disabled_at: expect.any(String) });

    const settlement = await audit('action=POST%20%2Fops%2Fv1%2Fsettlement%2Frun');
    expect(settlement.data).toEqual([
      expect.objectContaining({ actor: 'operator-token', role: 'admin', object_type: 'settlement/run' }),
    ]);
  });

  it('filters by operator and time range, pages, and exports the same entries as CSV', async () => {
    const mine = await audit(`operator_id=${admin.operator.id}`);
    expect(mine.page.total_count).toBeGreaterThan(2);
    expect(mine.data.every((e) => e.operator_id === admin.operator.id)).toBe(true);
    const future = new Date(ctx.clock.now() + 60_000).toISOString();
    expect((await audit(`from=${encodeURIComponent(future)}`)).page.total_count).toBe(0);
    expect((await audit(`to=${encodeURIComponent(future)}`)).page.total_count).toBe((await audit('')).page.total_count);
    const paged = await call(ctx.app, {
      method: 'GET',
      url: '/ops/v1/audit?page_size=1&page_num=2',
      token: admin.token,
    });
    expect(paged.json.body.data).toHaveLength(1);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/ops/v1/audit/export?operator_id=${admin.operator.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"操作"');
    expect(lines).toHaveLength(mine.page.total_count + 1);
    expect(lines[1]).toContain(`"operator:${admin.operator.id}"`);
  });

  it('is read by the administrator only, and no route edits or deletes an entry', async () => {
    const { token } = await operatorSession(ctx, 'support');
    expect((await call(ctx.app, { method: 'GET', url: '/ops/v1/audit', token })).status).toBe(403);
    const writes = endpointTable.filter((e) => e.path.startsWith('/ops/v1/audit') && e.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
