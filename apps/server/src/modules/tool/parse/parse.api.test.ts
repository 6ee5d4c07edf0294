/**
 * 短剧解析 end to end on the API: three tiny episodes sharing a two-second opening (one with its own subtitle stream,
 * two recognised with speakers by the fake services) are parsed as a charged job and read back layer by layer; a
 * second parse reuses every analysis, transcript and summary; a failed or cancelled parse gives its points back.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, type ParseEpisodes, type ToolJob } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiToolsApp, creatorWithPoints } from '../../../../test/ai-tools.js';
import { expectBooksBalanced } from '../../../../test/books.js';
import { FAKE_SUMMARY_MARK, startFakeAiServer, type FakeAiServer } from '../../../../test/fake-ai-server.js';
import { uploadToLibrary } from '../../../../test/media-fixtures.js';
import { call, testDatabaseKind, type TestContext } from '../../../../test/test-app.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-parse-'));
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Two seconds every episode opens with: a zooming fractal over a low tone. */
function opening(): string {
  const file = path.join(dir, 'opening.mp4');
  if (!fs.existsSync(file)) {
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'mandelbrot=size=160x120:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=220'],
      ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ar', '44100'],
      file,
    ]);
  }
  return file;
}

/**
 * An episode: the opening, then three seconds of its own picture and tone; `speech` is what the fake recognition
 * hears (the audio's comment tag), `subtitles` an SRT muxed in as the video's own text stream.
 */
function episode(name: string, source: string, options: { speech: string; subtitles?: string }): string {
  const file = path.join(dir, name);
  const body = path.join(dir, `body-${name}`);
  ffmpeg([
    ...['-f', 'lavfi', '-i', `${source}=size=160x120:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=660'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ar', '44100'],
    body,
  ]);
  const srt = options.subtitles ? path.join(dir, `${name}.srt`) : null;
  if (srt) fs.writeFileSync(srt, options.subtitles!);
  ffmpeg([
    ...['-i', opening(), '-i', body, ...(srt ? ['-i', srt] : [])],
    ...['-filter_complex', '[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]', '-map', '[v]', '-map', '[a]'],
    ...(srt ? ['-map', '2:s', '-c:s', 'mov_text'] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-metadata', `comment=${options.speech}`, file],
  ]);
  return file;
}

const SUBTITLES = '1\n00:00:02,500 --> 00:00:04,500\n你好，世界。\n';

describe(`短剧解析 (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let ai: FakeAiServer;
  let files: string[];

  beforeAll(async () => {
    ai = await startFakeAiServer();
    ctx = await aiToolsApp(ai, ['LLM', 'ASR'], { LLM_RETRIES: '1', ASR_RETRIES: '1', TOOL_PRICE_PARSE: '1,2' });
    files = [
      episode('第1集.mp4', 'testsrc2', { speech: '这句不该被识别。', subtitles: SUBTITLES }),
      episode('第2集.mp4', 'cellauto', { speech: '小明：今天天气很好。小红：我们一起去公园吧！' }),
      episode('第3集.mp4', 'testsrc', { speech: '小红：谢谢。小明：再见！' }),
    ];
    await ctx.services.jobs.start();
  });
  afterEach(async () => {
    await expectBooksBalanced(ctx);
    await ai.reset();
  });
  afterAll(async () => {
    await ctx.close();
    await ai.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const creator = (points: number) => creatorWithPoints(ctx, points);

  const parseBody = (mediaIds: number[]) => ({ tool: 'parse', media_ids: mediaIds, config: {} });

  async function run(token: string, mediaIds: number[]): Promise<string> {
    const created = await call(ctx.app, { url: '/ai/v1/jobs', token, body: parseBody(mediaIds) });
    expect(created.json.code, created.json.msg).toBe(0);
    return created.json.body.job_id as string;
  }

  async function settled(token: string, id: string): Promise<ToolJob> {
    const job = async () =>
      (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${id}`, token })).json.body as ToolJob;
    await expect
      .poll(async () => (await job()).status, { timeout: 60_000, interval: 100 })
      .toMatch(/^(succeeded|failed|cancelled)$/);
    return job();
  }

  async function episodes(token: string, mediaIds: number[]) {
    return call(ctx.app, { method: 'GET', url: `/ai/v1/parse/episodes?media_ids=${mediaIds.join(',')}`, token });
  }

  const requestsTo = (route: string) => ai.requests.filter((r) => r.path === route).length;

  it('parses a serial as one charged job and answers every layer of each episode', async () => {
    const c = await creator(100);
    const ids: number[] = [];
    for (const file of files) ids.push(await uploadToLibrary(ctx, c.token, file));
    const quote = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: parseBody(ids) });
    expect(quote.json.body).toEqual({ price: 3 * 1 + 3 * 2, outputs: 3, minutes: 3, per_output: 1, per_minute: 2 });
    expect((await episodes(c.token, ids)).json.body).toEqual({ episodes: [], missing: ids, serial_summary: null });

    const jobId = await run(c.token, ids);
    expect(await c.balance()).toBe(91);
    const done = await settled(c.token, jobId);
    expect(done.error).toBeUndefined();
    expect(done).toMatchObject({ status: 'succeeded', tool: 'parse', price: 9, outputs: [] });
    expect(done.logs.join('\n')).toMatch(/分析画面 第 1\/3 集[\s\S]*读取字幕 第 3\/3 集[\s\S]*生成剧情摘要 第 1\/3 集/);
    expect(await c.balance()).toBe(91);
    // The embedded subtitles spare the first episode its recognition; the summaries are three plus the serial's.
    expect(requestsTo('/audio/transcriptions')).toBe(2);
    expect(requestsTo('/chat/completions')).toBe(4);

    const answer = (await episodes(c.token, ids)).json.body as ParseEpisodes;
    expect(answer.missing).toEqual([]);
    expect(answer.serial_summary).toMatch(new RegExp(`^${FAKE_SUMMARY_MARK}`));
    const [first, second, third] = answer.episodes;
    expect(answer.episodes.map((e) => e.name)).toEqual(['第1集.mp4', '第2集.mp4', '第3集.mp4']);
    for (const e of answer.episodes) {
      expect(e.duration).toBeCloseTo(5, 0);
      expect(e.highlight).toHaveLength(5);
      expect(e.highlight.every((s) => s >= 0 && s <= 1)).toBe(true);
      // The shared opening is a shot of its own, marked for removal in every episode.
      expect(e.shots.some((t) => Math.abs(t - 2) < 0.1)).toBe(true);
      expect(e.removals).toEqual([{ start: 0, end: 2, kind: 'opening' }]);
      expect(e.summary).toMatch(new RegExp(`^${FAKE_SUMMARY_MARK}`));
      expect(e.scenes[0]!.start).toBe(0);
      expect(e.scenes.at(-1)!.end).toBeCloseTo(e.duration, 1);
    }
    expect(first!.transcript).toEqual({
      origin: 'embedded',
      language: 'zh',
      reason: null,
      cues: [{ start_ms: 2500, end_ms: 4500, text: '你好，世界。' }],
    });
    expect(first!.characters).toEqual([]);
    // Nobody speaks over the cut from the opening to the story, and the pictures differ: two scenes.
    expect(first!.scenes.map((s) => [s.start, Math.round(s.end)])).toEqual([
      [0, 2],
      [2, 5],
    ]);
    expect(second!.transcript.origin).toBe('recognised');
    // Recognised words carry no punctuation; the segments' text gives it back.
    expect(second!.transcript.cues.map((cue) => [cue.speaker, cue.text])).toEqual([
      ['小明', '今天天气很好。'],
      ['小红', '我们一起去公园吧！'],
    ]);
    expect(second!.characters.map((ch) => [ch.speaker, ch.lines])).toEqual([
      ['小明', 1],
      ['小红', 1],
    ]);
    expect(third!.characters.map((ch) => ch.speaker)).toEqual(['小红', '小明']);
    expect(second!.summary).toContain('今天天气很好');

    // A second parse of the same episodes (in another order) analyses, recognises and summarises nothing again.
    const analysedAt = await ctx.database.db.selectFrom('media_analyses').select(['media_id', 'created_at']).execute();
    ai.requests.length = 0;
    ctx.clock.advance(60_000);
    const again = await settled(c.token, await run(c.token, [...ids].reverse()));
    expect(again.status).toBe('succeeded');
    expect(ai.requests).toEqual([]);
    expect(await ctx.database.db.selectFrom('media_analyses').select(['media_id', 'created_at']).execute()).toEqual(
      analysedAt,
    );
    expect(await c.balance()).toBe(82);
    const reread = (await episodes(c.token, ids)).json.body as ParseEpisodes;
    expect(reread.serial_summary).toBe(answer.serial_summary);
    expect(reread.episodes.map((e) => e.summary)).toEqual(answer.episodes.map((e) => e.summary));

    // Another creator cannot read them.
    const other = await creator(1);
    expect((await episodes(other.token, ids)).json.code).toBe(ErrorCode.mediaNotFound);
  });

  it('gives the points back when the recognition fails, and when the creator cancels', async () => {
    const c = await creator(50);
    const [a, b] = [
      await uploadToLibrary(ctx, c.token, files[1]!, { name: '失败集.mp4' }),
      await uploadToLibrary(ctx, c.token, files[2]!, { name: '取消集.mp4' }),
    ];
    ai.failNext(10, 500, { path: '/audio/transcriptions' });
    const failed = await settled(c.token, await run(c.token, [a]));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/积分已退还/);
    // The job ends first, then its points come back.
    await expect.poll(() => c.balance()).toBe(50);
    expect((await episodes(c.token, [a])).json.body.missing).toEqual([a]);

    await ai.reset();
    ai.delay(30_000);
    const jobId = await run(c.token, [b]);
    expect(await c.balance()).toBe(47);
    await expect
      .poll(
        async () =>
          (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${jobId}`, token: c.token })).json.body.stage,
        {
          timeout: 30_000,
        },
      )
      .toMatch(/读取字幕/);
    const cancel = await call(ctx.app, { url: `/ai/v1/jobs/${jobId}/cancel`, token: c.token });
    expect(cancel.json.code).toBe(0);
    const cancelled = await settled(c.token, jobId);
    expect(cancelled.status).toBe('cancelled');
    await expect.poll(() => c.balance()).toBe(50);
    ai.delay(0);
  });
});
