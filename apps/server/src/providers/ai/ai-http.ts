/**
 * The one way to an AI service over HTTP (the OpenAI-compatible API: `/chat/completions`, `/audio/...`): each
 * attempt holds one of the service's concurrency slots and has its own time limit; 429, 5xx, network failures and
 * timeouts are tried again after an exponential back-off with jitter, or after the `Retry-After` the service asked
 * for; any other answer (400, 401, 404, 413, …) fails at once. A caller's abort stops it, waiting or not.
 */
import { Semaphore } from '../../semaphore.js';

/** The services, and the built-in voice that stands in for speech synthesis. */
export type AiProvider = 'llm' | 'asr' | 'tts' | 'espeak';

/** One service as configured (LLM_*, ASR_*, TTS_*). */
export interface AiServiceSettings {
  /** Ends before `/chat/completions` or `/audio/...`, without a trailing slash (`https://api.deepseek.com/v1`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; null for a self-hosted server that wants none. */
  apiKey: string | null;
  model: string;
  /** Time limit of one attempt, the answer's body included. */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** Requests to this service in flight at once, per server process. */
  concurrency: number;
}

/** How long to wait between attempts. */
export interface RetryPolicy {
  /** The first back-off; each later one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this fails the call instead of holding the job that long. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 };

export type AiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid' | 'process' | 'unconfigured';

/** A call that did not succeed; it says which service and model, and what the call cost in attempts and time. */
export class AiServiceError extends Error {
  override name = 'AiServiceError';
  constructor(
    message: string,
    readonly provider: AiProvider,
    readonly model: string,
    readonly kind: AiErrorKind,
    readonly details: {
      status?: number;
      attempts?: number;
      durationMs?: number;
      /** What a call whose answer could not be used still spent (an LLM's tokens). */
      usage?: AiUsage;
    } = {},
  ) {
    super(message);
  }

  get status(): number | null {
    return this.details.status ?? null;
  }

  get attempts(): number {
    return this.details.attempts ?? 1;
  }

  get durationMs(): number {
    return this.details.durationMs ?? 0;
  }

  get usage(): AiUsage | null {
    return this.details.usage ?? null;
  }

  /** The same error once the call is over: how many attempts it made and how long it took in all. */
  after(attempts: number, durationMs: number): AiServiceError {
    return new AiServiceError(this.message, this.provider, this.model, this.kind, {
      ...this.details,
      attempts,
      durationMs,
    });
  }

  /** The same error for an answer that came but could not be used, with what the call spent. */
  spent(usage: AiUsage): AiServiceError {
    const { attempts, durationMs } = usage;
    return new AiServiceError(this.message, this.provider, this.model, this.kind, {
      ...this.details,
      attempts,
      durationMs,
      usage,
    });
  }
}

/** What one call used, for the usage record: tokens (LLM), seconds of audio (ASR), characters (speech). */
export interface AiUsage {
  provider: AiProvider;
  model: string;
  unit: 'tokens' | 'seconds' | 'characters';
  units: number;
  /** Prompt and completion tokens (LLM only). */
  inputUnits?: number;
  outputUnits?: number;
  attempts: number;
  durationMs: number;
}

/**
 * The wait before attempt `attempt + 1`: `base × 2^(attempt-1)`, capped, of which the upper half is random so
 * that callers failing together do not come back together. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(full / 2 + (full / 2) * random());
}

/** The wait a 429 or 503 asks for (`retry-after-ms`, or `Retry-After` in seconds or as a date), in ms; null if none. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** Reads at most `limit` bytes of a body; more is an invalid answer (a service never sends that much). */
export async function readBody(response: Response, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new TooLargeBody(`the answer is larger than ${limit} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

class TooLargeBody extends Error {}

/** The first bytes of an error answer, for the log: enough to read a provider's message, never a whole page. */
async function errorText(response: Response): Promise<string> {
  try {
    const reader = response.body?.getReader();
    if (!reader) return '';
    const { value } = await reader.read();
    await reader.cancel().catch(() => undefined);
    return Buffer.from(value ?? new Uint8Array())
      .toString('utf8', 0, 500)
      .replace(/\s+/g, ' ')
      .trim();
  } catch {
    return '';
  }
}

export interface AiHttpOptions {
  fetch?: typeof fetch;
  /** The back-off's jitter, in [0, 1). */
  random?: () => number;
}

/** An attempt's body: made again for each attempt (a stream is read once). */
export type RequestBody = () => { body: string | FormData; contentType?: string };

/** A successful call's answer with what it took. */
export interface CallResult<T> {
  value: T;
  attempts: number;
  durationMs: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class AiHttpClient {
  private readonly slots: Semaphore;
  private readonly fetch: typeof fetch;
  private readonly random: () => number;

  constructor(
    readonly provider: Exclude<AiProvider, 'espeak'>,
    readonly settings: AiServiceSettings,
    private readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    options: AiHttpOptions = {},
  ) {
    this.slots = new Semaphore(
      () => settings.concurrency,
      () => this.error('cancelled while waiting for the service', 'aborted'),
    );
    this.fetch = options.fetch ?? globalThis.fetch;
    this.random = options.random ?? Math.random;
  }

  get model(): string {
    return this.settings.model;
  }

  /** Requests to the service in flight now. */
  get inFlight(): number {
    return this.slots.active;
  }

  error(message: string, kind: AiErrorKind, status?: number): AiServiceError {
    return new AiServiceError(`${this.provider}: ${message}`, this.provider, this.settings.model, kind, { status });
  }

  /**
   * POSTs `body` to `path` (below the base URL) and hands a successful answer to `read`, within the same attempt
   * (a body cut off half-way is tried again). `read` throws an `AiServiceError` of kind `invalid` for an answer it
   * cannot use; that is not tried again.
   */
  async post<T>(
    path: string,
    body: RequestBody,
    read: (response: Response, signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<CallResult<T>> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.attempt(path, body, read, signal);
      if ('value' in outcome) return { value: outcome.value, attempts: attempt, durationMs: elapsed() };
      const { error, retryAfter } = outcome;
      const retryable =
        error.kind === 'network' ||
        error.kind === 'timeout' ||
        (error.kind === 'http' && (error.status === 429 || (error.status ?? 0) >= 500));
      if (!retryable || attempt > this.settings.retries) throw error.after(attempt, elapsed());
      if (retryAfter !== null && retryAfter > this.policy.maxRetryAfterMs) {
        throw this.error(
          `${error.message}; asked to wait ${retryAfter} ms`,
          error.kind,
          error.status ?? undefined,
        ).after(attempt, elapsed());
      }
      try {
        await sleep(retryAfter ?? backoffDelay(attempt, this.policy, this.random), signal);
      } catch {
        throw this.error('cancelled', 'aborted').after(attempt, elapsed());
      }
    }
  }

  private async attempt<T>(
    path: string,
    body: RequestBody,
    read: (response: Response, signal: AbortSignal) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<{ value: T } | { error: AiServiceError; retryAfter: number | null }> {
    try {
      await this.slots.take(signal);
    } catch (error) {
      return { error: error as AiServiceError, retryAfter: null };
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.settings.timeoutMs);
    const attemptSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      const { body: payload, contentType } = body();
      const headers: Record<string, string> = { accept: 'application/json, audio/*' };
      if (contentType) headers['content-type'] = contentType;
      if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
      const response = await this.fetch(`${this.settings.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: payload,
        signal: attemptSignal,
        // A base URL that redirects is a misconfiguration: following it would send the key and body elsewhere.
        redirect: 'error',
      });
      if (!response.ok) {
        const text = await errorText(response);
        return {
          error: this.error(`answered ${response.status}${text ? `: ${text}` : ''}`, 'http', response.status),
          retryAfter: retryAfterMs(response.headers),
        };
      }
      return { value: await read(response, attemptSignal) };
    } catch (error) {
      if (error instanceof AiServiceError) return { error, retryAfter: null };
      if (signal?.aborted) return { error: this.error('cancelled', 'aborted'), retryAfter: null };
      if (timeout.signal.aborted) {
        return { error: this.error(`no answer within ${this.settings.timeoutMs} ms`, 'timeout'), retryAfter: null };
      }
      if (error instanceof TooLargeBody) return { error: this.error(error.message, 'invalid'), retryAfter: null };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      return { error: this.error(`could not be reached (${reason})`, 'network'), retryAfter: null };
    } finally {
      clearTimeout(timer);
      this.slots.give();
    }
  }
}
