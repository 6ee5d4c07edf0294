/**
 * The translator against a local chat server that answers what each test scripts: a batch whose answer loses,
 * doubles or reorders a line is asked once more and then fails in Chinese; a review that answers nonsense keeps the
 * drafts.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiHttpClient } from '../../../providers/ai/ai-http.js';
import { LlmClient } from '../../../providers/ai/llm-client.js';
import { TranslateError, Translator } from './translator.js';

type Answer = (lines: { id: number; text?: string; draft?: string }[]) => unknown;

let server: http.Server;
let answers: Answer[] = [];
let asked = 0;
let llm: LlmClient;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const user = JSON.parse(body.messages.at(-1)!.content) as { lines: { id: number; text?: string }[] };
      const answer = answers[asked] ?? (() => ({ lines: [] }));
      asked += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ message: { content: JSON.stringify(answer(user.lines)) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const settings = {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: null,
    model: 'test',
    timeoutMs: 5_000,
    retries: 0,
    concurrency: 1,
  };
  llm = new LlmClient(new AiHttpClient('llm', settings, { baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 }));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = [];
  asked = 0;
});

const translator = () => new Translator(llm, { track: (_context, call) => call() });
const request = (lines: string[]) => ({
  lines,
  source: 'en' as const,
  target: 'zh' as const,
  glossary: [],
  context: { agentId: 1 },
});
const faithful: Answer = (lines) => ({ lines: lines.map((line) => ({ id: line.id, text: `译${line.id}` })) });
const noChange: Answer = () => ({ lines: [] });

describe('Translator', () => {
  it('translates batch by batch, reviewing each, and keeps every line in its place', async () => {
    const lines = Array.from({ length: 25 }, (_, i) => `line ${i + 1}`);
    answers = [faithful, () => ({ lines: [{ id: 2, text: '改2' }] }), faithful, noChange];
    const out = await translator().translate(request(lines));
    expect(out).toHaveLength(25);
    expect(out.slice(0, 3)).toEqual(['译1', '改2', '译3']);
    expect(out[24]).toBe('译25');
    expect(asked).toBe(4);
  });

  it('asks a batch again once when a line is lost, then uses the good answer', async () => {
    answers = [(lines) => ({ lines: lines.slice(1).map((l) => ({ id: l.id, text: 'x' })) }), faithful, noChange];
    expect(await translator().translate(request(['a', 'b']))).toEqual(['译1', '译2']);
    expect(asked).toBe(3);
  });

  it('fails in Chinese when the retry is still unusable (lines reordered)', async () => {
    const reordered: Answer = (lines) => ({ lines: [...lines].reverse().map((l) => ({ id: l.id, text: 'x' })) });
    answers = [reordered, reordered];
    await expect(translator().translate(request(['a', 'b']))).rejects.toThrow(
      new TranslateError('第 1–2 句翻译结果不完整，请稍后重试'),
    );
    expect(asked).toBe(2);
  });

  it('keeps the drafts when the review answers something unusable', async () => {
    answers = [faithful, () => 'not an object'];
    expect(await translator().translate(request(['a']))).toEqual(['译1']);
  });
});
