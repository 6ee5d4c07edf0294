/**
 * `POST /ai/v1/jobs` with an `Idempotency-Key`: a repeat is the same job and spends nothing more,
 * however many arrive at once; the same key with another body is refused; keys are the creator's own and expire.
 * Jobs are numbered per creator. No worker runs here: the jobs stay queued, nothing renders.
 */
import { ErrorCode } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { makeClip, uploadToLibrary } from '../../../test/media-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { CreditRepository } from '../credit/credit.repository.js';
import { CreditService } from '../credit/credit.service.js';
import { REQUEST_KEY_TTL_MS } from './tool.service.js';

describe(`tool runs by request key (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let credits: CreditService;
  let clip: string;

  beforeAll(async () => {
    ctx = await createTestApp({ TOOL_PRICE_DEDUP: '2,3' }, { jobs: { pollMs: 20, leaseMs: 5_000 } });
    credits = new CreditService(ctx.database, new CreditRepository(ctx.database.db), ctx.clock);
    clip = makeClip('requests-a.mp4', { seconds: 3 });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(async () => {
    await ctx.close();
  });

  /** A creator with points and one ready medium; the workers stop once it is ready, so jobs stay queued. */
  async function creator(points: number) {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });
    const agentId = info.json.body.agent_id as number;
    if (points > 0) await credits.grant(agentId, { kind: 2, amount: points, title: '测试购买', key: `t-${agentId}` });
    await ctx.services.jobs.start();
    const mediaId = await uploadToLibrary(ctx, token, clip);
    await ctx.services.jobs.stop();
    return { token, agentId, mediaId };
  }

  const body = (mediaId: number, options = ['flip', 'speed']) => ({
    tool: 'dedup',
    media_ids: [mediaId],
    config: { options, output_count: 1 },
  });

  async function run(token: string, payload: unknown, key?: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/ai/v1/jobs',
      headers: { vendor: 'default', authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) },
      payload: payload as object,
    });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; body: unknown }) };
  }

  const total = async (agentId: number) => (await credits.totals(agentId)).total;
  const jobRows = (agentId: number) =>
    ctx.database.db
      .selectFrom('tool_jobs')
      .select(['id', 'agent_seq'])
      .where('agent_id', '=', agentId)
      .orderBy('id')
      .execute();
  const spends = async (agentId: number) =>
    (
      await ctx.database.db
        .selectFrom('credit_ledger')
        .select('credit')
        .where('agent_id', '=', agentId)
        .where('credit', '<', 0)
        .execute()
    ).length;

  it('answers a repeat with the same job and the same answer, spending nothing more', async () => {
    const c = await creator(100);
    const key = crypto.randomUUID();
    const first = await run(c.token, body(c.mediaId), key);
    expect(first.code, first.msg).toBe(0);
    expect(first.body).toMatchObject({ price: 5 });
    const again = await run(c.token, body(c.mediaId), key);
    expect(again).toEqual(first);
    expect(await total(c.agentId)).toBe(95);
    expect(await jobRows(c.agentId)).toHaveLength(1);
    expect(await spends(c.agentId)).toBe(1);
  });

  it('refuses the same key with another body (409), charging nothing', async () => {
    const c = await creator(100);
    const key = crypto.randomUUID();
    expect((await run(c.token, body(c.mediaId), key)).code).toBe(0);
    const other = await run(c.token, body(c.mediaId, ['rotate']), key);
    expect(other.status).toBe(409);
    expect(other.code).toBe(ErrorCode.toolRequestKeyReused);
    expect(other.msg).toBe('该请求编号已用于另一次不同设置的运行，请刷新页面后重新确认');
    expect(await total(c.agentId)).toBe(95);
    expect(await jobRows(c.agentId)).toHaveLength(1);
  });

  it('treats the body by its meaning: option order and defaults do not make it another body', async () => {
    const c = await creator(100);
    const key = crypto.randomUUID();
    const first = await run(c.token, body(c.mediaId, ['flip', 'speed']), key);
    const reordered = await run(
      c.token,
      { config: { options: ['flip', 'speed'] }, media_ids: [c.mediaId], tool: 'dedup' },
      key,
    );
    expect(reordered).toEqual(first);
    expect(await total(c.agentId)).toBe(95);
  });

  it("keeps keys per creator: another creator's same key is their own run and charge", async () => {
    const a = await creator(100);
    const b = await creator(100);
    const key = crypto.randomUUID();
    const ofA = await run(a.token, body(a.mediaId), key);
    const ofB = await run(b.token, body(b.mediaId), key);
    expect(ofA.code, ofA.msg).toBe(0);
    expect(ofB.code, ofB.msg).toBe(0);
    expect((ofB.body as { job_id: string }).job_id).not.toBe((ofA.body as { job_id: string }).job_id);
    expect(await total(a.agentId)).toBe(95);
    expect(await total(b.agentId)).toBe(95);
  });

  it('makes one job and one charge from ten identical requests sent at once', async () => {
    const c = await creator(100);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => run(c.token, body(c.mediaId), key)));
    for (const answer of answers) expect(answer.code, answer.msg).toBe(0);
    expect(new Set(answers.map((a) => (a.body as { job_id: string }).job_id)).size).toBe(1);
    expect(await jobRows(c.agentId)).toHaveLength(1);
    expect(await spends(c.agentId)).toBe(1);
    expect(await total(c.agentId)).toBe(95);
    const requests = await ctx.database.db
      .selectFrom('tool_job_requests')
      .selectAll()
      .where('agent_id', '=', c.agentId)
      .execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.expires_at - requests[0]!.created_at).toBe(REQUEST_KEY_TTL_MS);
  });

  it('keeps nothing of a request the balance cannot pay: the same key runs once points arrive', async () => {
    const c = await creator(3);
    const key = crypto.randomUUID();
    const refused = await run(c.token, body(c.mediaId), key);
    expect(refused.code).toBe(ErrorCode.insufficientPoints);
    expect(await jobRows(c.agentId)).toHaveLength(0);
    await credits.grant(c.agentId, { kind: 2, amount: 10, title: '测试购买', key: `more-${c.agentId}` });
    const accepted = await run(c.token, body(c.mediaId), key);
    expect(accepted.code, accepted.msg).toBe(0);
    expect(await total(c.agentId)).toBe(8);
  });

  it('lets a key name a new run once it has expired, and the sweep removes expired keys', async () => {
    const c = await creator(100);
    const key = crypto.randomUUID();
    const first = await run(c.token, body(c.mediaId), key);
    ctx.clock.advance(REQUEST_KEY_TTL_MS + 1);
    const later = await run(c.token, body(c.mediaId, ['rotate']), key);
    expect(later.code, later.msg).toBe(0);
    expect((later.body as { job_id: string }).job_id).not.toBe((first.body as { job_id: string }).job_id);
    expect(await total(c.agentId)).toBe(90);
    ctx.clock.advance(REQUEST_KEY_TTL_MS + 1);
    await ctx.services.tools.sweep(60 * 60_000);
    const left = await ctx.database.db
      .selectFrom('tool_job_requests')
      .select('request_key')
      .where('agent_id', '=', c.agentId)
      .execute();
    expect(left).toEqual([]);
  });

  it("numbers jobs per creator: a creator's first job is 1, whatever the product-wide id", async () => {
    const a = await creator(100);
    const b = await creator(100);
    await run(a.token, body(a.mediaId));
    const second = await run(a.token, body(a.mediaId, ['rotate']));
    const ofB = await run(b.token, body(b.mediaId));
    const job = async (token: string, id: string) =>
      (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${id}`, token })).json.body as {
        job_id: string;
        number: number;
      };
    expect((await job(a.token, (second.body as { job_id: string }).job_id)).number).toBe(2);
    const firstOfB = await job(b.token, (ofB.body as { job_id: string }).job_id);
    expect(firstOfB.number).toBe(1);
    expect(Number(firstOfB.job_id)).toBeGreaterThan(1);
    const list = await call(ctx.app, { method: 'GET', url: '/ai/v1/jobs', token: a.token });
    expect(list.json.body.data.map((j: { number: number }) => j.number)).toEqual([2, 1]);
  });
});
