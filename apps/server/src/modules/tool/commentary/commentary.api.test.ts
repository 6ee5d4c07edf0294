/**
 * 影视解说 through the API with the fake AI services and a tiny generated episode (6 s, 320x180, three shots, an
 * embedded subtitle track): the script preview (working → ready, kept), a run of an edited script with its price
 * charged once and the output probed, the script kept for history and run again, a failing voice refunded, a
 * cancel refunded, a script outside the media refused before charging, and no language service refused with 40244.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, type CommentaryScript, type ScriptLine, type ToolJob } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiToolsApp, creatorWithPoints } from '../../../../test/ai-tools.js';
import { expectBooksBalanced } from '../../../../test/books.js';
import { FAKE_NARRATION_HOOK, startFakeAiServer, type FakeAiServer } from '../../../../test/fake-ai-server.js';
import { uploadToLibrary } from '../../../../test/media-fixtures.js';
import {
  call,
  createTestApp,
  loginAs,
  nextPhone,
  testDatabaseKind,
  type TestContext,
} from '../../../../test/test-app.js';
import { probeVideo } from '../../../providers/media/probe.js';

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-commentary-api-'));
afterAll(() => fs.rmSync(fixtureDir, { recursive: true, force: true }));

/** Three 2-second shots of different test patterns with a tone, and a text subtitle track of two lines. */
function episodeWithSubtitles(): string {
  const srt = path.join(fixtureDir, 'episode.srt');
  fs.writeFileSync(
    srt,
    '1\n00:00:00,200 --> 00:00:01,800\n你好世界\n\n2\n00:00:02,500 --> 00:00:04,000\n我们一起去公园\n',
  );
  const file = path.join(fixtureDir, 'episode.mp4');
  if (fs.existsSync(file)) return file;
  const source = (name: string) => ['-f', 'lavfi', '-t', '2', '-i', `${name}=size=320x180:rate=25`];
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', ...source('testsrc2'), ...source('smptebars'), ...source('rgbtestsrc')],
    ...['-f', 'lavfi', '-t', '6', '-i', 'sine=frequency=300:sample_rate=44100', '-i', srt],
    ...['-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0,format=yuv420p[v]'],
    ...['-map', '[v]', '-map', '3:a', '-map', '4:s', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-c:a', 'aac', '-c:s', 'mov_text', file],
  ]);
  return file;
}

describe(`影视解说 (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let server: FakeAiServer;
  let episode: string;

  beforeAll(async () => {
    server = await startFakeAiServer();
    ctx = await aiToolsApp(server, ['LLM', 'ASR', 'TTS'], {
      LLM_RETRIES: '0',
      TTS_RETRIES: '0',
      TTS_VOICES: 'zf_xiaobei:晓贝',
      TOOL_PRICE_COMMENTARY: '10,8',
      VIDEO_PRESET: 'ultrafast',
    });
    episode = episodeWithSubtitles();
    await ctx.services.jobs.start();
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  async function creator(points: number) {
    const creator = await creatorWithPoints(ctx, points);
    const mediaId = await uploadToLibrary(ctx, creator.token, episode, { name: '第一集.mp4' });
    return { ...creator, mediaId };
  }

  async function previewReady(token: string, body: object): Promise<CommentaryScript> {
    let script: CommentaryScript | undefined;
    await expect
      .poll(
        async () => {
          script = (await call(ctx.app, { url: '/ai/v1/commentary/script', token, body })).json
            .body as CommentaryScript;
          return script.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatch(/^(ready|failed)$/);
    return script!;
  }

  async function settled(token: string, id: string): Promise<ToolJob> {
    const read = async () =>
      (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${id}`, token })).json.body as ToolJob;
    await expect
      .poll(async () => (await read()).status, { timeout: 90_000, interval: 150 })
      .toMatch(/^(succeeded|failed|cancelled)$/);
    return read();
  }

  const body = (mediaId: number, config: object) => ({ tool: 'commentary', media_ids: [mediaId], config });

  it('writes a script preview from the shots and the embedded dialogue, hook first, and keeps it', async () => {
    const c = await creator(0);
    const first = await call(ctx.app, {
      url: '/ai/v1/commentary/script',
      token: c.token,
      body: { media_ids: [c.mediaId], speech_style: 'humorous' },
    });
    expect(first.json.code).toBe(0);
    expect(first.json.body).toMatchObject({ status: 'working', shot_scripts: [] });
    const script = await previewReady(c.token, { media_ids: [c.mediaId], speech_style: 'humorous' });
    expect(script.status).toBe('ready');
    expect(script.dialogue).toBe('embedded');
    expect(script.shot_scripts[0]!.text).toBe(FAKE_NARRATION_HOOK);
    for (const line of script.shot_scripts) {
      for (const clip of line.clips) {
        expect(clip.media_id).toBe(c.mediaId);
        expect(clip.end).toBeLessThanOrEqual(6.05);
      }
    }
    const prompt = server.requests.filter((r) => r.path === '/chat/completions');
    const sent = JSON.stringify(prompt.at(-1)!.body);
    expect(sent).toContain('幽默');
    // The episode's own subtitles reached the writer, and its three shots.
    expect(sent).toContain('你好世界');
    expect(script.shot_scripts.flatMap((line) => line.clips.map((clip) => clip.start))).toEqual([0, 2, 4]);
    const again = await call(ctx.app, {
      url: '/ai/v1/commentary/script',
      token: c.token,
      body: { media_ids: [c.mediaId], speech_style: 'humorous' },
    });
    expect(again.json.body).toEqual(script);
    expect(server.requests.filter((r) => r.path === '/chat/completions')).toHaveLength(prompt.length);
    expect(await c.balance()).toBe(0);
  });

  it('renders an edited script charged once: narration-long output with sound; the script kept for history', async () => {
    const c = await creator(200);
    const lines: ScriptLine[] = [
      { text: '开场：这一集的反转你绝对想不到！', clips: [{ media_id: c.mediaId, start: 0, end: 2 }] },
      {
        text: '两人相约去公园',
        clips: [
          { media_id: c.mediaId, start: 2, end: 4 },
          { media_id: c.mediaId, start: 4, end: 6 },
        ],
      },
    ];
    const config = {
      shot_scripts: lines,
      speech_voice: 'espeak:zh',
      speech_style: 'suspense',
      background_music_style: 'suspense',
      allow_vfx_effect: true,
      subtitle_pos_y: 75,
    };
    const quote = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: body(c.mediaId, config) });
    expect(quote.json.body).toEqual({ price: 18, outputs: 1, minutes: 1, per_output: 10, per_minute: 8 });
    const accepted = await call(ctx.app, { url: '/ai/v1/jobs', token: c.token, body: body(c.mediaId, config) });
    expect(accepted.json.body.price).toBe(18);
    const job = await settled(c.token, accepted.json.body.job_id);
    expect(job.status, job.error).toBe('succeeded');
    expect(job.tool).toBe('commentary');
    expect(job.outputs).toHaveLength(1);
    expect(job.outputs[0]!.name).toMatch(/^第一集_解说_悬疑_任务\d+\.mp4$/);
    expect(await c.balance()).toBe(182);

    const speech = server.requests.filter((r) => r.path === '/audio/speech');
    expect(speech).toHaveLength(0);
    const output = await ctx.services.media.withLocalFile(c.agentId, job.outputs[0]!.media_id, (file) =>
      probeVideo(file),
    );
    expect(output.hasAudio).toBe(true);
    expect(output.width).toBe(320);
    // Each line's speech plus its pause: espeak speaks these 23 characters in a few seconds, never the whole minute.
    expect(output.duration).toBeGreaterThan(2);
    expect(output.duration).toBeLessThan(23 / 2.5 + 2 * 0.6);
    expect(Math.abs(output.duration - job.outputs[0]!.duration)).toBeLessThan(0.2);

    const kept = await call(ctx.app, {
      method: 'GET',
      url: `/ai/v1/commentary/jobs/${job.job_id}/script`,
      token: c.token,
    });
    expect(kept.json.body).toMatchObject({ status: 'ready', shot_scripts: lines });

    const history = { history_id: job.job_id, speech_voice: 'espeak:zh', background_music_style: 'none' };
    const again = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: body(c.mediaId, history) });
    expect(again.json.body.price).toBe(18);
    const missing = await call(ctx.app, {
      url: '/ai/v1/jobs/quote',
      token: c.token,
      body: body(c.mediaId, { history_id: '999999' }),
    });
    expect(missing.json.code).toBe(ErrorCode.commentaryHistoryNotFound);

    // Without a script the run writes one itself (priced on the narration's longest length) and keeps it.
    const written = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: body(c.mediaId, { speech_voice: 'espeak:zh', background_music_style: 'none' }),
    });
    expect(written.json.body.price).toBe(10 + 8);
    const writtenJob = await settled(c.token, written.json.body.job_id);
    expect(writtenJob.status, writtenJob.error).toBe('succeeded');
    expect(writtenJob.logs.some((line) => /解说文案 \d+ 句/.test(line))).toBe(true);
    const writtenScript = await call(ctx.app, {
      method: 'GET',
      url: `/ai/v1/commentary/jobs/${writtenJob.job_id}/script`,
      token: c.token,
    });
    expect(writtenScript.json.body.shot_scripts[0].text).toBe(FAKE_NARRATION_HOOK);
    expect(await c.balance()).toBe(200 - 18 - 18);
  });

  it('refunds a run whose voice fails, and a cancelled run; nothing left in the library', async () => {
    const c = await creator(200);
    const lines: ScriptLine[] = [{ text: '一句解说', clips: [{ media_id: c.mediaId, start: 0, end: 3 }] }];
    server.failNext(5, 500, { path: '/audio/speech' });
    const failing = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: body(c.mediaId, { shot_scripts: lines, speech_voice: 'zf_xiaobei', background_music_style: 'none' }),
    });
    const failed = await settled(c.token, failing.json.body.job_id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/积分已退还/);
    expect(await c.balance()).toBe(200);
    await server.reset();

    const running = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: body(c.mediaId, { shot_scripts: lines, speech_voice: 'espeak:zh', output_count: 3 }),
    });
    expect(running.json.body.price).toBe(3 * 18);
    const cancelled = await call(ctx.app, { url: `/ai/v1/jobs/${running.json.body.job_id}/cancel`, token: c.token });
    expect(cancelled.json.code).toBe(0);
    const ended = await settled(c.token, running.json.body.job_id);
    expect(ended.status).toBe('cancelled');
    expect(ended.outputs).toEqual([]);
    expect(await c.balance()).toBe(200);
  });

  it('refuses a script whose shots are outside the chosen media before charging', async () => {
    const c = await creator(100);
    const outside = [{ text: '越界', clips: [{ media_id: c.mediaId, start: 4, end: 9 }] }];
    const refused = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: body(c.mediaId, { shot_scripts: outside }),
    });
    expect(refused.json.code).toBe(ErrorCode.commentaryScriptInvalid);
    expect(refused.json.msg).toBe('第1句的镜头超出素材时长');
    const voice = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: body(c.mediaId, { speech_voice: 'nobody' }),
    });
    expect(voice.json.msg).toBe('配音音色不存在');
    expect(await c.balance()).toBe(100);
  });
});

describe(`影视解说 without a language service (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { jobs: { pollMs: 20, leaseMs: 5_000 } });
    await ctx.services.jobs.start();
  });
  afterAll(() => ctx.close());

  it('is unavailable with its reason and refuses a run and a preview with 40244, charging nothing', async () => {
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const tools = (await call(ctx.app, { method: 'GET', url: '/ai/v1/tools' })).json.body.data as {
      id: string;
      available: boolean;
      unavailable_reason: string | null;
    }[];
    expect(tools.find((t) => t.id === 'commentary')).toMatchObject({
      available: false,
      unavailable_reason: '解说文案服务未配置，请联系运营',
    });
    const episode = episodeWithSubtitles();
    const mediaId = await uploadToLibrary(ctx, token, episode);
    for (const url of ['/ai/v1/jobs/quote', '/ai/v1/jobs']) {
      const refused = await call(ctx.app, {
        url,
        token,
        body: { tool: 'commentary', media_ids: [mediaId], config: {} },
      });
      expect(refused.json.code).toBe(ErrorCode.toolServiceUnavailable);
      expect(refused.json.msg).toBe('解说文案服务未配置，请联系运营');
    }
    const preview = await call(ctx.app, { url: '/ai/v1/commentary/script', token, body: { media_ids: [mediaId] } });
    expect(preview.json.code).toBe(ErrorCode.toolServiceUnavailable);
    const jobs = await call(ctx.app, { method: 'GET', url: '/ai/v1/jobs', token });
    expect(jobs.json.body.page.total_count).toBe(0);
  });
});
