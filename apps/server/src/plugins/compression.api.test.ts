import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Media, ToolJob } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, uploadToLibrary } from '../../test/media-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { CreditRepository } from '../modules/credit/credit.repository.js';
import { CreditService } from '../modules/credit/credit.service.js';
import { COMPRESSION_THRESHOLD } from './compression.js';

/** What Chromium sends. */
const BROWSER = 'gzip, deflate, br, zstd';
const TASK_PAGE = '/agent/v1/task/page?task_type=1&page_size=12';

describe(`compression of API answers (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let token: string;
  let clip: string;
  let uploading: Promise<number> | null = null;
  /** The creator's uploaded clip, uploaded by the first test that needs it (uploads poll inside a test). */
  const uploaded = () => (uploading ??= uploadToLibrary(ctx, token, clip));

  beforeAll(async () => {
    ctx = await createTestApp({}, { jobs: { pollMs: 20 } });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    await ctx.services.jobs.start();
    token = (await loginAs(ctx, nextPhone())).json.body.access_token;
    clip = makeClip('compression-a.mp4', { seconds: 3 });
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { vendor: 'default', authorization: `Bearer ${token}`, ...headers },
    });

  it('compresses a large JSON answer with brotli, else gzip, as the request allows, and says it varies', async () => {
    const plain = await get(TASK_PAGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const answer = plain.json();
    expect(answer.body.data.length).toBeGreaterThan(0);

    const br = await get(TASK_PAGE, { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(answer);

    const gzip = await get(TASK_PAGE, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(answer);

    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const none = await get(TASK_PAGE, { 'accept-encoding': accept });
      expect(none.headers['content-encoding'], accept).toBeUndefined();
      expect(none.json(), accept).toEqual(answer);
    }
  });

  it('sends a small answer as it is', async () => {
    const small = await get('/agent/v1/user/info', { 'accept-encoding': BROWSER });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(0);
  });

  it('never compresses the server-sent events of a tool job', async () => {
    const mediaId = await uploaded();
    const credits = new CreditService(ctx.database, new CreditRepository(ctx.database.db), ctx.clock);
    const agentId = (await get('/agent/v1/user/info')).json().body.agent_id as number;
    await credits.grant(agentId, { kind: 2, amount: 100, title: '测试购买', key: `compression-${agentId}` });
    const created = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token,
      body: { tool: 'dedup', media_ids: [mediaId], config: { options: ['flip'], output_count: 1 } },
    });
    const jobId = created.json.body.job_id as string;
    await expect
      .poll(async () => (await get(`/ai/v1/jobs/${jobId}`)).json().body.status, { timeout: 60_000, interval: 100 })
      .toMatch(/^(succeeded|failed|cancelled)$/);

    const stream = await get(`/ai/v1/jobs/${jobId}/events`, { 'accept-encoding': BROWSER });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    const last = stream.body.split('\n\n').filter((block) => block.startsWith('event: job'))[0]!;
    expect((JSON.parse(last.split('\ndata: ')[1]!) as ToolJob).job_id).toBe(jobId);
  }, 90_000);

  it('sends signed file links, whole or by Range, byte for byte with their own length', async () => {
    const mediaId = await uploaded();
    const item = (await get(`/ai/v1/media/${mediaId}`)).json().body as Media;
    const file = fs.readFileSync(clip);

    const ranged = await get(item.url, { 'accept-encoding': BROWSER, range: 'bytes=100-1199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.headers['content-range']).toBe(`bytes 100-1199/${file.length}`);
    expect(ranged.headers['content-length']).toBe('1100');
    expect(ranged.rawPayload).toEqual(file.subarray(100, 1200));

    const whole = await get(item.download_url, { 'accept-encoding': BROWSER });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(file.length));
    expect(whole.rawPayload).toEqual(file);
  });

  it('sends media files (images included) and short links as they are, even in a compressible type', async () => {
    const cover = path.join(ctx.config.mediaDir, 'demo', 'covers', 'drama-01.svg');
    const svg = fs.readFileSync(cover);
    expect(svg.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const image = await get('/media/demo/covers/drama-01.svg', { 'accept-encoding': BROWSER });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload).toEqual(svg);

    const gone = await get('/s/NOPE2345', { 'accept-encoding': BROWSER });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    expect(gone.headers['content-encoding']).toBeUndefined();
    expect(gone.body).toContain('链接已失效');
  });
});
