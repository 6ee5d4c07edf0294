/**
 * The music library: operators add tracks (the raw audio file as the body), restyle, rename and delete them with
 * the operator token and nothing else; creators list them by style with a signed preview; tool jobs take the
 * `index`-th track of a style; the demo seed renders its tracks once and adds them once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, MUSIC_STYLES, type MusicTrack } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTone } from '../../../test/media-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { demoMusicJobs } from '../../demo/demo-seed.js';
import { DEMO_MUSIC } from '../../demo/demo-catalogue.js';

const OPERATOR = 'operator-token-for-music-tests-0123456789';

describe(`music library (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let tone: string;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN: OPERATOR });
    tone = makeTone('music-6s.mp3', { seconds: 6, frequency: 262 });
  });
  afterAll(() => ctx.close());

  const ops = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = OPERATOR) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(Buffer.isBuffer(payload) && { 'content-type': 'audio/mpeg' }),
      },
      ...(payload !== undefined && { payload: payload as Buffer }),
    });
  const add = (style: string, name: string, body: Buffer = fs.readFileSync(tone), token = OPERATOR) =>
    ops('POST', `/ops/v1/music?style=${style}&name=${encodeURIComponent(name)}`, body, token);

  it('refuses every operator call without the operator token', async () => {
    for (const token of ['', 'not-the-operator-token-000000000']) {
      expect((await add('sad', '雨', undefined, token)).json().code).toBe(ErrorCode.operatorUnauthorized);
      expect((await ops('GET', '/ops/v1/music', undefined, token)).json().code).toBe(ErrorCode.operatorUnauthorized);
      expect((await ops('PATCH', '/ops/v1/music/1', { name: 'x' }, token)).json().code).toBe(
        ErrorCode.operatorUnauthorized,
      );
      expect((await ops('DELETE', '/ops/v1/music/1', undefined, token)).json().code).toBe(
        ErrorCode.operatorUnauthorized,
      );
    }
  });

  it('adds, lists, restyles, renames and deletes tracks; creators see them by style with a playable preview', async () => {
    const added = await add('sad', '雨中');
    expect(added.json(), added.body).toMatchObject({ code: 0, msg: '已添加', body: { style: 'sad', name: '雨中' } });
    const track = added.json().body as MusicTrack;
    expect(track.duration).toBeGreaterThan(5.9);
    expect(track.audio_codec).toBe('mp3');
    const second = (await add('sad', '旧信')).json().body as MusicTrack;

    const listed = (await ops('GET', '/ops/v1/music?style=sad')).json().body.data as MusicTrack[];
    expect(listed.map((t) => t.id)).toEqual([track.id, second.id]);
    expect((await ops('GET', '/ops/v1/music?style=epic')).json().body.data).toEqual([]);

    const token = (await loginAs(ctx, nextPhone())).json.body.access_token as string;
    const styles = (await call(ctx.app, { method: 'GET', url: '/ai/v1/music', token })).json.body.data as {
      style: string;
      label: string;
      tracks: MusicTrack[];
    }[];
    expect(styles.map((s) => s.style)).toEqual([...MUSIC_STYLES]);
    const sad = styles.find((s) => s.style === 'sad')!;
    expect(sad.label).toBe('伤感');
    expect(sad.tracks.map((t) => t.name)).toEqual(['雨中', '旧信']);
    const preview = await ctx.app.inject({ method: 'GET', url: sad.tracks[0]!.preview_url });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect(preview.rawPayload.equals(fs.readFileSync(tone))).toBe(true);
    const forged = sad.tracks[0]!.preview_url.replace(/sig=\w/, 'sig=0');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).json().code).toBe(ErrorCode.mediaLinkInvalid);
    expect((await call(ctx.app, { method: 'GET', url: '/ai/v1/music' })).status).toBe(401);

    // The tools' port: the index-th track of a style, wrapping; its file.
    const { media } = ctx.services;
    expect(await media.musicTrack('sad', 0)).toEqual({ id: track.id, name: '雨中' });
    expect(await media.musicTrack('sad', 3)).toEqual({ id: second.id, name: '旧信' });
    expect(await media.musicTrack('epic', 0)).toBeNull();
    expect(await media.withMusicFile(track.id, async (file) => fs.statSync(file).size)).toBe(track.size);

    const patched = await ops('PATCH', `/ops/v1/music/${track.id}`, { style: 'epic', name: '破晓' });
    expect(patched.json()).toMatchObject({ code: 0, body: { id: track.id, style: 'epic', name: '破晓' } });
    expect(await media.musicTrack('epic', 5)).toEqual({ id: track.id, name: '破晓' });
    const badStyle = await ops('PATCH', `/ops/v1/music/${track.id}`, { style: 'jazz' });
    expect(badStyle.json()).toMatchObject({ code: ErrorCode.validation, msg: '配乐风格不正确' });

    expect((await ops('DELETE', `/ops/v1/music/${track.id}`)).json().code).toBe(0);
    expect((await ops('DELETE', `/ops/v1/music/${track.id}`)).json().code).toBe(0);
    expect(await media.musicTrack('epic', 0)).toBeNull();
    expect((await ops('PATCH', `/ops/v1/music/${track.id}`, { name: '又来' })).json().code).toBe(
      ErrorCode.musicTrackNotFound,
    );
    expect((await ctx.app.inject({ method: 'GET', url: sad.tracks[0]!.preview_url })).json().code).toBe(
      ErrorCode.musicTrackNotFound,
    );
  });

  it('refuses what is not a usable track: not audio, a playlist, too short, no name', async () => {
    const junk = await add('soothing', '噪声', Buffer.from('#EXTM3U\nhttp://example.com/a.mp3\n'));
    expect(junk.json()).toMatchObject({ code: ErrorCode.musicFileInvalid });
    const short = await add('soothing', '太短', fs.readFileSync(makeTone('music-2s.mp3', { seconds: 2 })));
    expect(short.json().code).toBe(ErrorCode.musicFileInvalid);
    expect(short.json().msg).toMatch(/^配乐时长须在 5 秒到 30 分钟之间/);
    expect((await add('soothing', '')).json().code).toBe(ErrorCode.validation);
    expect((await ops('GET', '/ops/v1/music?style=soothing')).json().body.data).toEqual([]);
  });

  it('seeds the demo tracks rendered with ffmpeg once, from the cache on the next run', async () => {
    const tracks = DEMO_MUSIC.filter((t) => t.style === 'upbeat').map((t) => ({ ...t, seconds: 6 }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-demo-music-'));
    try {
      for (const job of demoMusicJobs(ctx.services.music, dir, tracks)) await job();
      const cached = path.join(dir, 'demo', 'music', 'upbeat-1.mp3');
      const renderedAt = fs.statSync(cached).mtimeMs;
      for (const job of demoMusicJobs(ctx.services.music, dir, tracks)) await job();
      expect(fs.statSync(cached).mtimeMs).toBe(renderedAt);
      const upbeat = (await ops('GET', '/ops/v1/music?style=upbeat')).json().body.data as MusicTrack[];
      expect(upbeat.map((t) => t.name)).toEqual(tracks.map((t) => t.name));
      expect(upbeat.every((t) => t.duration > 5.5 && t.audio_codec === 'mp3')).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
