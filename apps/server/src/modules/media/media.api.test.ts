import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, ErrorMessages, MEDIA_UPLOAD_PATH, type Media } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, uploadToLibrary } from '../../../test/media-fixtures.js';
import {
  call,
  createTestApp,
  loginAs,
  nextPhone,
  testDatabaseKind,
  VENDOR,
  type TestContext,
} from '../../../test/test-app.js';
import { configureMediaProcesses, onMediaProcessStart } from '../../providers/media/ffmpeg-process.js';
import { seedDemoData } from '../../demo/demo-seed.js';

describe(`media library (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let clip: string;

  beforeAll(async () => {
    ctx = await createTestApp(
      { MEDIA_MAX_FILE_BYTES: '3000000', MEDIA_QUOTA_BYTES: '3100000' },
      { jobs: { pollMs: 20 } },
    );
    clip = makeClip('media-a.mp4', { seconds: 3 });
    await ctx.services.jobs.start();
  });
  afterAll(() => ctx.close());

  const creator = async () => (await loginAs(ctx, nextPhone())).json.body.access_token as string;
  const tusHeaders = (token: string) => ({
    authorization: `Bearer ${token}`,
    vendor: VENDOR,
    'tus-resumable': '1.0.0',
  });
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const media = async (token: string, id: number) =>
    (await call(ctx.app, { method: 'GET', url: `/ai/v1/media/${id}`, token })).json;
  const fetchLink = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('resumes an upload after the first half, then probes it: duration, size, codecs, poster and sprite', async () => {
    const token = await creator();
    const body = fs.readFileSync(clip);
    const created = await ctx.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: {
        ...tusHeaders(token),
        'upload-length': String(body.length),
        'upload-metadata': `filename ${meta('第1集 100%.mp4')},folder ${meta('霸总')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location.startsWith(`${MEDIA_UPLOAD_PATH}/`)).toBe(true);
    const half = Math.floor(body.length / 2);
    const first = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...tusHeaders(token), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: body.subarray(0, half),
    });
    expect(first.statusCode).toBe(204);
    // The connection dropped here: the client asks where to continue.
    const head = await ctx.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(token) });
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(token),
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body.subarray(half),
    });
    expect(rest.statusCode).toBe(204);
    const announced = Number(rest.headers['upload-media-id']);

    let item: Media | undefined;
    await expect
      .poll(
        async () => {
          const list = await call(ctx.app, { method: 'GET', url: '/ai/v1/media', token });
          item = list.json.body.data[0];
          return item?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('ready');
    expect(item!.id).toBe(announced);
    expect(item).toMatchObject({
      name: '第1集 100%.mp4',
      folder: '霸总',
      kind: 'upload',
      size: body.length,
      width: 320,
      height: 240,
      video_codec: 'h264',
      audio_codec: 'aac',
      error: null,
    });
    expect(item!.duration).toBeCloseTo(3, 0);
    expect(item!.sprite).toMatchObject({ width: 160, height: 90, interval: 1, count: 3, cols: 3, rows: 1 });
    const poster = await fetchLink(item!.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((await fetchLink(item!.sprite!.url)).statusCode).toBe(200);
  });

  it('serves signed links with HTTP Range, refuses tampered and expired ones, names downloads', async () => {
    const token = await creator();
    const id = await uploadToLibrary(ctx, token, clip, { name: '霸道总裁 %20 第2集.mp4' });
    const item = (await media(token, id)).body as Media;
    const size = fs.statSync(clip).size;
    const ranged = await fetchLink(item.url, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(ranged.rawPayload).toEqual(fs.readFileSync(clip).subarray(100, 200));
    const suffix = await fetchLink(item.url, { range: 'bytes=-10' });
    expect(suffix.rawPayload).toHaveLength(10);
    expect((await fetchLink(item.url, { range: `bytes=${size}-` })).statusCode).toBe(416);
    const whole = await fetchLink(item.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const download = await fetchLink(item.download_url);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="____ %20 _2_.mp4"; filename*=UTF-8''${encodeURIComponent('霸道总裁 %20 第2集.mp4')}`,
    );
    const tampered = item.url.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0'));
    expect((await fetchLink(tampered)).json().code).toBe(ErrorCode.mediaLinkInvalid);
    expect((await fetchLink(item.url.replace('/video?', '/download?'))).statusCode).toBe(403);
    ctx.clock.advance(8 * 3600_000);
    const expired = await fetchLink(item.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toBe('链接已失效，请刷新页面后重试');
  });

  it('marks a file that is not a video failed with the reason and removes it', async () => {
    const token = await creator();
    const fake = path.join(path.dirname(clip), 'not-a-video.mp4');
    fs.writeFileSync(fake, 'this is a text file pretending to be a video '.repeat(50));
    const id = await uploadToLibrary(ctx, token, fake, { wait: 'failed' });
    const item = (await media(token, id)).body as Media;
    expect(item.error).toBe('文件不是可识别的视频，请上传 mp4、mov 等视频文件');
    expect(item.url).toBe('');
    const row = await ctx.database.db
      .selectFrom('media')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await ctx.services.media.storage.size(row.storage_key)).toBeNull();
    const usage = await call(ctx.app, { method: 'GET', url: '/ai/v1/media/usage', token });
    expect(usage.json.body).toMatchObject({ used_bytes: 0, quota_bytes: 3_100_000, max_file_bytes: 3_000_000 });
  });

  // Hostile files (playlists reaching other files, oversized pictures, non-videos) made here, at test time, with the
  // machine's ffmpeg or as plain bytes.
  const written = (name: string, text: string) => {
    const file = path.join(path.dirname(clip), name);
    fs.writeFileSync(file, text);
    return file;
  };
  const failedItem = async (token: string, file: string) => {
    const id = await uploadToLibrary(ctx, token, file, { wait: 'failed' });
    const item = (await media(token, id)).body as Media;
    expect(item).toMatchObject({ status: 'failed', url: '', poster_url: '' });
    return item;
  };
  /** The failed file counts for nothing, and the queue moved on: the next upload is processed. */
  const expectFreedAndNextReady = async (token: string, name: string) => {
    const usage = await call(ctx.app, { method: 'GET', url: '/ai/v1/media/usage', token });
    expect(usage.json.body.used_bytes).toBe(0);
    const next = await uploadToLibrary(ctx, token, clip, { name });
    expect(((await media(token, next)).body as Media).status).toBe('ready');
  };

  it('fails a live HLS playlist named .mp4 at once (no hanging probe), and the next upload is processed', async () => {
    const token = await creator();
    const live = written(
      'live.mp4',
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10,\nhttp://127.0.0.1:9/live0.ts\n',
    );
    expect(fs.statSync(live).size).toBeLessThan(120);
    const item = await failedItem(token, live);
    expect(item.error).toBe(ErrorMessages.mediaFormatRefused);
    await expectFreedAndNextReady(token, 'after-live.mp4');
  });

  it('refuses playlists naming another file of the server (hls, concat): nothing of that file is shown', async () => {
    const token = await creator();
    const elsewhere = makeClip('elsewhere-secret.ts', { seconds: 2, source: 'smptebars' });
    // Climbing past the root stays at the root: this names the other file from wherever the upload is stored.
    const climb = `${'../'.repeat(16)}${elsewhere.slice(1)}`;
    const hls = written(
      'traversal.mp4',
      `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${climb}\n#EXTINF:2,\n${climb}\n#EXT-X-ENDLIST\n`,
    );
    expect((await failedItem(token, hls)).error).toBe(ErrorMessages.mediaFormatRefused);
    const concat = written('concat.mp4', `ffconcat version 1.0\nfile '${elsewhere}'\n`);
    expect((await failedItem(token, concat)).error).toBe(ErrorMessages.mediaFormatRefused);
    const list = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?page_size=100', token });
    expect((list.json.body.data as Media[]).every((m) => m.status === 'failed' && m.poster_url === '')).toBe(true);
  });

  it('fails an item whose probe runs past its time limit, frees its quota, and processes the next upload', async () => {
    const token = await creator();
    // An ffprobe that never answers (and ignores SIGTERM) stands in for a file that makes it wait for ever.
    const hanging = written('hanging-ffprobe.sh', "#!/bin/sh\ntrap '' TERM\nsleep 300\n");
    fs.chmodSync(hanging, 0o755);
    const restore = configureMediaProcesses({ ffprobe: hanging, probeTimeoutMs: 300 });
    try {
      const item = await failedItem(token, makeClip('media-b.mp4', { seconds: 2 }));
      expect(item.error).toBe(ErrorMessages.mediaProcessTimeout);
    } finally {
      configureMediaProcesses(restore);
    }
    await expectFreedAndNextReady(token, 'after-timeout.mp4');
  });

  it('refuses an 8192×8192 video after probing it, before anything decodes a frame', async () => {
    const token = await creator();
    const huge = path.join(path.dirname(clip), 'huge-8192.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:size=8192x8192:rate=25:d=0.04'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', huge],
    ]);
    const kinds: string[] = [];
    const unwatch = onMediaProcessStart(({ kind }) => kinds.push(kind));
    try {
      const item = await failedItem(token, huge);
      expect(item.error).toBe('视频分辨率超出上限（8192×8192，最大 4096×4096）');
    } finally {
      unwatch();
    }
    // Only ffprobe looked at it: no poster, sprite or render decoded its frames.
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['probe']));
  });

  it('deleting an item while its sprite renders leaves no poster, sprite or file of it behind', async () => {
    const token = await creator();
    const storage = ctx.config.media.storage;
    if (storage.kind !== 'local') throw new Error('these tests run on local storage');
    const filesOf = (id: number) =>
      ['posters', 'sprites'].flatMap((folder) =>
        (fs.existsSync(path.join(storage.root, folder)) ? fs.readdirSync(path.join(storage.root, folder)) : [])
          .filter((name) => name.startsWith(`${id}-`))
          .map((name) => `${folder}/${name}`),
      );
    // The sprite's ffmpeg renders, says so, then holds until the test opens its gate: the creator deletes the item,
    // still 处理中, between the render and the item's update.
    const rendered = path.join(path.dirname(clip), 'sprite-rendered');
    const gate = path.join(path.dirname(clip), 'sprite-gate');
    const holding = written(
      'holding-ffmpeg.sh',
      `#!/bin/sh\nffmpeg "$@"; rc=$?\ncase "$*" in *tile=*) touch ${rendered}; while [ ! -e ${gate} ]; do sleep 0.02; done;; esac\nexit $rc\n`,
    );
    fs.chmodSync(holding, 0o755);
    const restore = configureMediaProcesses({ ffmpeg: holding });
    try {
      const id = await uploadToLibrary(ctx, token, makeClip('media-deleted.mp4', { seconds: 2 }), { wait: 'none' });
      await expect.poll(() => fs.existsSync(rendered), { timeout: 20_000 }).toBe(true);
      expect((await call(ctx.app, { url: `/ai/v1/media/${id}/delete`, token })).json.code).toBe(0);
      fs.writeFileSync(gate, '');
      const job = () =>
        ctx.database.db
          .selectFrom('jobs')
          .select('status')
          .where('kind', '=', 'media.process')
          .where('input', 'like', `%"media_id":${id}}%`)
          .executeTakeFirst();
      await expect.poll(async () => (await job())?.status, { timeout: 20_000 }).toBe('succeeded');
      expect(filesOf(id)).toEqual([]);
    } finally {
      configureMediaProcesses(restore);
    }
    expect((await call(ctx.app, { method: 'GET', url: '/ai/v1/media/usage', token })).json.body.used_bytes).toBe(0);
  });

  it('refuses uploads above the size limit or the quota, with Chinese reasons', async () => {
    const token = await creator();
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: { ...tusHeaders(token), 'upload-length': '3000001', 'upload-metadata': `filename ${meta('big.mp4')}` },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toBe('文件过大，单个视频不能超过 2.9MB');
    await uploadToLibrary(ctx, token, clip, { name: 'one.mp4' });
    const overQuota = await ctx.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: {
        ...tusHeaders(token),
        'upload-length': '3000000',
        'upload-metadata': `filename ${meta('b.mp4')}`,
      },
    });
    expect(overQuota.statusCode).toBe(413);
    expect(overQuota.body).toBe('素材库空间不足，请删除不用的素材后重试');
  });

  it('keeps creators apart: another creator can neither continue an upload nor read, change or delete a medium', async () => {
    const owner = await creator();
    const other = await creator();
    const created = await ctx.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: { ...tusHeaders(owner), 'upload-length': '1000', 'upload-metadata': `filename ${meta('x.mp4')}` },
    });
    const location = created.headers.location as string;
    expect((await ctx.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(other) })).statusCode).toBe(404);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(other),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'x-cc-agent': 'x',
      },
      payload: Buffer.alloc(1000),
    });
    expect(patch.statusCode).toBe(404);
    const noToken = await ctx.app.inject({
      method: 'HEAD',
      url: location,
      headers: { vendor: VENDOR, 'tus-resumable': '1.0.0' },
    });
    expect(noToken.statusCode).toBe(401);

    const id = await uploadToLibrary(ctx, owner, clip);
    for (const [method, url, body] of [
      ['GET', `/ai/v1/media/${id}`, undefined],
      ['POST', `/ai/v1/media/${id}/update`, { name: 'mine.mp4' }],
    ] as const) {
      expect((await call(ctx.app, { method, url, body, token: other })).json.code).toBe(ErrorCode.mediaNotFound);
    }
    await call(ctx.app, { url: `/ai/v1/media/${id}/delete`, token: other });
    expect((await media(owner, id)).code).toBe(0);
    expect((await call(ctx.app, { method: 'GET', url: '/ai/v1/media', token: other })).json.body.data).toEqual([]);
  });

  it('lists with folder, tag, kind and keyword filters (% and _ match themselves), renames, deletes once', async () => {
    const token = await creator();
    const a = await uploadToLibrary(ctx, token, clip, { name: '100% 真实.mp4', folder: '甜宠' });
    const b = await uploadToLibrary(ctx, token, clip, { name: '1000 真实.mp4' });
    const updated = await call(ctx.app, {
      url: `/ai/v1/media/${b}/update`,
      token,
      body: { name: 'a_b.mp4', folder: '甜宠', tags: ['爆款', '男频'] },
    });
    expect(updated.json.body).toMatchObject({ name: 'a_b.mp4', folder: '甜宠', tags: ['爆款', '男频'] });
    const names = async (query: string) =>
      (await call(ctx.app, { method: 'GET', url: `/ai/v1/media?${query}`, token })).json.body.data.map(
        (m: Media) => m.name,
      );
    expect(await names(`keyword=${encodeURIComponent('100%')}`)).toEqual(['100% 真实.mp4']);
    expect(await names(`keyword=${encodeURIComponent('a_b')}`)).toEqual(['a_b.mp4']);
    expect(await names(`keyword=${encodeURIComponent('_')}`)).toEqual(['a_b.mp4']);
    expect(await names(`tag=${encodeURIComponent('爆款')}`)).toEqual(['a_b.mp4']);
    expect(await names(`folder=${encodeURIComponent('甜宠')}`)).toEqual(['a_b.mp4', '100% 真实.mp4']);
    expect(await names('kind=output')).toEqual([]);
    const folders = await call(ctx.app, { method: 'GET', url: '/ai/v1/media/folders', token });
    expect(folders.json.body.data).toEqual([{ folder: '甜宠', count: 2 }]);
    const bad = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?kind=photo', token });
    expect(bad.json).toMatchObject({ code: ErrorCode.validation, msg: '素材来源不正确' });

    expect((await call(ctx.app, { url: `/ai/v1/media/${a}/delete`, token })).json.code).toBe(0);
    expect((await call(ctx.app, { url: `/ai/v1/media/${a}/delete`, token })).json.code).toBe(0);
    expect((await media(token, a)).code).toBe(ErrorCode.mediaNotFound);
    expect(await names('')).toEqual(['a_b.mp4']);
  });

  it("adds a serial's episodes to the library in one click, once", async () => {
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    const episode = await ctx.database.db.selectFrom('episodes').selectAll().orderBy('id').executeTakeFirstOrThrow();
    fs.mkdirSync(path.join(ctx.config.mediaDir, 'test'), { recursive: true });
    fs.copyFileSync(clip, path.join(ctx.config.mediaDir, 'test', 'ep1.mp4'));
    await ctx.database.db
      .updateTable('episodes')
      .set({ media_path: 'test/ep1.mp4' })
      .where('id', '=', episode.id)
      .execute();
    const token = await creator();
    const body = { serial_id: episode.serial_id };
    const first = await call(ctx.app, { url: '/ai/v1/media/import-episodes', token, body });
    expect(first.json.body.added).toBe(1);
    expect(first.json.msg).toBe('已添加 1 集到素材库');
    expect(first.json.body.data[0]).toMatchObject({
      kind: 'episode',
      serial_id: episode.serial_id,
      episode_id: episode.id,
      episode_no: episode.number,
    });
    const again = await call(ctx.app, { url: '/ai/v1/media/import-episodes', token, body });
    expect(again.json.body.added).toBe(0);
    expect(again.json.msg).toBe('这些剧集已在素材库中');
    await expect
      .poll(async () => (await media(token, first.json.body.data[0].id)).body.status, { timeout: 20_000 })
      .toBe('ready');
    const missing = await call(ctx.app, { url: '/ai/v1/media/import-episodes', token, body: { serial_id: 999999 } });
    expect(missing.json.code).toBe(ErrorCode.taskNotFound);
  });
});
