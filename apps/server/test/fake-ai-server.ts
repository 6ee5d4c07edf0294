/**
 * A local server that speaks the OpenAI-compatible API the AI providers use, for tests that start it themselves
 * (127.0.0.1, a free port): chat completions that translate with a small dictionary and a marker (and answer JSON in
 * JSON mode; a plot summary when the system prompt asks for 剧情摘要), transcriptions whose segments (with a speaker
 * for sentences written `名字：台词`) and words are timed over the uploaded audio's real duration (ffprobe
 * through the launcher), and speech made with espeak-ng in the format asked for. Everything is deterministic. It can
 * be told to fail the next requests (500, 429 with Retry-After), to cut connections, and to answer slowly.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { speakBuiltin } from '../src/providers/ai/builtin-voice.js';
import { runMediaProcess } from '../src/providers/media/ffmpeg-process.js';
import { NARRATION_PROMPT_MARK } from '../src/modules/tool/commentary/script-writer.js';

export interface FakeAiServerOptions {
  /** The key every request must carry as `Authorization: Bearer …`; unset, none is asked for. */
  apiKey?: string;
  /** Transcripts by the uploaded file's name; else the audio's `comment` tag; else `DEFAULT_TRANSCRIPT`. */
  transcripts?: Record<string, string>;
  /** The port to listen on (127.0.0.1); a free one when absent. */
  port?: number;
}

/** One request as the server saw it. */
export interface FakeAiRequest {
  path: string;
  authorization: string | null;
  /** The JSON body (chat, speech) or the form's text fields (transcription; repeated fields as arrays). */
  body: Record<string, unknown>;
  /** The uploaded file's name (transcription). */
  fileName?: string;
}

export interface FakeAiServer {
  /** What LLM_BASE_URL, ASR_BASE_URL and TTS_BASE_URL are set to: it ends before `/chat/completions`. */
  baseUrl: string;
  requests: FakeAiRequest[];
  /** The next `count` requests (to `path` when given) answer `status`, with `Retry-After` when given. */
  failNext(count: number, status: number, options?: { path?: string; retryAfter?: string }): void;
  /** The next `count` requests are cut off: the connection closes with no answer. */
  dropNext(count: number): void;
  /** Every answer from now on waits this long first (0: none). */
  delay(ms: number): void;
  /**
   * Between tests: waits for the requests it is still answering (a client that timed out left them), then forgets
   * the failures, cuts and delay still to come, the requests seen and the most in flight.
   */
  reset(): Promise<void>;
  /** The most requests it was handling at once. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

export const DEFAULT_TRANSCRIPT = '今天天气很好。我们一起去公园吧！';
/** What every fake translation starts with, so a test can tell it from the source text. */
export const FAKE_TRANSLATION_MARK = '[fake]';

/** A few words each way: enough for a test to see a translation happen. */
const DICTIONARY: [string, string][] = [
  ['你好', 'hello'],
  ['世界', 'world'],
  ['今天', 'today'],
  ['天气', 'weather'],
  ['很好', 'very good'],
  ['我们', 'we'],
  ['一起', 'together'],
  ['公园', 'park'],
  ['谢谢', 'thank you'],
  ['再见', 'goodbye'],
  ['爱', 'love'],
  ['去', 'go to'],
];
const CJK = /[\u3400-\u9fff]/;
const PUNCTUATION: Record<string, string> = { '，': ',', '。': '.', '！': '!', '？': '?', '：': ':', '；': ';' };

/** Chinese to English word by word (longest match first), or English to Chinese; unknown words stay as they are. */
export function fakeTranslate(text: string, target: 'zh' | 'en' = CJK.test(text) ? 'en' : 'zh'): string {
  if (target === 'en') {
    const words: string[] = [];
    let rest = text;
    while (rest.length > 0) {
      const entry = [...DICTIONARY].sort((a, b) => b[0].length - a[0].length).find(([zh]) => rest.startsWith(zh));
      words.push(entry ? entry[1] : (PUNCTUATION[rest[0]!] ?? rest[0]!));
      rest = rest.slice(entry ? entry[0].length : 1);
    }
    const joined = words.reduce(
      (out, word) => (CJK.test(word) || /^\W$/.test(word) ? out + word : `${out} ${word}`),
      '',
    );
    return `${FAKE_TRANSLATION_MARK} ${joined.trim()}`;
  }
  const toZh = new Map(DICTIONARY.map(([zh, en]) => [en, zh]));
  return `${FAKE_TRANSLATION_MARK} ${text.replace(/[A-Za-z]+/g, (word) => toZh.get(word.toLowerCase()) ?? word)}`;
}

/** Tokens as the fake counts them: each Chinese character, and each run of letters or digits. */
export const fakeTokens = (text: string) => text.match(/[\u3400-\u9fff]|[A-Za-z0-9]+/g)?.length ?? 0;

/** The language a prompt declares as `Target language: …` (one that names both languages), else null. */
function declaredTarget(prompt: string): 'zh' | 'en' | null {
  const declared = /target language:\s*(?:simplified\s+)?(english|chinese)/i.exec(prompt)?.[1];
  return declared ? (declared.toLowerCase() === 'english' ? 'en' : 'zh') : null;
}

/** Whether the prompt names the language to write, else null. */
function targetOf(prompt: string): 'zh' | 'en' | null {
  const declared = declaredTarget(prompt);
  if (declared) return declared;
  if (/english|英文|英语/i.test(prompt)) return 'en';
  if (/chinese|中文|汉语/i.test(prompt)) return 'zh';
  return null;
}

/** Every string of `value` translated, its shape kept. */
function translateStrings(value: unknown, target: 'zh' | 'en' | null): unknown {
  if (typeof value === 'string') return fakeTranslate(value, target ?? undefined);
  if (Array.isArray(value)) return value.map((item) => translateStrings(item, target));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translateStrings(item, target)]));
  }
  return value;
}

/** The hook every fake narration opens with. */
export const FAKE_NARRATION_HOOK = '你绝对想不到，这一集的结局会反转！';

/**
 * A narration script of the material the narration prompt sends (`{ episodes: [{ media_id, shots, dialogue }] }`):
 * the hook over each episode's first shot, then one line per two shots telling the dialogue spoken over them (or
 * what is shown), in order. Deterministic, and every shot it names exists.
 */
export function fakeNarration(userMessage: string): {
  lines: { text: string; shots: { media_id: number; shot: number }[] }[];
} {
  const material = JSON.parse(userMessage) as {
    episodes: {
      media_id: number;
      title: string;
      shots: { shot: number; start: number; end: number }[];
      dialogue: { start: number; end: number; text: string }[];
    }[];
  };
  const lines: { text: string; shots: { media_id: number; shot: number }[] }[] = [];
  for (const episode of material.episodes) {
    for (let i = 0; i < episode.shots.length; i += 2) {
      const shots = episode.shots.slice(i, i + 2);
      const said = episode.dialogue.find((cue) => cue.end > shots[0]!.start && cue.start < shots.at(-1)!.end);
      const text =
        lines.length === 0
          ? FAKE_NARRATION_HOOK
          : said
            ? `只听有人说：${said.text}`
            : `${episode.title}第${lines.length}段，画面继续推进。`;
      lines.push({ text, shots: shots.map((shot) => ({ media_id: episode.media_id, shot: shot.shot })) });
    }
  }
  return { lines };
}

interface Timed {
  start: number;
  end: number;
}

/** Spreads `pieces` over [start, end] by their weight (characters), in order. */
function spread<T>(pieces: T[], weight: (piece: T) => number, start: number, end: number): Timed[] {
  const total = pieces.reduce((sum, piece) => sum + Math.max(1, weight(piece)), 0);
  let at = start;
  return pieces.map((piece) => {
    const length = ((end - start) * Math.max(1, weight(piece))) / total;
    const timed = { start: round(at), end: round(at + length) };
    at += length;
    return timed;
  });
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The transcript of `text` spoken over `duration` seconds: sentences as segments, characters or words as words. */
export function fakeTranscript(text: string, duration: number) {
  const sentences = text
    .split(/(?<=[。！？.!?])\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  const spoken = sentences.map(speakerOf);
  const segmentTimes = spread(spoken, (s) => s.text.length, 0, duration);
  const segments = spoken.map(({ speaker, text: sentence }, id) => ({
    id,
    seek: 0,
    ...segmentTimes[id]!,
    text: sentence,
    ...(speaker && { speaker }),
    tokens: [],
    temperature: 0,
    avg_logprob: -0.1,
    compression_ratio: 1,
    no_speech_prob: 0,
  }));
  const words = segments.flatMap((segment) => {
    const pieces = segment.text.match(/[\u3400-\u9fff]|[A-Za-z0-9']+/g) ?? [];
    const times = spread(pieces, (p) => p.length, segment.start, segment.end);
    return pieces.map((word, i) => ({ word, ...times[i]! }));
  });
  return { segments, words };
}

/**
 * A sentence written `名字：台词` is said by that speaker, as a service that tells speakers apart labels its segments;
 * any other sentence has no speaker.
 */
function speakerOf(sentence: string): { speaker?: string; text: string } {
  const labelled = /^([^：:。！？\s]{1,6})[：:](.+)$/.exec(sentence);
  return labelled ? { speaker: labelled[1]!, text: labelled[2]!.trim() } : { text: sentence };
}

/** What the fake writes when asked for a plot summary (剧情摘要): the start of what it was given, marked. */
export const FAKE_SUMMARY_MARK = '【摘要】';

function fakeSummary(given: unknown): string {
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(given);
  return `${FAKE_SUMMARY_MARK}${strings.join(' ').slice(0, 60)}`;
}

async function probeAudio(file: string): Promise<{ duration: number; comment: string | null }> {
  const { stdout } = await runMediaProcess(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration:format_tags=comment', '-of', 'json', file],
    { kind: 'probe', audioInputs: true },
  );
  const json = JSON.parse(stdout) as { format?: { duration?: string; tags?: { comment?: string } } };
  return { duration: Number(json.format?.duration ?? 0), comment: json.format?.tags?.comment ?? null };
}

function readAll(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

class BadRequest extends Error {}

function jsonObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startFakeAiServer(options: FakeAiServerOptions = {}): Promise<FakeAiServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-fake-ai-'));
  const requests: FakeAiRequest[] = [];
  const failures: { status: number; path?: string; retryAfter?: string }[] = [];
  let drops = 0;
  let delayMs = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const error = (message: string, type = 'invalid_request_error') => ({ error: { message, type } });

  async function chat(body: Record<string, unknown>) {
    const messages = body.messages as { role: string; content: string }[] | undefined;
    if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m.content !== 'string')) {
      throw new BadRequest('messages must be a non-empty list of { role, content }');
    }
    const prompt = messages.map((m) => m.content).join('\n');
    const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const system = messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n');
    const target = targetOf(system);
    const jsonMode = (body.response_format as { type?: string } | undefined)?.type === 'json_object';
    let content: string;
    if (jsonMode && system.includes(NARRATION_PROMPT_MARK)) {
      content = JSON.stringify(fakeNarration(last));
    } else if (jsonMode) {
      let given: unknown;
      try {
        given = JSON.parse(last);
      } catch {
        given = { text: last };
      }
      const system = messages
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join('\n');
      content = JSON.stringify(
        system.includes('剧情摘要') ? { summary: fakeSummary(given) } : translateStrings(given, target),
      );
    } else {
      content = fakeTranslate(last, target ?? undefined);
    }
    const promptTokens = fakeTokens(prompt);
    const completionTokens = fakeTokens(content);
    return {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    };
  }

  async function transcription(request: http.IncomingMessage, raw: Buffer, seen: FakeAiRequest) {
    const form = await new Request('http://fake.local/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: raw,
    }).formData();
    const fields: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key).filter((v): v is string => typeof v === 'string');
      if (values.length > 0) fields[key] = key.endsWith('[]') ? values : values[0];
    }
    seen.body = fields;
    const file = form.get('file');
    if (!(file instanceof File)) throw new BadRequest('file is required');
    if (!fields.model) throw new BadRequest('model is required');
    seen.fileName = file.name;
    const saved = path.join(dir, `${randomUUID()}${path.extname(file.name)}`);
    fs.writeFileSync(saved, Buffer.from(await file.arrayBuffer()));
    let probed: { duration: number; comment: string | null };
    try {
      probed = await probeAudio(saved);
    } catch {
      throw new BadRequest('the file is not audio');
    } finally {
      fs.rmSync(saved, { force: true });
    }
    const text = options.transcripts?.[file.name] ?? probed.comment ?? DEFAULT_TRANSCRIPT;
    const format = fields.response_format ?? 'json';
    if (format === 'json') return { text };
    if (format !== 'verbose_json') throw new BadRequest(`response_format ${String(format)} is not supported`);
    const granularities = (fields['timestamp_granularities[]'] as string[] | undefined) ?? ['segment'];
    const { segments, words } = fakeTranscript(text, probed.duration);
    const language = (fields.language as string | undefined) ?? (CJK.test(text) ? 'zh' : 'en');
    return {
      task: 'transcribe',
      language,
      duration: probed.duration,
      text,
      segments,
      ...(granularities.includes('word') && { words }),
    };
  }

  async function speech(body: Record<string, unknown>, response: http.ServerResponse) {
    const { input, voice } = body;
    const format = body.response_format ?? 'mp3';
    if (typeof input !== 'string' || input.trim() === '') throw new BadRequest('input is required');
    if (typeof voice !== 'string' || voice === '') throw new BadRequest('voice is required');
    if (format !== 'mp3' && format !== 'wav')
      throw new BadRequest(`response_format ${String(format)} is not supported`);
    const out = path.join(dir, `${randomUUID()}.${format}`);
    await speakBuiltin({
      text: input,
      voice: CJK.test(input) ? 'espeak:zh' : 'espeak:en',
      format,
      speed: typeof body.speed === 'number' ? body.speed : undefined,
      out,
    });
    const audio = fs.readFileSync(out);
    fs.rmSync(out, { force: true });
    response.writeHead(200, { 'content-type': format === 'mp3' ? 'audio/mpeg' : 'audio/wav' });
    response.end(audio);
  }

  const server = http.createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    void (async () => {
      try {
        const url = new URL(request.url ?? '/', 'http://fake.local');
        const route = url.pathname.replace(/^\/v1/, '');
        const raw = await readAll(request);
        const seen: FakeAiRequest = {
          path: route,
          authorization: request.headers.authorization ?? null,
          body: {},
        };
        requests.push(seen);
        // Read before any told failure, so a test sees what each attempt sent; a body that is no JSON object is a
        // bad request below.
        const body = route === '/audio/transcriptions' ? null : jsonObject(raw);
        if (body) seen.body = body;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (drops > 0) {
          drops -= 1;
          request.socket.destroy();
          return;
        }
        const failure = failures.findIndex((f) => !f.path || f.path === route);
        if (failure >= 0) {
          const [{ status, retryAfter }] = failures.splice(failure, 1) as [(typeof failures)[number]];
          json(response, status, error('the fake server was told to fail', 'server_error'), {
            ...(retryAfter !== undefined && { 'retry-after': retryAfter }),
          });
          return;
        }
        if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
          json(response, 401, error('Incorrect API key provided', 'invalid_api_key'));
          return;
        }
        if (request.method !== 'POST') {
          json(response, 405, error('POST only'));
          return;
        }
        if (route === '/audio/transcriptions') {
          json(response, 200, await transcription(request, raw, seen));
          return;
        }
        if (!body) throw new BadRequest('the body is not a JSON object');
        if (typeof body.model !== 'string' || body.model === '') throw new BadRequest('model is required');
        if (route === '/chat/completions') json(response, 200, await chat(body));
        else if (route === '/audio/speech') await speech(body, response);
        else json(response, 404, error(`no route ${route}`));
      } catch (failure) {
        if (response.headersSent || response.destroyed) return;
        if (failure instanceof BadRequest) json(response, 400, error(failure.message));
        else json(response, 500, error(String(failure), 'server_error'));
      } finally {
        inFlight -= 1;
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(count, status, { path: only, retryAfter } = {}) {
      for (let i = 0; i < count; i += 1) failures.push({ status, path: only, retryAfter });
    },
    dropNext(count) {
      drops += count;
    },
    delay(ms) {
      delayMs = ms;
    },
    async reset() {
      failures.length = 0;
      drops = 0;
      delayMs = 0;
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      requests.length = 0;
      maxInFlight = 0;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
