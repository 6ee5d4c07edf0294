import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSCRIPT, fakeTokens, startFakeAiServer, type FakeAiServer } from '../../../test/fake-ai-server.js';
import {
  onMediaProcessStart,
  runFfmpegProcess,
  runMediaProcess,
  type LiveMediaProcess,
} from '../media/ffmpeg-process.js';
import { AiServiceError, type AiServiceSettings } from './ai-http.js';
import { AiProviders, type AiSettings } from './ai-providers.js';
import { BUILTIN_VOICES, espeakArgs, speakBuiltin } from './builtin-voice.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-ai-providers-'));
const file = (name: string) => path.join(scratch, name);

/** The container and duration of an audio file, read back with ffprobe through the launcher. */
async function probe(audio: string): Promise<{ format: string; duration: number }> {
  const { stdout } = await runMediaProcess(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', audio],
    { kind: 'probe', audioInputs: true },
  );
  const json = JSON.parse(stdout) as { format: { format_name: string; duration: string } };
  return { format: json.format.format_name, duration: Number(json.format.duration) };
}

describe('the built-in voice (espeak-ng through the launcher)', () => {
  it('speaks Chinese and English into WAV or MP3, counting characters, as a speech process', async () => {
    const started: LiveMediaProcess[] = [];
    const stop = onMediaProcessStart((process) => started.push(process));
    const wav = await speakBuiltin({ text: '你好，世界。', voice: 'espeak:zh', format: 'wav', out: file('zh.wav') });
    const mp3 = await speakBuiltin({ text: 'Hello world.', voice: 'espeak:en', format: 'mp3', out: file('en.mp3') });
    stop();
    expect(wav.usage).toMatchObject({ provider: 'espeak', model: 'espeak-ng', unit: 'characters', units: 6 });
    expect(mp3.usage).toMatchObject({ provider: 'espeak', unit: 'characters', units: 12 });
    expect(await probe(wav.file)).toMatchObject({ format: 'wav' });
    expect(await probe(mp3.file)).toMatchObject({ format: 'mp3' });
    expect((await probe(wav.file)).duration).toBeGreaterThan(0.5);
    expect(started.map((p) => p.kind)).toEqual(['speech', 'speech', 'speech']);
    expect(started[0]!.args.join(' ')).toContain('-v cmn');
    // Nothing but the audio is left beside it (the text file and the intermediate WAV are removed).
    expect(fs.readdirSync(scratch).sort()).toEqual(['en.mp3', 'zh.wav']);
  });

  it('reads the text from a file, so a text that looks like an option is only spoken', () => {
    expect(espeakArgs('espeak:zh', '/w/line.txt', '/w/line.wav', 1.2)).toEqual([
      ...['-v', 'cmn', '-s', '210', '-b', '1', '-f', '/w/line.txt', '-w', '/w/line.wav'],
    ]);
    expect(espeakArgs('espeak:en', 't', 'o', 10)).toContain('450');
  });

  it('refuses a voice that is not built in, and fails as cancelled when its signal aborts', async () => {
    await expect(speakBuiltin({ text: 'x', voice: 'alloy', format: 'wav', out: file('x.wav') })).rejects.toMatchObject({
      kind: 'invalid',
    });
    const error = await speakBuiltin({
      text: '你好',
      voice: 'espeak:zh',
      format: 'wav',
      out: file('cancelled.wav'),
      signal: AbortSignal.abort(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiServiceError);
    expect(error).toMatchObject({ provider: 'espeak', kind: 'aborted' });
    expect(fs.existsSync(file('cancelled.wav'))).toBe(false);
  });
});

describe('the AI services through the providers (a local fake server)', () => {
  let server: FakeAiServer;
  let ai: AiProviders;
  beforeAll(async () => {
    server = await startFakeAiServer({ apiKey: 'k-1', transcripts: { 'named.wav': '你好世界。谢谢！' } });
    const service = (model: string): AiServiceSettings => ({
      baseUrl: server.baseUrl,
      apiKey: 'k-1',
      model,
      timeoutMs: 10_000,
      retries: 2,
      concurrency: 2,
    });
    ai = new AiProviders({
      llm: service('deepseek-chat'),
      asr: service('whisper-1'),
      tts: service('kokoro'),
      ttsVoices: [{ id: 'zf_xiaobei', name: '晓贝' }],
      retry: { baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 1_000 },
    });
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  it('chats: the model, the messages and JSON mode are sent; the answer comes with its tokens', async () => {
    const messages = [
      { role: 'system' as const, content: '把字幕翻译成英文 (English)' },
      { role: 'user' as const, content: '你好，世界。' },
    ];
    const answer = await ai.llm!.chat({ messages, temperature: 0.2 });
    expect(answer.text).toBe('[fake] hello, world.');
    expect(answer.finishReason).toBe('stop');
    const promptTokens = fakeTokens(messages.map((m) => m.content).join('\n'));
    expect(answer.usage).toEqual({
      provider: 'llm',
      model: 'deepseek-chat',
      unit: 'tokens',
      units: promptTokens + fakeTokens(answer.text),
      inputUnits: promptTokens,
      outputUnits: fakeTokens(answer.text),
      attempts: 1,
      durationMs: answer.usage.durationMs,
    });
    expect(server.requests[0]!.body).toEqual({ model: 'deepseek-chat', messages, stream: false, temperature: 0.2 });

    const lines = z.object({ lines: z.array(z.string()) });
    const translated = await ai.llm!.chatJson(
      { messages: [{ role: 'user', content: '{"lines":["谢谢","再见"]}' }] },
      lines,
    );
    expect(translated.value).toEqual({ lines: ['[fake] thank you', '[fake] goodbye'] });
    expect(server.requests[1]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('refuses a JSON answer of another shape, keeping the tokens it cost', async () => {
    const error = await ai
      .llm!.chatJson(
        { messages: [{ role: 'user', content: '{"text":"你好"}' }] },
        z.object({ lines: z.array(z.string()) }),
      )
      .catch((e: unknown) => e as AiServiceError);
    expect(error).toBeInstanceOf(AiServiceError);
    expect(error).toMatchObject({ kind: 'invalid', provider: 'llm' });
    expect((error as AiServiceError).usage?.units).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
  });

  it('transcribes an uploaded file: segments and words timed within its real duration, seconds as usage', async () => {
    const speech = await speakBuiltin({
      text: '你好世界。谢谢！',
      voice: 'espeak:zh',
      format: 'wav',
      out: file('named.wav'),
    });
    const { duration } = await probe(speech.file);
    const transcript = await ai.asr!.transcribe({ file: speech.file, language: 'zh' });
    expect(transcript.text).toBe('你好世界。谢谢！');
    expect(transcript.segments.map((s) => s.text)).toEqual(['你好世界。', '谢谢！']);
    expect(transcript.words.map((w) => w.text)).toEqual(['你', '好', '世', '界', '谢', '谢']);
    expect(transcript.segments[0]!.start).toBe(0);
    expect(transcript.segments.at(-1)!.end).toBeCloseTo(duration, 2);
    for (const timed of [...transcript.segments, ...transcript.words]) {
      expect(timed.end).toBeGreaterThan(timed.start);
      expect(timed.end).toBeLessThanOrEqual(duration + 0.001);
    }
    expect(transcript.usage).toMatchObject({ provider: 'asr', model: 'whisper-1', unit: 'seconds', units: duration });
    const sent = server.requests[0]!;
    expect(sent).toMatchObject({ fileName: 'named.wav', authorization: 'Bearer k-1' });
    expect(sent.body).toEqual({
      model: 'whisper-1',
      response_format: 'verbose_json',
      'timestamp_granularities[]': ['segment', 'word'],
      language: 'zh',
    });
  });

  it("takes an audio file's comment tag as the fake's transcript when no fixture names it", async () => {
    const source = await speakBuiltin({ text: 'hello', voice: 'espeak:en', format: 'wav', out: file('plain.wav') });
    const tagged = file('tagged.mp3');
    await runFfmpegProcess(['-y', '-i', source.file, '-metadata', 'comment=Thank you. Goodbye!', tagged], {
      kind: 'speech',
      audioInputs: true,
    });
    const transcript = await ai.asr!.transcribe({ file: tagged });
    expect(transcript.text).toBe('Thank you. Goodbye!');
    expect(transcript.language).toBe('en');
    expect(transcript.words.map((w) => w.text)).toEqual(['Thank', 'you', 'Goodbye']);
    expect((await ai.asr!.transcribe({ file: source.file })).text).toBe(DEFAULT_TRANSCRIPT);
  });

  it('speaks with a service voice into MP3 or WAV, and with a built-in one without the service', async () => {
    const mp3 = await ai.speak({ text: '大家好', voice: 'zf_xiaobei', format: 'mp3', speed: 1.1, out: file('s.mp3') });
    expect(await probe(mp3.file)).toMatchObject({ format: 'mp3' });
    expect(mp3.usage).toMatchObject({ provider: 'tts', model: 'kokoro', unit: 'characters', units: 3 });
    expect(server.requests[0]!.body).toEqual({
      model: 'kokoro',
      input: '大家好',
      voice: 'zf_xiaobei',
      response_format: 'mp3',
      speed: 1.1,
    });
    const wav = await ai.speak({ text: 'Hi', voice: 'zf_xiaobei', format: 'wav', out: file('s.wav') });
    expect(await probe(wav.file)).toMatchObject({ format: 'wav' });
    const builtin = await ai.speak({ text: '你好', voice: 'espeak:zh', format: 'wav', out: file('b.wav') });
    expect(builtin.usage.provider).toBe('espeak');
    expect(server.requests).toHaveLength(2);
  });

  it('leaves no partial file when the speech service fails', async () => {
    server.failNext(3, 500);
    const out = file('failed.mp3');
    await expect(ai.speak({ text: '你好', voice: 'zf_xiaobei', format: 'mp3', out })).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      attempts: 3,
    });
    expect(fs.readdirSync(scratch).filter((name) => name.startsWith('failed'))).toEqual([]);
  });

  it("lists the service's voices, then the built-in ones labelled as machine speech", () => {
    expect(ai.voices()).toEqual([{ id: 'zf_xiaobei', name: '晓贝', builtin: false }, ...BUILTIN_VOICES]);
    expect(BUILTIN_VOICES).toEqual([
      { id: 'espeak:zh', name: '内置语音（机器合成）· 中文', builtin: true },
      { id: 'espeak:en', name: '内置语音（机器合成）· 英文', builtin: true },
    ]);
    expect(ai.defaultVoice('zh')).toBe('zf_xiaobei');
  });
});

describe('providers without services', () => {
  const none: AiSettings = {
    llm: null,
    asr: null,
    tts: null,
    ttsVoices: [{ id: 'alloy', name: 'Alloy' }],
    retry: { baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 1_000 },
  };

  it('has no clients, offers only the built-in voices, and refuses a service voice', async () => {
    const ai = new AiProviders(none);
    expect(ai.configured).toEqual({ llm: false, asr: false, tts: false });
    expect([ai.llm, ai.asr, ai.tts]).toEqual([null, null, null]);
    expect(ai.voices()).toEqual(BUILTIN_VOICES);
    expect(ai.defaultVoice('en')).toBe('espeak:en');
    await expect(ai.speak({ text: 'x', voice: 'alloy', format: 'mp3', out: file('n.mp3') })).rejects.toMatchObject({
      provider: 'tts',
      kind: 'unconfigured',
    });
  });
});
