/**
 * The library's tus uploads keep their promises: the quota counts uploads in progress, uploads expire,
 * a finished upload cannot be terminated under its item, tus answers carry the API's headers and CORS, and an item
 * whose processing gave up ends 失败. Requests are written by hand; payloads are bytes made here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ErrorMessages, MEDIA_UPLOAD_PATH, type Media } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, tusHeaders } from '../../../test/media-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const QUOTA = 1_000_000;
const APP_ORIGIN = 'https://app.example';

describe(`media uploads (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(
      { MEDIA_MAX_FILE_BYTES: String(QUOTA), MEDIA_QUOTA_BYTES: String(QUOTA), MEDIA_UPLOAD_WRITES_PER_CREATOR: '2' },
      { jobs: { pollMs: 20 } },
    );
  });
  afterAll(() => ctx.close());

  const creator = async () => (await loginAs(ctx, nextPhone())).json.body.access_token as string;
  const create = (token: string, length: number | 'deferred', headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: {
        ...tusHeaders(token),
        ...(length === 'deferred' ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
        ...headers,
      },
    });
  const patch = (
    token: string,
    location: string,
    offset: number,
    bytes: number,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(token),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...headers,
      },
      payload: Buffer.alloc(bytes, 7),
    });
  const stagedFile = (location: string) => {
    const storage = ctx.config.media.storage;
    if (storage.kind !== 'local') throw new Error('these tests run on local storage');
    return path.join(storage.root, 'uploads', path.basename(location));
  };
  const usage = async (token: string) =>
    (await call(ctx.app, { method: 'GET', url: '/ai/v1/media/usage', token })).json.body as { used_bytes: number };

  it('lets 6 parallel creations promise no more than the quota together', async () => {
    const token = await creator();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(token, 300_000)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    expect(answers.find((answer) => answer.statusCode === 413)!.body).toBe(ErrorMessages.mediaQuotaExceeded);
  });

  it('counts deferred-length uploads by their bytes on every PATCH and checks the length when it is declared', async () => {
    const token = await creator();
    const first = (await create(token, 'deferred')).headers.location as string;
    expect((await patch(token, first, 0, 700_000)).statusCode).toBe(204);
    const second = (await create(token, 'deferred')).headers.location as string;
    const tooMuch = await patch(token, second, 0, 400_000);
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.body).toBe(ErrorMessages.mediaQuotaExceeded);
    // The first one declares its length with its last bytes: 900 000 fits.
    const declared = await patch(token, first, 700_000, 100_000, { 'upload-length': '900000' });
    expect(declared.statusCode).toBe(204);
    const third = (await create(token, 'deferred')).headers.location as string;
    const declaredTooMuch = await patch(token, third, 0, 1, { 'upload-length': '200000' });
    expect(declaredTooMuch.statusCode).toBe(413);
    expect(declaredTooMuch.body).toBe(ErrorMessages.mediaQuotaExceeded);
    // A body of unknown size cannot be counted before it is written.
    const unsized = await ctx.app.inject({
      method: 'PATCH',
      url: third,
      headers: { ...tusHeaders(token), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Readable.from([Buffer.alloc(10)]),
    });
    expect(unsized.statusCode).toBe(411);
    expect(unsized.body).toBe(ErrorMessages.uploadLengthRequired);
  });

  it('holds at most MEDIA_UPLOAD_WRITES_PER_CREATOR bodies open at once: a slow-sending (slowloris) PATCH more is refused in Chinese', async () => {
    const token = await creator();
    const locations = await Promise.all(
      [1, 2, 3].map(async () => (await create(token, 1000)).headers.location as string),
    );
    // Two bodies that send a byte and then nothing: each holds its socket and its upload until it ends.
    const slow = [new Readable({ read() {} }), new Readable({ read() {} })];
    const held = slow.map((body, i) => {
      body.push(Buffer.alloc(1, 7));
      return ctx.app.inject({
        method: 'PATCH',
        url: locations[i]!,
        headers: {
          ...tusHeaders(token),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': '1000',
        },
        payload: body,
      });
    });
    // Their first byte is on disk (a HEAD would take the upload's lock from its PATCH and end it).
    for (const location of locations.slice(0, 2))
      await expect.poll(() => fs.statSync(stagedFile(location)).size).toBe(1);
    const refused = await patch(token, locations[2]!, 0, 1000);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(ErrorMessages.uploadWritesLimit);
    // A body that ends gives its place back.
    slow[0]!.push(Buffer.alloc(999, 7));
    slow[0]!.push(null);
    expect((await held[0]!).statusCode).toBe(204);
    expect((await patch(token, locations[2]!, 0, 1000)).statusCode).toBe(204);
    slow[1]!.push(null);
    await held[1];
  });

  it('counts a creation that carries its body (creation-with-upload) as a body being received', async () => {
    const token = await creator();
    const uploads = path.dirname(stagedFile(`${MEDIA_UPLOAD_PATH}/x`));
    const receiving = () =>
      (fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).filter(
        (name) => !name.endsWith('.json') && fs.statSync(path.join(uploads, name)).size === 1,
      ).length;
    const before = receiving();
    const slow = [new Readable({ read() {} }), new Readable({ read() {} })];
    const held = slow.map((body) => {
      body.push(Buffer.alloc(1, 7));
      return ctx.app.inject({
        method: 'POST',
        url: MEDIA_UPLOAD_PATH,
        headers: {
          ...tusHeaders(token),
          'upload-length': '1000',
          'content-type': 'application/offset+octet-stream',
          'content-length': '1000',
        },
        payload: body,
      });
    });
    await expect.poll(receiving).toBe(before + 2);
    const location = (await create(token, 1000)).headers.location as string;
    const refused = await patch(token, location, 0, 1000);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(ErrorMessages.uploadWritesLimit);
    for (const body of slow) {
      body.push(Buffer.alloc(999, 7));
      body.push(null);
    }
    expect((await Promise.all(held)).map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await patch(token, location, 0, 1000)).statusCode).toBe(204);
  });

  it("answers tus's own refusals in Chinese: an unknown upload, a wrong offset, a missing header, bad metadata", async () => {
    const token = await creator();
    const location = (await create(token, 1000)).headers.location as string;
    const unknown = await patch(
      token,
      `${path.dirname(location)}/${location.split('/').pop()!.split('-')[0]}-0000`,
      0,
      10,
    );
    const wrongOffset = await patch(token, location, 500, 10);
    const noOffset = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...tusHeaders(token), 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(10),
    });
    const noLength = await ctx.app.inject({ method: 'POST', url: MEDIA_UPLOAD_PATH, headers: tusHeaders(token) });
    const badMetadata = await create(token, 1000, { 'upload-metadata': 'filename not base64 at all,,' });
    const tooLong = await patch(token, location, 0, 1001);
    for (const answer of [unknown, wrongOffset, noOffset, noLength, badMetadata, tooLong]) {
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.body).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(wrongOffset.statusCode).toBe(409);
  });

  it('announces Upload-Expires, answers 410 after it, and the sweep removes the upload and frees its quota', async () => {
    const token = await creator();
    const options = await ctx.app.inject({ method: 'OPTIONS', url: MEDIA_UPLOAD_PATH });
    expect(options.headers['tus-extension']).toContain('expiration');
    const created = await create(token, QUOTA);
    expect(created.statusCode).toBe(201);
    const expires = new Date(ctx.clock.now() + 24 * 3600_000).toUTCString();
    expect(created.headers['upload-expires']).toBe(expires);
    const location = created.headers.location as string;
    const half = await patch(token, location, 0, 1000);
    expect(half.statusCode).toBe(204);
    expect(half.headers['upload-expires']).toBe(expires);
    const head = await ctx.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(token) });
    expect(head.headers['upload-expires']).toBe(expires);
    expect((await create(token, 1)).statusCode).toBe(413);

    ctx.clock.advance(24 * 3600_000 + 1000);
    const late = await patch(token, location, 1000, 1000);
    expect(late.statusCode).toBe(410);
    expect(late.body).toBe(ErrorMessages.uploadExpired);
    expect(fs.existsSync(stagedFile(location))).toBe(true);
    expect(await ctx.services.media.removeExpiredUploads()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stagedFile(location))).toBe(false);
    expect(fs.existsSync(`${stagedFile(location)}.json`)).toBe(false);
    expect((await ctx.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(token) })).statusCode).toBe(410);
    expect((await create(token, QUOTA)).statusCode).toBe(201);
  });

  it('refuses to terminate a finished upload under its item; an unfinished one gives its quota back', async () => {
    const token = await creator();
    const location = (await create(token, 2000)).headers.location as string;
    const finished = await patch(token, location, 0, 2000);
    expect(finished.statusCode).toBe(204);
    expect(finished.headers['upload-expires']).toBeUndefined();
    const refused = await ctx.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(token) });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe(ErrorMessages.uploadCompleted);
    expect(fs.statSync(stagedFile(location)).size).toBe(2000);
    const [item] = (await call(ctx.app, { method: 'GET', url: '/ai/v1/media', token })).json.body.data as Media[];
    expect(item).toMatchObject({ status: 'processing', size: 2000 });
    expect((await usage(token)).used_bytes).toBe(2000);

    const unfinished = (await create(token, QUOTA - 2000)).headers.location as string;
    expect((await create(token, 1)).statusCode).toBe(413);
    const terminated = await ctx.app.inject({ method: 'DELETE', url: unfinished, headers: tusHeaders(token) });
    expect(terminated.statusCode).toBe(204);
    expect(fs.existsSync(stagedFile(unfinished))).toBe(false);
    expect((await create(token, QUOTA - 2000)).statusCode).toBe(201);
  });

  it('answers OPTIONS without the vendor header, and every tus answer with the API security headers', async () => {
    const options = await ctx.app.inject({ method: 'OPTIONS', url: MEDIA_UPLOAD_PATH });
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expect(options.headers['x-content-type-options']).toBe('nosniff');
    const token = await creator();
    const created = await create(token, 10);
    expect(created.statusCode).toBe(201);
    for (const header of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'x-request-id']) {
      expect(created.headers[header], header).toBeDefined();
    }
    expect(created.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("follows the API's CORS policy: no origin without configured origins, a configured one by name", async () => {
    const token = await creator();
    const closed = await create(token, 10, { origin: 'https://evil.example' });
    expect(closed.statusCode).toBe(201);
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();

    const open = await createTestApp({ CORS_ORIGINS: APP_ORIGIN });
    try {
      const openToken = (await loginAs(open, nextPhone())).json.body.access_token as string;
      const upload = (origin: string) =>
        open.app.inject({
          method: 'POST',
          url: MEDIA_UPLOAD_PATH,
          headers: { ...tusHeaders(openToken), 'upload-length': '10', origin },
        });
      expect((await upload(APP_ORIGIN)).headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect((await upload('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('ends an item 失败 holding no quota when its processing gives up', async () => {
    const token = await creator();
    const clip = makeClip('uploads-gave-up.mp4', { seconds: 1 });
    const body = fs.readFileSync(clip);
    const location = (await create(token, body.length)).headers.location as string;
    const done = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...tusHeaders(token), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: body,
    });
    expect(done.statusCode).toBe(204);
    // Every attempt fails after the probe: the server's scratch folder is gone (a full or unmounted disk).
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = path.join(os.tmpdir(), `cc-missing-${process.pid}`, 'gone');
    await ctx.services.jobs.start();
    try {
      await expect
        .poll(
          async () => {
            // Past each retry's backoff.
            ctx.clock.advance(60_000);
            const list = await call(ctx.app, { method: 'GET', url: '/ai/v1/media', token });
            return (list.json.body.data as Media[])[0]?.status;
          },
          { timeout: 20_000 },
        )
        .toBe('failed');
    } finally {
      await ctx.services.jobs.stop();
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    const [item] = (await call(ctx.app, { method: 'GET', url: '/ai/v1/media', token })).json.body.data as Media[];
    expect(item).toMatchObject({ status: 'failed', error: ErrorMessages.mediaProcessFailed, size: 0 });
    expect((await usage(token)).used_bytes).toBe(0);
    expect(fs.existsSync(stagedFile(location))).toBe(false);
  });
});
