/**
 * 字幕翻译 end to end against the fake AI services: the review list from recognised speech, a video's own subtitle
 * stream and an uploaded subtitle file; the glossary; runs with and without dubbing whose video, SRT and ASS land in
 * the library (probed and read back); one charge per run, refunds on failure and cancel, and refusals before any
 * charge when a service is missing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, type ToolJob, type TranslateSubtitles } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiToolsApp, creatorWithPoints, type AiService } from '../../../../test/ai-tools.js';
import { expectBooksBalanced } from '../../../../test/books.js';
import { FAKE_TRANSLATION_MARK, startFakeAiServer, type FakeAiServer } from '../../../../test/fake-ai-server.js';
import { makeClip, uploadToLibrary } from '../../../../test/media-fixtures.js';
import { call, testDatabaseKind, type TestContext } from '../../../../test/test-app.js';
import { probeVideo } from '../../../providers/media/probe.js';

const SPEECH = 'Hello world. We love the park today.';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-translate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A clip with an English text subtitle stream (mov_text) muxed in. */
function clipWithSubtitles(): string {
  const out = path.join(dir, 'embedded.mp4');
  if (fs.existsSync(out)) return out;
  const srt = path.join(dir, 'embedded.srt');
  fs.writeFileSync(
    srt,
    '1\n00:00:00,200 --> 00:00:01,500\nGoodbye world.\n\n2\n00:00:02,000 --> 00:00:03,500\nThank you.\n',
  );
  const video = makeClip('translate-embedded-src.mp4', { seconds: 4, size: '320x180', frequency: 500 });
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-i', video, '-i', srt, '-map', '0', '-map', '1'].concat([
      '-c:v',
      'copy',
      '-c:a',
      'copy',
      '-c:s',
      'mov_text',
      out,
    ]),
  );
  return out;
}

function subtitleFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const servicesApp = (server: FakeAiServer, services: AiService[]) =>
  aiToolsApp(server, services, {
    TOOL_PRICE_TRANSLATE: '3,2',
    VIDEO_PRESET: 'ultrafast',
    LLM_RETRIES: '0',
    TTS_VOICES: 'zf_xiaobei:晓贝',
  });

describe(`字幕翻译 (${testDatabaseKind})`, { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let server: FakeAiServer;
  let plain: string;

  beforeAll(async () => {
    server = await startFakeAiServer({ transcripts: { 'speech.mp3': SPEECH } });
    ctx = await servicesApp(server, ['LLM', 'ASR', 'TTS']);
    plain = makeClip('translate-plain.mp4', { seconds: 4, size: '320x180' });
    await ctx.services.jobs.start();
  });
  afterEach(async () => {
    await expectBooksBalanced(ctx);
    await server.reset();
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  const creator = (points = 0) => creatorWithPoints(ctx, points);

  /** Asks for the review list until it is no longer working. */
  async function reviewList(token: string, body: object): Promise<TranslateSubtitles> {
    const first = await call(ctx.app, { url: '/ai/v1/translate/subtitles', token, body });
    expect(first.json.code, first.json.msg).toBe(0);
    let answer = first.json.body as TranslateSubtitles;
    await expect
      .poll(
        async () => {
          answer = (await call(ctx.app, { url: '/ai/v1/translate/subtitles', token, body })).json
            .body as TranslateSubtitles;
          return answer.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .not.toBe('working');
    return answer;
  }

  async function job(token: string, id: string): Promise<ToolJob> {
    return (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${id}`, token })).json.body as ToolJob;
  }

  async function settled(token: string, id: string): Promise<ToolJob> {
    await expect
      .poll(async () => (await job(token, id)).status, { timeout: 50_000, interval: 100 })
      .toMatch(/^(succeeded|failed|cancelled)$/);
    return job(token, id);
  }

  const readOutput = (agentId: number, mediaId: number) =>
    ctx.services.media.withLocalFile(agentId, mediaId, async (file) => fs.readFileSync(file, 'utf8'));

  const probeOutput = (agentId: number, mediaId: number) =>
    ctx.services.media.withLocalFile(agentId, mediaId, (file) => probeVideo(file));

  const usage = (agentId: number) =>
    ctx.database.db.selectFrom('ai_usage').selectAll().where('agent_id', '=', agentId).orderBy('id').execute();

  it('lists translate as available and offers the service voices before the built-in ones', async () => {
    const tools = (await call(ctx.app, { method: 'GET', url: '/ai/v1/tools' })).json.body.data as {
      id: string;
      available: boolean;
      price: object;
    }[];
    expect(tools.find((tool) => tool.id === 'translate')).toMatchObject({
      available: true,
      price: { per_output: 3, per_minute: 2 },
    });
    const voices = (await call(ctx.app, { method: 'GET', url: '/ai/v1/voices' })).json.body.data;
    expect(voices).toEqual([
      { id: 'zf_xiaobei', name: '晓贝', builtin: false },
      { id: 'espeak:zh', name: expect.stringContaining('中文'), builtin: true },
      { id: 'espeak:en', name: expect.stringContaining('英文'), builtin: true },
    ]);
  });

  it('keeps a glossary whole, refuses a repeated term, and uses it in both prompts of the translation', async () => {
    const c = await creator();
    const empty = await call(ctx.app, { method: 'GET', url: '/ai/v1/translate/glossary', token: c.token });
    expect(empty.json.body).toEqual({ data: [] });
    const terms = [
      { source: 'park', target: '乐园' },
      { source: 'Hello', target: '哈喽' },
    ];
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/ai/v1/translate/glossary',
      token: c.token,
      body: { data: terms },
    });
    expect(saved.json).toMatchObject({ code: 0, body: { data: terms } });
    const twice = await call(ctx.app, {
      method: 'PUT',
      url: '/ai/v1/translate/glossary',
      token: c.token,
      body: { data: [...terms, { source: 'PARK', target: '公园' }] },
    });
    expect(twice.json.code).toBe(ErrorCode.translateGlossaryDuplicate);
    expect(twice.json.msg).toContain('PARK');
    const read = await call(ctx.app, { method: 'GET', url: '/ai/v1/translate/glossary', token: c.token });
    expect(read.json.body).toEqual({ data: terms });

    // Recognised speech, translated in a first pass and reviewed in a second, both told the glossary's terms.
    const mediaId = await uploadToLibrary(ctx, c.token, plain);
    const list = await reviewList(c.token, { media_id: mediaId, source_language: 'en', target_language: 'zh' });
    expect(list).toMatchObject({ status: 'ready', progress: 100, origin: 'recognised', error: null });
    expect(list.cues.map((cue) => cue.text)).toEqual(['Hello world.', 'We love the park today.']);
    expect(list.cues.every((cue) => cue.translation.startsWith(FAKE_TRANSLATION_MARK))).toBe(true);
    expect(list.cues[0]!.start_ms).toBeLessThan(list.cues[1]!.start_ms);
    // Timed over the sound's real length (an MP3 of a 4 s clip runs a few milliseconds long).
    expect(list.cues[1]!.end_ms).toBeLessThanOrEqual(4200);
    const chats = server.requests.filter((r) => r.path === '/chat/completions');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      const system = (chat.body.messages as { role: string; content: string }[])[0]!.content;
      expect(system).toContain('Target language: Simplified Chinese');
      expect(system).toContain('park => 乐园');
    }
    expect((await usage(c.agentId)).map((row) => [row.provider, row.ok, row.tool_job_id])).toEqual([
      ['asr', 1, null],
      ['llm', 1, null],
      ['llm', 1, null],
    ]);
    // The same request is answered from the kept list; another glossary is another list.
    const again = await call(ctx.app, {
      url: '/ai/v1/translate/subtitles',
      token: c.token,
      body: { media_id: mediaId, source_language: 'en', target_language: 'zh' },
    });
    expect(again.json.body).toEqual(list);
    await call(ctx.app, { method: 'PUT', url: '/ai/v1/translate/glossary', token: c.token, body: { data: [] } });
    const other = await call(ctx.app, {
      url: '/ai/v1/translate/subtitles',
      token: c.token,
      body: { media_id: mediaId, source_language: 'en', target_language: 'zh' },
    });
    expect(other.json.body.status).toBe('working');
  });

  it("reads the video's own subtitle stream, and an uploaded subtitle file (refusing a broken one)", async () => {
    const c = await creator();
    const embedded = await uploadToLibrary(ctx, c.token, clipWithSubtitles());
    const own = await reviewList(c.token, { media_id: embedded, source_language: 'en', target_language: 'zh' });
    expect(own).toMatchObject({ status: 'ready', origin: 'embedded' });
    expect(own.cues.map((cue) => [cue.start_ms, cue.end_ms, cue.text])).toEqual([
      [200, 1500, 'Goodbye world.'],
      [2000, 3500, 'Thank you.'],
    ]);
    expect(own.cues[0]!.translation).toBe(`${FAKE_TRANSLATION_MARK} 再见 世界.`);

    // A subtitle file uploaded to the library like any other item.
    const srt = subtitleFile('upload.srt', '1\n00:00:00,500 --> 00:00:02,000\nThank you, world.\n');
    const fileId = await uploadToLibrary(ctx, c.token, srt);
    const uploaded = await reviewList(c.token, {
      media_id: embedded,
      subtitle_media_id: fileId,
      source_language: 'en',
      target_language: 'zh',
    });
    expect(uploaded).toMatchObject({ status: 'ready', origin: 'uploaded' });
    expect(uploaded.cues.map((cue) => cue.text)).toEqual(['Thank you, world.']);

    // A file that is no subtitle fails in the library; the list and the run refuse it, the run before charging.
    const broken = await uploadToLibrary(ctx, c.token, subtitleFile('broken.srt', 'this is not a subtitle file'), {
      wait: 'failed',
    });
    const body = { media_id: embedded, subtitle_media_id: broken, source_language: 'en', target_language: 'zh' };
    const failed = await reviewList(c.token, body);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/[\u4e00-\u9fff]/);
    // Answered once; the next request tries again.
    const retried = await call(ctx.app, { url: '/ai/v1/translate/subtitles', token: c.token, body });
    expect(retried.json.body.status).toBe('working');
    // Someone else's file is not found.
    const c2 = await creator(50);
    const someone = await call(ctx.app, {
      url: '/ai/v1/translate/subtitles',
      token: c2.token,
      body: { ...body, media_id: await uploadToLibrary(ctx, c2.token, plain) },
    });
    expect(someone.json.code).toBe(ErrorCode.mediaNotFound);
    const refused = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: { tool: 'translate', media_ids: [embedded], config: { subtitle_media_id: broken } },
    });
    expect(refused.json.code).toBe(ErrorCode.toolMediaNotReady);
    // A video is no subtitle file.
    const video = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: { tool: 'translate', media_ids: [embedded], config: { subtitle_media_id: embedded } },
    });
    expect(video.json.code).toBe(ErrorCode.toolMediaWrongType);
  });

  it('renders the translated video with its SRT and ASS, charged once, reusing the reviewed list', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, plain);
    const list = await reviewList(c.token, { media_id: mediaId, source_language: 'en', target_language: 'zh' });
    expect(list.status).toBe('ready');
    const chatsBefore = server.requests.filter((r) => r.path === '/chat/completions').length;
    const body = { tool: 'translate', media_ids: [mediaId], config: { source_language: 'en', target_language: 'zh' } };
    const quote = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body });
    expect(quote.json.body).toEqual({ price: 5, outputs: 1, minutes: 1, per_output: 3, per_minute: 2 });
    const created = await call(ctx.app, { url: '/ai/v1/jobs', token: c.token, body });
    expect(created.json).toMatchObject({ code: 0, body: { price: 5 } });
    const done = await settled(c.token, created.json.body.job_id as string);
    expect(done.status, done.error).toBe('succeeded');
    expect(done.outputs.map((o) => o.subtitle_format ?? 'video')).toEqual(['video', 'srt', 'ass']);
    expect(done.outputs[1]!.name).toMatch(/\.srt$/);
    expect(server.requests.filter((r) => r.path === '/chat/completions').length).toBe(chatsBefore);
    expect(await c.balance()).toBe(95);

    const video = await probeOutput(c.agentId, done.outputs[0]!.media_id);
    expect(video).toMatchObject({ width: 320, height: 180, videoCodec: 'h264', audioCodec: 'aac', hasAudio: true });
    expect(Math.abs(video.duration - 4)).toBeLessThan(0.2);
    const ass = await readOutput(c.agentId, done.outputs[2]!.media_id);
    expect(ass).toContain('PlayResX: 320\nPlayResY: 180');
    expect(ass).toMatch(/^Style: Translation,Noto Sans CJK SC,\d+,/m);
    expect(ass).toMatch(/^Style: Original,Noto Sans CJK SC,\d+,/m);
    const dialogues = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogues).toHaveLength(2);
    expect(dialogues[0]).toContain(`{\\rOriginal}Hello world.`);
    const srt = await readOutput(c.agentId, done.outputs[1]!.media_id);
    expect(srt).toContain(`${list.cues[0]!.translation}\r\nHello world.`);
    expect(done.logs.join('\n')).toContain('语音识别');
  });

  it('dubs the reviewed list with a service voice, ducks and normalises the sound, and blurs the old band', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, plain);
    const cues = [
      { start_ms: 300, end_ms: 1500, text: 'Hello world.', translation: '你好世界' },
      { start_ms: 2000, end_ms: 3600, text: 'Thank you.', translation: '谢谢你们大家的支持和喜爱' },
    ];
    const body = {
      tool: 'translate',
      media_ids: [mediaId],
      config: {
        need_speech_translate: true,
        speech_voice: 'zf_xiaobei',
        subtitle_type: 'single',
        cover_band: { y: 85, height: 12 },
        cues,
      },
    };
    const unknownVoice = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: { ...body, config: { ...body.config, speech_voice: 'nobody' } },
    });
    expect(unknownVoice.json.code).toBe(ErrorCode.translateVoiceUnknown);
    const created = await call(ctx.app, { url: '/ai/v1/jobs', token: c.token, body });
    const done = await settled(c.token, created.json.body.job_id as string);
    expect(done.status, done.error).toBe('succeeded');
    expect(server.requests.filter((r) => r.path === '/chat/completions')).toHaveLength(0);
    const speech = server.requests.filter((r) => r.path === '/audio/speech');
    expect(speech.map((r) => [r.body.input, r.body.voice])).toEqual([
      ['你好世界', 'zf_xiaobei'],
      ['谢谢你们大家的支持和喜爱', 'zf_xiaobei'],
    ]);
    const jobId = Number(done.job_id);
    expect((await usage(c.agentId)).filter((row) => row.tool_job_id === jobId).map((row) => row.provider)).toEqual([
      'tts',
      'tts',
    ]);
    const video = await probeOutput(c.agentId, done.outputs[0]!.media_id);
    expect(video.hasAudio).toBe(true);
    expect(video.duration).toBeGreaterThan(3.8);
    const ass = await readOutput(c.agentId, done.outputs[2]!.media_id);
    expect(ass).not.toMatch(/^Style: Original/m);
    const dialogues = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogues.length).toBeGreaterThanOrEqual(2);
    expect(dialogues.join('\n')).not.toContain('Hello world.');
    expect(done.logs.join('\n')).toContain('配音 2 句');
    expect(await c.balance()).toBe(95);
  });

  it('fails and refunds when the language service fails, with the reason in Chinese', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, plain);
    server.failNext(10, 500, { path: '/chat/completions' });
    const created = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: { tool: 'translate', media_ids: [mediaId], config: { source_language: 'en', target_language: 'zh' } },
    });
    expect(created.json.code).toBe(0);
    const done = await settled(c.token, created.json.body.job_id as string);
    expect(done.status).toBe('failed');
    expect(done.error).toBe('翻译服务暂时不可用，请稍后重试，积分已退还');
    expect(done.outputs).toEqual([]);
    expect(await c.balance()).toBe(100);
    const failedCalls = (await usage(c.agentId)).filter((row) => row.provider === 'llm');
    expect(failedCalls.length).toBeGreaterThan(0);
    expect(failedCalls.every((row) => row.ok === 0 && row.tool_job_id === Number(done.job_id))).toBe(true);
  });

  it('cancels a running dub and gives the points back', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, plain);
    server.delay(1500);
    const created = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: {
        tool: 'translate',
        media_ids: [mediaId],
        config: {
          need_speech_translate: true,
          speech_voice: 'zf_xiaobei',
          cues: [{ start_ms: 0, end_ms: 1000, text: 'Hello.', translation: '你好' }],
        },
      },
    });
    const id = created.json.body.job_id as string;
    await expect.poll(async () => (await job(c.token, id)).status, { timeout: 20_000, interval: 50 }).toBe('running');
    expect(await c.balance()).toBe(95);
    const cancelled = await call(ctx.app, { url: `/ai/v1/jobs/${id}/cancel`, token: c.token });
    expect(cancelled.json.code).toBe(0);
    const done = await settled(c.token, id);
    expect(done.status).toBe('cancelled');
    expect(await c.balance()).toBe(100);
  });
});

describe(`字幕翻译 without some AI services (${testDatabaseKind})`, { timeout: 60_000 }, () => {
  let none: TestContext;
  let llmOnly: TestContext;
  let server: FakeAiServer;

  beforeAll(async () => {
    server = await startFakeAiServer();
    [none, llmOnly] = await Promise.all([servicesApp(server, []), servicesApp(server, ['LLM'])]);
    await Promise.all([none.services.jobs.start(), llmOnly.services.jobs.start()]);
  });
  afterEach(async () => {
    await expectBooksBalanced(none);
    await expectBooksBalanced(llmOnly);
  });
  afterAll(async () => {
    await Promise.all([none.close(), llmOnly.close()]);
    await server.close();
  });

  const richCreator = (ctx: TestContext) => creatorWithPoints(ctx, 50);

  const jobRows = (ctx: TestContext, agentId: number) =>
    ctx.database.db.selectFrom('tool_jobs').select('id').where('agent_id', '=', agentId).execute();

  it('refuses runs and review lists with 40244 when no language service is configured, charging nothing', async () => {
    const c = await richCreator(none);
    const mediaId = await uploadToLibrary(
      none,
      c.token,
      makeClip('translate-none.mp4', { seconds: 2, size: '320x180' }),
    );
    const body = { tool: 'translate', media_ids: [mediaId], config: {} };
    for (const url of ['/ai/v1/jobs/quote', '/ai/v1/jobs']) {
      const refused = await call(none.app, { url, token: c.token, body });
      expect(refused.json).toMatchObject({ code: ErrorCode.toolServiceUnavailable, msg: '翻译服务未配置，请联系运营' });
    }
    const preview = await call(none.app, {
      url: '/ai/v1/translate/subtitles',
      token: c.token,
      body: { media_id: mediaId },
    });
    expect(preview.json.code).toBe(ErrorCode.toolServiceUnavailable);
    expect(await c.balance()).toBe(50);
    expect(await jobRows(none, c.agentId)).toEqual([]);
  });

  it('without recognition refuses a video with no subtitles of its own before charging, and says why in the list', async () => {
    const c = await richCreator(llmOnly);
    const mediaId = await uploadToLibrary(
      llmOnly,
      c.token,
      makeClip('translate-silent-words.mp4', { seconds: 2, size: '320x180' }),
    );
    const refused = await call(llmOnly.app, {
      url: '/ai/v1/jobs',
      token: c.token,
      body: { tool: 'translate', media_ids: [mediaId], config: {} },
    });
    expect(refused.json).toMatchObject({
      code: ErrorCode.toolServiceUnavailable,
      msg: '语音识别服务未配置：请上传字幕文件，或选用自带字幕的视频',
    });
    expect(await c.balance()).toBe(50);
    expect(await jobRows(llmOnly, c.agentId)).toEqual([]);
    const body = { media_id: mediaId };
    await call(llmOnly.app, { url: '/ai/v1/translate/subtitles', token: c.token, body });
    await expect
      .poll(
        async () =>
          (await call(llmOnly.app, { url: '/ai/v1/translate/subtitles', token: c.token, body })).json.body.error,
        { timeout: 20_000, interval: 100 },
      )
      .toBe('语音识别服务未配置：请上传字幕文件，或选用自带字幕的视频');
  });
});
