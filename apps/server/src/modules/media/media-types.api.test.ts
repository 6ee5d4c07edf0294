/**
 * Library items by type: subtitle files and audio through the same tus upload as videos, checked by their content
 * (a binary "subtitle", an audio "file" that is a playlist fail with the reason), their own size limits, the list's
 * type filter, and the tool port refusing an item of the wrong type.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, ErrorMessages, MEDIA_UPLOAD_PATH, type Media } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeTone, tusHeaders, uploadToLibrary } from '../../../test/media-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const SRT = `1
00:00:01,000 --> 00:00:02,500
你好，世界

2
00:00:03,000 --> 00:00:04,750
第二句字幕
`;

describe(`media library types (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await createTestApp({}, { jobs: { pollMs: 20 } });
    await ctx.services.jobs.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-media-types-'));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const creator = async () => (await loginAs(ctx, nextPhone())).json.body.access_token as string;
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };
  const item = async (token: string, id: number) =>
    (await call(ctx.app, { method: 'GET', url: `/ai/v1/media/${id}`, token })).json.body as Media;

  it('turns an uploaded SRT into a ready subtitle item lasting to its last cue, without poster or sprite', async () => {
    const token = await creator();
    const id = await uploadToLibrary(ctx, token, write('台词.srt', SRT));
    const subtitle = await item(token, id);
    expect(subtitle).toMatchObject({ type: 'subtitle', status: 'ready', duration: 4.75, poster_url: '', sprite: null });
    expect(subtitle.size).toBe(Buffer.byteLength(SRT));
    const file = await ctx.app.inject({ method: 'GET', url: subtitle.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.body).toBe(SRT);
  });

  it('fails a binary file named .srt and an unreadable subtitle with the reason, freeing its bytes', async () => {
    const token = await creator();
    const binary = Buffer.alloc(2048, 0);
    binary.write('\x89PNG', 0, 'latin1');
    const garbage = await uploadToLibrary(ctx, token, write('garbage.srt', binary), { wait: 'failed' });
    expect(await item(token, garbage)).toMatchObject({ type: 'subtitle', error: ErrorMessages.subtitleFileInvalid });
    const prose = await uploadToLibrary(ctx, token, write('prose.vtt', '这不是字幕，只是一段文字。\n'), {
      wait: 'failed',
    });
    expect((await item(token, prose)).error).toMatch(/^字幕文件无法使用：无法识别的字幕格式/);
    const usage = await call(ctx.app, { method: 'GET', url: '/ai/v1/media/usage', token });
    expect(usage.json.body.used_bytes).toBe(0);
  });

  it('refuses a subtitle upload over its own limit at creation', async () => {
    const token = await creator();
    const created = await ctx.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: {
        ...tusHeaders(token),
        'upload-length': String(5 * 1024 * 1024),
        'upload-metadata': `filename ${Buffer.from('huge.ass').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(413);
    expect(created.body).toBe('文件过大，单个字幕文件不能超过 4MB');
  });

  it('probes an uploaded audio file (duration, codec, no poster) and serves it as audio', async () => {
    const token = await creator();
    const id = await uploadToLibrary(ctx, token, makeTone('旁白.mp3', { seconds: 2 }));
    const audio = await item(token, id);
    expect(audio).toMatchObject({ type: 'audio', status: 'ready', audio_codec: 'mp3', poster_url: '', sprite: null });
    expect(audio.duration).toBeGreaterThan(1.9);
    expect(audio.duration).toBeLessThan(2.2);
    const file = await ctx.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=0-9' } });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-type']).toBe('audio/mpeg');
  });

  it('fails a playlist or a video named as audio with the reason', async () => {
    const token = await creator();
    const playlist = write('list.mp3', '#EXTM3U\n#EXTINF:10,track\n/etc/passwd\nhttp://example.com/a.mp3\n');
    const failed = await uploadToLibrary(ctx, token, playlist, { wait: 'failed' });
    expect(await item(token, failed)).toMatchObject({ type: 'audio', error: ErrorMessages.mediaNotAudio, size: 0 });
    const video = makeClip('types-video.mp4', { seconds: 1, size: '160x120' });
    const renamed = await uploadToLibrary(ctx, token, video, { name: 'movie.m4a', wait: 'failed' });
    expect((await item(token, renamed)).error).toBe(ErrorMessages.mediaNotAudio);
  });

  it('filters the list by type and refuses the wrong type to the tools', async () => {
    const token = await creator();
    const subtitle = await uploadToLibrary(ctx, token, write('filter.srt', SRT));
    const audio = await uploadToLibrary(ctx, token, makeTone('filter.wav', { seconds: 1 }));
    const types = async (type: string) =>
      (await call(ctx.app, { method: 'GET', url: `/ai/v1/media?type=${type}`, token })).json.body.data.map(
        (m: Media) => m.id,
      );
    expect(await types('subtitle')).toEqual([subtitle]);
    expect(await types('audio')).toEqual([audio]);
    expect(await types('video')).toEqual([]);
    const bad = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?type=photo', token });
    expect(bad.json).toMatchObject({ code: ErrorCode.validation, msg: '素材类型不正确' });

    const agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body
      .agent_id as number;
    const { media } = ctx.services;
    await expect(media.requireReady(agentId, [subtitle])).rejects.toMatchObject({
      code: ErrorCode.toolMediaWrongType,
      message: ErrorMessages.toolMediaWrongType,
    });
    await expect(media.requireReady(agentId, [audio], 'subtitle')).rejects.toMatchObject({
      code: ErrorCode.toolMediaWrongType,
      message: '所选素材类型不正确：请选择字幕文件',
    });
    expect(await media.requireReady(agentId, [subtitle], 'subtitle')).toEqual([
      { id: subtitle, name: 'filter.srt', duration: 4.75 },
    ]);
  });

  it('stores a subtitle output as it is, typed, in the job outputs folder', async () => {
    const token = await creator();
    const agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body
      .agent_id as number;
    const id = await ctx.services.media.addOutput(agentId, {
      file: write('out.srt', SRT),
      name: '译文.srt',
      jobId: 'job-subtitle-1',
      type: 'subtitle',
    });
    expect(await item(token, id)).toMatchObject({
      kind: 'output',
      type: 'subtitle',
      status: 'ready',
      folder: '成品',
      duration: 4.75,
      job_id: 'job-subtitle-1',
    });
  });
});
