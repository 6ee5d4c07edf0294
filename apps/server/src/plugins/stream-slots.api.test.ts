/**
 * Live progress streams are capped per creator and per client IP: over the cap the answer is the
 * envelope's 429, and a stream that closes gives its slot back.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';

describe(`job progress stream caps (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let base: string;
  const open: http.ClientRequest[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ SSE_STREAMS_PER_CREATOR: '10', SSE_STREAMS_PER_IP: '12' });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const request of open) request.destroy();
    await ctx.close();
  });

  /** A creator with a queued job (no worker runs here, so its stream stays open). */
  async function creatorWithJob(): Promise<{ token: string; jobId: number }> {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });
    const now = ctx.clock.now();
    const row = await ctx.database.db
      .insertInto('tool_jobs')
      .values({
        agent_id: info.json.body.agent_id as number,
        agent_seq: 1,
        tool: 'dedup',
        status: 'queued',
        price: 2,
        charged: 1,
        media_ids: '[]',
        config: '{}',
        error: null,
        request_key: null,
        heartbeat_at: null,
        created_at: now,
        updated_at: now,
        started_at: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { token, jobId: Number(row.id) };
  }

  /** Opens the stream; answers once its first event arrived (the slot is held), or with the refusal's envelope. */
  function stream(token: string, jobId: number): Promise<{ status: number; body?: { code: number; msg: string } }> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        `${base}/ai/v1/jobs/${jobId}/events`,
        { headers: { vendor: 'default', authorization: `Bearer ${token}` } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => {
            text += part;
            if (response.statusCode === 200 && text.includes('event: job')) {
              open.push(request);
              resolve({ status: 200 });
            }
          });
          response.on('end', () => {
            if (response.statusCode !== 200) {
              expect(response.headers['x-content-type-options']).toBe('nosniff');
              resolve({ status: response.statusCode!, body: JSON.parse(text) });
            }
          });
        },
      );
      request.on('error', reject);
    });
  }

  it('refuses the eleventh stream of one creator, and the thirteenth of one IP', async () => {
    const alice = await creatorWithJob();
    for (let i = 0; i < 10; i++) expect((await stream(alice.token, alice.jobId)).status).toBe(200);
    const over = await stream(alice.token, alice.jobId);
    expect(over).toEqual({
      status: 429,
      body: { code: ErrorCode.streamLimit, msg: ErrorMessages.streamLimit, body: null },
    });

    const bob = await creatorWithJob();
    for (let i = 0; i < 2; i++) expect((await stream(bob.token, bob.jobId)).status).toBe(200);
    expect((await stream(bob.token, bob.jobId)).body?.code).toBe(ErrorCode.streamLimit);
  });

  it('gives a slot back when a stream closes', async () => {
    const carol = await creatorWithJob();
    // Every slot of this IP is taken by the streams above.
    expect((await stream(carol.token, carol.jobId)).status).toBe(429);
    open.shift()!.destroy();
    // The server learns of the close on its own time: ask until the freed slot is seen (bounded).
    let status = 429;
    for (let attempt = 0; attempt < 200 && status === 429; attempt++) {
      status = (await stream(carol.token, carol.jobId)).status;
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(200);
  });
});
