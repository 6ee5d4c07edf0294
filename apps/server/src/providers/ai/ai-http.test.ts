import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiServer, type FakeAiServer } from '../../../test/fake-ai-server.js';
import {
  AiHttpClient,
  AiServiceError,
  backoffDelay,
  retryAfterMs,
  type AiServiceSettings,
  type RetryPolicy,
} from './ai-http.js';
import { LlmClient } from './llm-client.js';

const policy: RetryPolicy = { baseDelayMs: 20, maxDelayMs: 200, maxRetryAfterMs: 3_000 };
const hello = { messages: [{ role: 'user' as const, content: '你好' }] };

describe('retry timing', () => {
  it('doubles the back-off from the base up to the cap, the upper half of each wait random', () => {
    const slow: RetryPolicy = { baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 };
    const shortest = [1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, slow, () => 0));
    const longest = [1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, slow, () => 0.999_999));
    expect(shortest).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);
    expect(longest).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('reads Retry-After in seconds or as a date, and retry-after-ms before it', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    const wait = (headers: Record<string, string>) => retryAfterMs(new Headers(headers), now);
    expect(wait({ 'retry-after': '3' })).toBe(3000);
    expect(wait({ 'retry-after': '0.5' })).toBe(500);
    expect(wait({ 'retry-after': 'Sun, 29 Nov 2026 00:00:05 GMT' })).toBe(5000);
    expect(wait({ 'retry-after': 'Sat, 28 Nov 2026 23:00:00 GMT' })).toBe(0);
    expect(wait({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
    expect(wait({ 'retry-after': 'soon' })).toBeNull();
    expect(wait({})).toBeNull();
  });
});

describe('calls to an AI service (a local fake server)', () => {
  let server: FakeAiServer;
  beforeAll(async () => {
    server = await startFakeAiServer({ apiKey: 'test-key' });
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  const settings = (change: Partial<AiServiceSettings> = {}): AiServiceSettings => ({
    baseUrl: server.baseUrl,
    apiKey: 'test-key',
    model: 'fake-chat',
    timeoutMs: 5_000,
    retries: 3,
    concurrency: 4,
    ...change,
  });
  const llm = (change: Partial<AiServiceSettings> = {}, retry = policy) =>
    new LlmClient(new AiHttpClient('llm', settings(change), retry));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('the call succeeded'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(AiServiceError);
        return error as AiServiceError;
      },
    );

  it('tries a 500 again after the back-off and reports the attempts the answer took', async () => {
    server.failNext(2, 500);
    const answer = await llm().chat(hello);
    expect(answer.text).toBe('[fake] hello');
    expect(answer.usage).toMatchObject({ provider: 'llm', model: 'fake-chat', attempts: 3 });
    expect(server.requests).toHaveLength(3);
    // Each attempt sends the same request with the key.
    expect(new Set(server.requests.map((r) => JSON.stringify([r.authorization, r.body])))).toHaveProperty('size', 1);
    expect(server.requests[0]!.authorization).toBe('Bearer test-key');
  });

  it("waits as long as a 429's Retry-After asks before trying again", async () => {
    server.failNext(1, 429, { retryAfter: '1' });
    const started = performance.now();
    const answer = await llm().chat(hello);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(answer.usage.attempts).toBe(2);
  });

  it('fails at once when Retry-After asks for longer than it may wait', async () => {
    server.failNext(1, 429, { retryAfter: '120' });
    const started = performance.now();
    const error = await failure(llm().chat(hello));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ kind: 'http', status: 429, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('never tries a 4xx other than 429 again: a bad request, a wrong key', async () => {
    const bad = await failure(llm().chat({ messages: [] }));
    expect(bad).toMatchObject({ kind: 'http', status: 400, attempts: 1 });
    expect(bad.message).toContain('messages must be a non-empty list');
    const unauthorised = await failure(llm({ apiKey: 'wrong' }).chat(hello));
    expect(unauthorised).toMatchObject({ kind: 'http', status: 401, attempts: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('tries a cut connection again', async () => {
    server.dropNext(2);
    const answer = await llm().chat(hello);
    expect(answer.usage.attempts).toBe(3);
  });

  it('gives up after its retries with the last answer, how many attempts and how long it took', async () => {
    server.failNext(5, 503);
    const error = await failure(llm({ retries: 2 }).chat(hello));
    expect(error).toMatchObject({ kind: 'http', status: 503, attempts: 3, provider: 'llm', model: 'fake-chat' });
    expect(error.durationMs).toBeGreaterThanOrEqual(10 + 20);
    expect(server.requests).toHaveLength(3);
    server.failNext(2, 503);
    await llm({ retries: 0 })
      .chat(hello)
      .catch(() => undefined);
    expect(server.requests).toHaveLength(4);
    await llm().chat(hello);
  });

  it('stops an attempt at its time limit and tries again; past its retries, the call fails as timed out', async () => {
    server.delay(400);
    const started = performance.now();
    const error = await failure(llm({ timeoutMs: 100, retries: 1 }).chat(hello));
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(performance.now() - started).toBeLessThan(400 + 100);
    expect(server.requests).toHaveLength(2);
  });

  it('keeps at most its concurrency of requests in flight, the others waiting their turn', async () => {
    const client = new AiHttpClient('llm', settings({ concurrency: 2 }), policy);
    const chat = new LlmClient(client);
    server.delay(150);
    const calls = Array.from({ length: 6 }, () => chat.chat(hello));
    await expect.poll(() => client.inFlight).toBe(2);
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.text)).toEqual(Array(6).fill('[fake] hello'));
    expect(server.maxInFlight).toBe(2);
    expect(client.inFlight).toBe(0);
  });

  it('stops when the caller aborts, also while waiting to try again, and does not try after that', async () => {
    server.failNext(10, 500);
    const controller = new AbortController();
    const slow: RetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 5_000, maxRetryAfterMs: 5_000 };
    const call = llm({}, slow).chat({ ...hello, signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    const error = await failure(call);
    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });
});
