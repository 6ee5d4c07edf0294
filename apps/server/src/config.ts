/**
 * Configuration, parsed once from the environment with zod. Every variable is documented where it is parsed;
 * an invalid value stops start-up with a message naming the variable.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_DEFAULT_QUOTA_BYTES, MEDIA_MAX_FILE_BYTES } from '@cc/contracts';
import { z } from 'zod';
import { DEFAULT_VIDEO_PRESET, VIDEO_PRESETS, type VideoPreset } from './modules/tool/video/encode.js';
import type { AiSettings } from './providers/ai/ai-providers.js';
import { DEFAULT_RETRY_POLICY, type AiServiceSettings } from './providers/ai/ai-http.js';
import type { AlipayTrust } from './providers/payment/alipay-client.js';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const positiveInt = z.coerce.number().int().positive();
/** An optional setting that an empty value (`LLM_API_KEY=` in an env file) leaves unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
/** An AI service's base URL: http(s), ending before the API's paths as the OpenAI SDKs want it. */
const aiBaseUrl = optional(
  z
    .url({ protocol: /^https?$/, error: 'an http or https URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .refine((v) => !/\/(chat\/completions|audio(\/\w+)?)$/.test(v), {
      error: 'must end before /chat/completions or /audio/... (e.g. https://api.deepseek.com/v1)',
    })
    .refine((v) => !/[?#]/.test(v), { error: 'must carry no query or fragment' }),
);
const aiRetries = z.coerce.number().int().min(0).max(10);
const aiConcurrency = z.coerce.number().int().min(1).max(64);
/** The voices of OpenAI's speech API, which most compatible servers also answer to. */
const DEFAULT_TTS_VOICES = 'alloy:Alloy,echo:Echo,fable:Fable,onyx:Onyx,nova:Nova,shimmer:Shimmer';

const envSchema = z.object({
  /** `development` (default), `test` or `production`. Production refuses development drivers. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Address the HTTP server binds to. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder for the embedded profile: the SQLite file and local media. Relative paths start at the working directory. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string. When unset the embedded SQLite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Redis connection string. When set, rate limits are shared by every API server through Redis and jobs run on BullMQ. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key this product writes (several deployments can share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('cc:'),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated brands accepted in the `vendor` request header. */
  VENDORS: list.default(['default']),
  /** Secret for hashing SMS codes (HMAC). Required in production, at least 32 characters. */
  APP_SECRET: z.string().min(32).optional(),
  /**
   * Key of the personal data encrypted at rest (ID, bank card and Alipay account numbers): 32 bytes as 64 hex
   * characters or as base64 (`openssl rand -hex 32`). Required in production; development derives a stable key
   * from APP_SECRET and warns. Losing it makes the encrypted columns unreadable: keep it with the database backups.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, '32 bytes as hex or base64')
    .optional(),
  /** `console` (development: logs codes, keeps an outbox) or `aliyun` (Alibaba Cloud SMS). */
  SMS_DRIVER: z.enum(['console', 'aliyun']).default('console'),
  /** Alibaba Cloud AccessKey id for the SMS API. */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  /** Alibaba Cloud AccessKey secret for the SMS API. */
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  /** Approved SMS signature name (签名名称). */
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  /** Approved template code for verification codes; the template takes `${code}`. */
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** SMS API endpoint host. */
  ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
  /** `https` (default) or `http`; http is only for a local protocol peer in tests. */
  ALIYUN_SMS_PROTOCOL: z.enum(['https', 'http']).default('https'),
  /** Let NODE_ENV=production start with development drivers (a staging box). Off by default. */
  ALLOW_DEV_DRIVERS: bool,
  /**
   * Let development routes (`/dev/...`: SMS outbox, Alipay sandbox) answer callers on other machines, e.g. a phone
   * paying a sandbox QR on the LAN. Off by default: they answer only to loopback callers.
   */
  DEV_ROUTES_PUBLIC: bool,
  /** Comma-separated origins allowed by CORS. Empty (default) closes CORS: the web app is served same-origin. */
  CORS_ORIGINS: list.default([]),
  /**
   * Whose `X-Forwarded-For`/`-Proto`/`-Host` to believe: `false` (default: the peer is the client), `true` (every
   * peer: only when nothing but the load balancer can reach the server), or a comma-separated list of the proxies'
   * addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`). Behind a TLS-terminating proxy it makes the request's protocol
   * https, so the QR login cookie is `Secure` and the client IP of the rate limits is the real one.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | string[] => {
      if (['', 'false', '0'].includes(v)) return false;
      if (['true', '1'].includes(v)) return true;
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    })
    .refine(
      (v) => typeof v === 'boolean' || v.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a)),
      'true, false or a comma-separated list of addresses or CIDR ranges',
    ),
  /** Requests per minute per client IP across the API. */
  RATE_LIMIT_PER_IP: positiveInt.default(600),
  /**
   * Requests per minute one partner app server (one IP) may send to the signed open API (`/open/v1/...`): apps
   * report orders in bursts, so they get their own, much larger budget instead of the per-IP API limit.
   */
  RATE_LIMIT_OPEN_PER_IP: positiveInt.default(20_000),
  /**
   * Alipay's payment notifications (`/pay/alipay/notify`) one IP may send per minute: generous, since Alipay's few
   * servers retry in bursts; a flood from elsewhere meets signature checks at this rate only.
   */
  RATE_LIMIT_NOTIFY_PER_IP: positiveInt.default(1200),
  /** Requests per minute per logged-in user across the API. */
  RATE_LIMIT_PER_USER: positiveInt.default(300),
  /** SMS codes of one purpose one client IP may request per hour, across all phones. */
  SMS_LIMIT_PER_IP_PER_HOUR: positiveInt.default(30),
  /** SMS codes of one purpose one client IP may request per Beijing day, across all phones. */
  SMS_LIMIT_PER_IP_PER_DAY: positiveInt.default(200),
  /**
   * Counted clicks one IP may add to one promotion link in 24 h (ADR 0009). Every visit is still recorded; beyond
   * the cap visits count 0. One visitor (IP + User-Agent) counts at most once in 24 h regardless.
   */
  CLICK_CAP_PER_IP_PER_DAY: positiveInt.default(3),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  /** Folder of the built web app to serve at `/`. Skipped when it does not exist. */
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  /**
   * The customer service's WeChat ID, beside the support poster's QR: a phone cannot scan its own screen,
   * so the support popover offers to copy the ID. Empty leaves the copy action out.
   */
  SUPPORT_WECHAT_ID: z.string().trim().max(64).default(''),
  /**
   * When PUBLIC_BASE_URL is unset: the hosts (`name` for any port, or `name:port`) whose address the login QR may
   * lead to, taken from the request's Host. Any other Host gets the default address: a forged Host header never
   * makes a link. To let a phone on the LAN scan, add the machine's LAN address here or set PUBLIC_BASE_URL.
   */
  PUBLIC_HOSTS: list.default(['localhost', '127.0.0.1', '[::1]']),
  /**
   * Public address of this product, used in links that leave the browser (promotion links `/s/{code}`, payment
   * callbacks). Defaults to http://localhost:PORT with a warning at start-up. Pages and media of this origin are
   * served by relative paths, so the app works at any address regardless.
   */
  PUBLIC_BASE_URL: z.url().optional(),
  /** Bearer token of the operator API (`/ops/v1/...`) until the operator console exists. Unset: the API is closed. */
  OPERATOR_TOKEN: z.string().min(24).optional(),
  /** `sandbox` (development: the built-in Alipay sandbox gateway) or `alipay` (the real Alipay OpenAPI). */
  PAYMENT_DRIVER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  /** Alipay app id (alipay driver). */
  ALIPAY_APP_ID: z.string().optional(),
  /** The app's RSA2 private key, PEM (PKCS1 or PKCS8; `\n` escapes allowed). */
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  /** Alipay's RSA2 public key, PEM, for response and notification signatures (ALIPAY_MODE=key). */
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  /**
   * `key` (default): public-key mode (ALIPAY_PUBLIC_KEY). `cert`: public-key certificate mode (公钥证书), which
   * Alipay requires for transfers to Alipay accounts: ALIPAY_APP_CERT, ALIPAY_PUBLIC_CERT and ALIPAY_ROOT_CERT. The
   * sandbox driver runs in either mode, issuing its own certificates in `cert` mode.
   */
  ALIPAY_MODE: z.enum(['key', 'cert']).default('key'),
  /** The app's public-key certificate (appCertPublicKey_<appid>.crt): a PEM, or the path of the file holding it. */
  ALIPAY_APP_CERT: z.string().optional(),
  /** Alipay's public-key certificate (alipayCertPublicKey_RSA2.crt): a PEM, or the path of its file. */
  ALIPAY_PUBLIC_CERT: z.string().optional(),
  /** Alipay's root certificate (alipayRootCert.crt, several certificates): a PEM, or the path of its file. */
  ALIPAY_ROOT_CERT: z.string().optional(),
  /** Alipay gateway. Defaults to the production gateway (alipay) or this server's sandbox (sandbox). */
  ALIPAY_GATEWAY: z.url().optional(),
  /** Seed demo data on start (embedded profile). */
  SEED_DEMO: bool,
  /** `inline` (default): the server process also runs background jobs; `off`: API only, jobs run in `npm run worker`. */
  JOB_WORKERS: z.enum(['inline', 'off']).default('inline'),
  /** Seconds a share waits after its order before it settles into the wallet (259200 = 3 days). */
  SETTLEMENT_HOLD_SECONDS: z.coerce.number().int().min(0).default(259200),
  /** Leader share rate, basis points, for a leader whose own team_share_rate is not set (ADR 0012; 1000 = 10 %). */
  TEAM_SHARE_RATE_BP: z.coerce.number().int().min(0).max(10000).default(1000),
  /** Invite share rate, basis points, paid to the leader's own leader (ADR 0012; 200 = 2 %). */
  INVITE_SHARE_RATE_BP: z.coerce.number().int().min(0).max(10000).default(200),
  /** Where library media live: `local` (DATA_DIR/library) or `s3` (S3_* below). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible object storage for MEDIA_STORAGE=s3: endpoint (empty for AWS), region, bucket and keys. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style bucket addresses (MinIO and most self-hosted S3 servers need it). */
  S3_FORCE_PATH_STYLE: bool,
  /** Largest single upload, bytes (default 2 GiB, the contracts' MEDIA_MAX_FILE_BYTES the web app also knows). */
  MEDIA_MAX_FILE_BYTES: positiveInt.default(MEDIA_MAX_FILE_BYTES),
  /** Library space per creator, bytes (default 20 GiB, the contracts' MEDIA_DEFAULT_QUOTA_BYTES). */
  MEDIA_QUOTA_BYTES: positiveInt.default(MEDIA_DEFAULT_QUOTA_BYTES),
  /**
   * Hours an unfinished upload may take from its creation (default 24): the tus answers announce the moment in
   * `Upload-Expires`; after it the upload answers 410 and `media.upload-sweep` removes it and frees its quota.
   */
  MEDIA_UPLOAD_EXPIRY_HOURS: positiveInt.default(24),
  /** Largest picture the server decodes (an upload beyond is refused after probing, before any frame decodes). */
  MEDIA_MAX_WIDTH: positiveInt.default(4096),
  MEDIA_MAX_HEIGHT: positiveInt.default(4096),
  /** Highest frame rate, frames per second, of a video the server decodes. */
  MEDIA_MAX_FPS: positiveInt.default(120),
  /** Longest video the server decodes, minutes. */
  MEDIA_MAX_DURATION_MINUTES: positiveInt.default(240),
  /** Most streams (video, audio, subtitles, data) one file may hold. */
  MEDIA_MAX_STREAMS: positiveInt.default(8),
  /** Wall-clock limit of one ffprobe, seconds; its process group is killed past it. */
  MEDIA_PROBE_TIMEOUT_SECONDS: positiveInt.default(10),
  /** Wall-clock seconds one ffmpeg (poster, render, analysis) may take per second of media, at least 60 s. */
  MEDIA_PROCESS_SECONDS_PER_SECOND: positiveInt.default(10),
  /** Ceiling of any one ffmpeg's wall-clock time, minutes. */
  MEDIA_PROCESS_TIMEOUT_MAX_MINUTES: positiveInt.default(30),
  /** ffmpeg/ffprobe processes of one kind (probe, poster, render, analysis) running at once per server process. */
  MEDIA_PROCESS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Address-space ceiling of each ffmpeg/ffprobe (`prlimit --as`), MiB; 0 turns it off. */
  MEDIA_PROCESS_MEMORY_MB: z.coerce.number().int().min(0).default(4096),
  /** Threads of each ffmpeg's decoders, filters and encoder. */
  MEDIA_PROCESS_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  /** Cover and avatar images one creator may upload per hour. */
  IMAGE_UPLOADS_PER_HOUR: positiveInt.default(30),
  /** Bytes one creator's kept images may take (unused ones are removed a day after their upload); default 50 MiB. */
  IMAGE_SPACE_BYTES: positiveInt.default(50 * 1024 ** 2),
  /** Live job progress streams (server-sent events) one creator may hold open at once, per API process. */
  SSE_STREAMS_PER_CREATOR: positiveInt.default(10),
  /** Live job progress streams one client IP may hold open at once, per API process. */
  SSE_STREAMS_PER_IP: positiveInt.default(30),
  /** Media upload bodies (tus PATCH) one creator may be sending at once, per API process: a slow sender holds one. */
  MEDIA_UPLOAD_WRITES_PER_CREATOR: positiveInt.default(6),
  /** Media upload bodies one client IP may be sending at once, per API process. */
  MEDIA_UPLOAD_WRITES_PER_IP: positiveInt.default(30),
  /**
   * x264 preset of tool renders (default `veryfast`, which suits 2 cores); read here only and passed to the tool
   * runner, so an unknown preset stops start-up instead of failing every render.
   */
  VIDEO_PRESET: z.enum(VIDEO_PRESETS).default(DEFAULT_VIDEO_PRESET),
  /** Video tool jobs (ffmpeg processes) one worker process runs at once; 1 suits 2 cores. */
  TOOL_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Price of 批量去重 in points: "per output,per started minute of output". */
  TOOL_PRICE_DEDUP: z
    .string()
    .regex(/^\d+,\d+$/, 'expected "per_output,per_minute"')
    .default('2,2'),
  /** Price of 高能混剪 in points: "per output,per started minute of output". */
  TOOL_PRICE_MIXCUT: z
    .string()
    .regex(/^\d+,\d+$/, 'expected "per_output,per_minute"')
    .default('10,5'),
  /** Price of 字幕翻译 in points: "per output,per started minute of output" (one output per source video). */
  TOOL_PRICE_TRANSLATE: z
    .string()
    .regex(/^\d+,\d+$/, 'expected "per_output,per_minute"')
    .default('5,5'),
  /** Price of 短剧解析 in points: "per episode,per started minute of episode" (outputs are the episodes read). */
  TOOL_PRICE_PARSE: z
    .string()
    .regex(/^\d+,\d+$/, 'expected "per_output,per_minute"')
    .default('0,1'),
  /** Price of 影视解说 in points: "per output,per started minute of output" (the minutes priced on the narration). */
  TOOL_PRICE_COMMENTARY: z
    .string()
    .regex(/^\d+,\d+$/, 'expected "per_output,per_minute"')
    .default('10,8'),
  /** A tool job still running after this many minutes is stopped, failed and refunded. */
  TOOL_JOB_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Language service (LLM) base URL, OpenAI-compatible, ending before `/chat/completions`; unset turns it off. */
  LLM_BASE_URL: aiBaseUrl,
  /** Language service API key, sent as `Authorization: Bearer`; unset for a server that wants none. */
  LLM_API_KEY: optional(z.string().trim()),
  /** Language service model (`deepseek-chat`); required with LLM_BASE_URL. */
  LLM_MODEL: optional(z.string().trim()),
  /** Seconds one language request may take, its answer included. */
  LLM_TIMEOUT_SECONDS: positiveInt.default(120),
  /** Language requests tried again after a 429, 5xx, network failure or timeout. */
  LLM_RETRIES: aiRetries.default(3),
  /** Language requests in flight at once per server process. */
  LLM_CONCURRENCY: aiConcurrency.default(4),
  /** Speech recognition (ASR) base URL, OpenAI-compatible, ending before `/audio/transcriptions`; unset turns it off. */
  ASR_BASE_URL: aiBaseUrl,
  /** Speech recognition API key (Bearer); unset for a server that wants none. */
  ASR_API_KEY: optional(z.string().trim()),
  /** Speech recognition model (`whisper-1`, `Systran/faster-whisper-small`); required with ASR_BASE_URL. */
  ASR_MODEL: optional(z.string().trim()),
  /** Seconds one recognition request may take, the upload included. */
  ASR_TIMEOUT_SECONDS: positiveInt.default(300),
  /** Recognition requests tried again after a 429, 5xx, network failure or timeout. */
  ASR_RETRIES: aiRetries.default(2),
  /** Recognition requests in flight at once per server process. */
  ASR_CONCURRENCY: aiConcurrency.default(2),
  /** Speech synthesis (TTS) base URL, OpenAI-compatible, ending before `/audio/speech`; unset: built-in voice only. */
  TTS_BASE_URL: aiBaseUrl,
  /** Speech synthesis API key (Bearer); unset for a server that wants none. */
  TTS_API_KEY: optional(z.string().trim()),
  /** Speech synthesis model (`tts-1`, `kokoro`); required with TTS_BASE_URL. */
  TTS_MODEL: optional(z.string().trim()),
  /** Seconds one synthesis request may take, the audio included. */
  TTS_TIMEOUT_SECONDS: positiveInt.default(60),
  /** Synthesis requests tried again after a 429, 5xx, network failure or timeout. */
  TTS_RETRIES: aiRetries.default(3),
  /** Synthesis requests in flight at once per server process. */
  TTS_CONCURRENCY: aiConcurrency.default(4),
  /** The speech service's voices offered to creators, comma-separated `id:名称` (ids hold no colon; default: OpenAI's six). */
  TTS_VOICES: z
    .string()
    .default(DEFAULT_TTS_VOICES)
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const at = entry.indexOf(':');
          const id = (at < 0 ? entry : entry.slice(0, at)).trim();
          return { id, name: (at < 0 ? id : entry.slice(at + 1)).trim() || id };
        }),
    )
    .refine((voices) => voices.length > 0 && voices.every((voice) => voice.id !== ''), {
      error: 'at least one voice, each `id` or `id:名称`',
    }),
  /** Milliseconds before the first retry of an AI request; each later wait doubles, up to 30 s. */
  AI_RETRY_BASE_MS: positiveInt.default(DEFAULT_RETRY_POLICY.baseDelayMs),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redis: { url: string; prefix: string } | null;
  logLevel: string;
  vendors: string[];
  appSecret: string;
  /** 32-byte key for AES-256-GCM and the look-up HMAC of personal data; `derived` when made from the dev secret. */
  dataEncryption: { key: Buffer; derived: boolean };
  sms:
    | { driver: 'console' }
    | {
        driver: 'aliyun';
        accessKeyId: string;
        accessKeySecret: string;
        signName: string;
        templateCode: string;
        endpoint: string;
        protocol: 'https' | 'http';
      };
  /** DEV_ROUTES_PUBLIC: development routes answer non-loopback callers too. */
  devRoutesPublic: boolean;
  corsOrigins: string[];
  /** TRUST_PROXY: Fastify's `trustProxy` (all peers, none, or these addresses and ranges). */
  trustProxy: boolean | string[];
  rateLimit: {
    perIp: number;
    openPerIp: number;
    notifyPerIp: number;
    perUser: number;
    smsPerIpPerHour: number;
    smsPerIpPerDay: number;
  };
  /** IMAGE_UPLOADS_PER_HOUR, IMAGE_SPACE_BYTES. */
  images: { uploadsPerHour: number; spaceBytes: number };
  /** SSE_STREAMS_PER_CREATOR, SSE_STREAMS_PER_IP. */
  streams: { perCreator: number; perIp: number };
  bodyLimit: number;
  /** CLICK_CAP_PER_IP_PER_DAY. */
  clickCapPerIpPerDay: number;
  webDistDir: string;
  /** The customer service's WeChat ID shown with the support poster; '' when none. */
  supportWechatId: string;
  seedDemo: boolean;
  publicBaseUrl: string;
  /** Whether PUBLIC_BASE_URL was set; unset, links others open point at localhost and start-up warns. */
  publicBaseUrlSet: boolean;
  /** PUBLIC_HOSTS, lower-cased. */
  publicHosts: string[];
  /** How this server reaches itself (the sandbox gateway and its notifications). */
  internalBaseUrl: string;
  operatorToken: string | null;
  payment:
    | { driver: 'sandbox'; gateway: string | null; mode: 'key' | 'cert' }
    | { driver: 'alipay'; appId: string; privateKey: string; trust: AlipayTrust; gateway: string };
  /** Whether the server process runs job workers (the worker entry always does). */
  jobWorkers: 'inline' | 'off';
  /** SETTLEMENT_HOLD_SECONDS, TEAM_SHARE_RATE_BP, INVITE_SHARE_RATE_BP. */
  settlement: { holdSeconds: number; teamShareRateBp: number; inviteShareRateBp: number };
  /** MEDIA_*, S3_*: the media library's storage and limits; signed file links are keyed by APP_SECRET. */
  media: {
    storage:
      | { kind: 'local'; root: string }
      | {
          kind: 's3';
          endpoint: string | null;
          region: string;
          bucket: string;
          accessKeyId: string;
          secretAccessKey: string;
          forcePathStyle: boolean;
        };
    maxFileBytes: number;
    quotaBytes: number;
    uploadExpiryMs: number;
    /** MEDIA_MAX_*: what the server decodes at most (seconds for the duration). */
    limits: { maxWidth: number; maxHeight: number; maxFps: number; maxDuration: number; maxStreams: number };
    /** MEDIA_PROBE_*, MEDIA_PROCESS_*: every ffmpeg/ffprobe's time, concurrency and memory (ms, bytes). */
    /** MEDIA_UPLOAD_WRITES_*: upload bodies being received at once per creator and per IP. */
    uploadWrites: { perCreator: number; perIp: number };
    processes: {
      probeTimeoutMs: number;
      secondsPerMediaSecond: number;
      timeoutCeilingMs: number;
      concurrency: number;
      memoryBytes: number;
      threads: number;
      /** MEDIA_MAX_WIDTH × MEDIA_MAX_HEIGHT: the largest picture ffmpeg decodes, also after the probed ones. */
      maxPixels: number;
    };
  };
  /** TOOL_*, VIDEO_PRESET: video tool jobs — concurrency per worker, prices in points, time limit, scratch folder. */
  tool: {
    concurrency: number;
    prices: Record<'dedup' | 'mixcut' | 'translate' | 'parse' | 'commentary', { perOutput: number; perMinute: number }>;
    timeoutMs: number;
    workDir: string;
    /** x264 preset of every render. */
    videoPreset: VideoPreset;
  };
  /** LLM_*, ASR_*, TTS_*, AI_RETRY_BASE_MS: the AI services (null when not configured), their limits and voices. */
  ai: AiSettings;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEV_SECRET = 'development-only-secret-not-for-production-use';

function dataEncryptionKey(given: string | undefined, appSecret: string): AppConfig['dataEncryption'] {
  if (!given) return { key: createHash('sha256').update(`data-encryption:${appSecret}`).digest(), derived: true };
  const key = /^[0-9a-fA-F]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
  return { key, derived: false };
}

/** Reads and validates the environment. Throws ConfigError naming each invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';

  if (production && !e.APP_SECRET) problems.push('APP_SECRET: required when NODE_ENV=production');
  if (production && !e.DATA_ENCRYPTION_KEY) {
    problems.push('DATA_ENCRYPTION_KEY: required when NODE_ENV=production (32 bytes, e.g. openssl rand -hex 32)');
  }
  if (production && e.SMS_DRIVER === 'console' && !e.ALLOW_DEV_DRIVERS) {
    problems.push('SMS_DRIVER: the console driver is for development; set SMS_DRIVER=aliyun in production');
  }
  let sms: AppConfig['sms'] = { driver: 'console' };
  if (e.SMS_DRIVER === 'aliyun') {
    const required = [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ] as const;
    for (const name of required) if (!e[name]) problems.push(`${name}: required when SMS_DRIVER=aliyun`);
    sms = {
      driver: 'aliyun',
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      endpoint: e.ALIYUN_SMS_ENDPOINT,
      protocol: e.ALIYUN_SMS_PROTOCOL,
    };
  }
  if (production && e.PAYMENT_DRIVER === 'sandbox' && !e.ALLOW_DEV_DRIVERS) {
    problems.push('PAYMENT_DRIVER: the Alipay sandbox is for development; set PAYMENT_DRIVER=alipay in production');
  }
  const pem = (value: string | undefined) => (value ?? '').replace(/\\n/g, '\n');
  let payment: AppConfig['payment'] = { driver: 'sandbox', gateway: e.ALIPAY_GATEWAY ?? null, mode: e.ALIPAY_MODE };
  if (e.PAYMENT_DRIVER === 'alipay') {
    const certs = ['ALIPAY_APP_CERT', 'ALIPAY_PUBLIC_CERT', 'ALIPAY_ROOT_CERT'] as const;
    const needed = [
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY',
      ...(e.ALIPAY_MODE === 'cert' ? certs : ['ALIPAY_PUBLIC_KEY']),
    ];
    for (const name of needed as (keyof Env)[]) {
      if (!e[name]) problems.push(`${name}: required when PAYMENT_DRIVER=alipay and ALIPAY_MODE=${e.ALIPAY_MODE}`);
    }
    /** A certificate given as its PEM or as the path of its file. */
    const cert = (name: (typeof certs)[number]) => {
      const value = e[name] ?? '';
      if (value === '' || value.includes('-----BEGIN')) return pem(value);
      try {
        return fs.readFileSync(value, 'utf8');
      } catch {
        problems.push(`${name}: neither a PEM certificate nor a readable file (${value})`);
        return '';
      }
    };
    payment = {
      driver: 'alipay',
      appId: e.ALIPAY_APP_ID ?? '',
      privateKey: pem(e.ALIPAY_PRIVATE_KEY),
      trust:
        e.ALIPAY_MODE === 'cert'
          ? {
              mode: 'cert',
              appCert: cert('ALIPAY_APP_CERT'),
              alipayPublicCert: cert('ALIPAY_PUBLIC_CERT'),
              alipayRootCert: cert('ALIPAY_ROOT_CERT'),
            }
          : { mode: 'key', alipayPublicKey: pem(e.ALIPAY_PUBLIC_KEY) },
      gateway: e.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
    };
  }
  if (e.VENDORS.length === 0) problems.push('VENDORS: at least one vendor is required');
  const ai: AiSettings = {
    llm: aiService(e, 'LLM', problems),
    asr: aiService(e, 'ASR', problems),
    tts: aiService(e, 'TTS', problems),
    ttsVoices: e.TTS_VOICES,
    retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: e.AI_RETRY_BASE_MS },
  };
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'creator-center.sqlite') },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_KEY_PREFIX } : null,
    logLevel: e.LOG_LEVEL,
    vendors: e.VENDORS,
    appSecret: e.APP_SECRET ?? DEV_SECRET,
    dataEncryption: dataEncryptionKey(e.DATA_ENCRYPTION_KEY, e.APP_SECRET ?? DEV_SECRET),
    sms,
    devRoutesPublic: e.DEV_ROUTES_PUBLIC,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      perIp: e.RATE_LIMIT_PER_IP,
      openPerIp: e.RATE_LIMIT_OPEN_PER_IP,
      notifyPerIp: e.RATE_LIMIT_NOTIFY_PER_IP,
      perUser: e.RATE_LIMIT_PER_USER,
      smsPerIpPerHour: e.SMS_LIMIT_PER_IP_PER_HOUR,
      smsPerIpPerDay: e.SMS_LIMIT_PER_IP_PER_DAY,
    },
    images: { uploadsPerHour: e.IMAGE_UPLOADS_PER_HOUR, spaceBytes: e.IMAGE_SPACE_BYTES },
    streams: { perCreator: e.SSE_STREAMS_PER_CREATOR, perIp: e.SSE_STREAMS_PER_IP },
    bodyLimit: e.BODY_LIMIT_BYTES,
    clickCapPerIpPerDay: e.CLICK_CAP_PER_IP_PER_DAY,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    supportWechatId: e.SUPPORT_WECHAT_ID,
    seedDemo: e.SEED_DEMO,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicBaseUrlSet: e.PUBLIC_BASE_URL !== undefined,
    publicHosts: e.PUBLIC_HOSTS.map((host) => host.toLowerCase()),
    internalBaseUrl: `http://127.0.0.1:${e.PORT}`,
    operatorToken: e.OPERATOR_TOKEN ?? null,
    payment,
    jobWorkers: e.JOB_WORKERS,
    settlement: {
      holdSeconds: e.SETTLEMENT_HOLD_SECONDS,
      teamShareRateBp: e.TEAM_SHARE_RATE_BP,
      inviteShareRateBp: e.INVITE_SHARE_RATE_BP,
    },
    media: {
      storage:
        e.MEDIA_STORAGE === 's3'
          ? {
              kind: 's3',
              endpoint: e.S3_ENDPOINT ?? null,
              region: e.S3_REGION,
              bucket: required(e.S3_BUCKET, 'S3_BUCKET'),
              accessKeyId: required(e.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID'),
              secretAccessKey: required(e.S3_SECRET_ACCESS_KEY, 'S3_SECRET_ACCESS_KEY'),
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : { kind: 'local', root: path.join(dataDir, 'library') },
      maxFileBytes: e.MEDIA_MAX_FILE_BYTES,
      quotaBytes: e.MEDIA_QUOTA_BYTES,
      uploadExpiryMs: e.MEDIA_UPLOAD_EXPIRY_HOURS * 3600_000,
      limits: {
        maxWidth: e.MEDIA_MAX_WIDTH,
        maxHeight: e.MEDIA_MAX_HEIGHT,
        maxFps: e.MEDIA_MAX_FPS,
        maxDuration: e.MEDIA_MAX_DURATION_MINUTES * 60,
        maxStreams: e.MEDIA_MAX_STREAMS,
      },
      uploadWrites: { perCreator: e.MEDIA_UPLOAD_WRITES_PER_CREATOR, perIp: e.MEDIA_UPLOAD_WRITES_PER_IP },
      processes: {
        probeTimeoutMs: e.MEDIA_PROBE_TIMEOUT_SECONDS * 1000,
        secondsPerMediaSecond: e.MEDIA_PROCESS_SECONDS_PER_SECOND,
        timeoutCeilingMs: e.MEDIA_PROCESS_TIMEOUT_MAX_MINUTES * 60_000,
        concurrency: e.MEDIA_PROCESS_CONCURRENCY,
        memoryBytes: e.MEDIA_PROCESS_MEMORY_MB * 1024 ** 2,
        threads: e.MEDIA_PROCESS_THREADS,
        maxPixels: e.MEDIA_MAX_WIDTH * e.MEDIA_MAX_HEIGHT,
      },
    },
    tool: {
      concurrency: e.TOOL_CONCURRENCY,
      prices: {
        dedup: toolPrice(e.TOOL_PRICE_DEDUP),
        mixcut: toolPrice(e.TOOL_PRICE_MIXCUT),
        translate: toolPrice(e.TOOL_PRICE_TRANSLATE),
        parse: toolPrice(e.TOOL_PRICE_PARSE),
        commentary: toolPrice(e.TOOL_PRICE_COMMENTARY),
      },
      timeoutMs: e.TOOL_JOB_TIMEOUT_MINUTES * 60_000,
      workDir: path.join(dataDir, 'work'),
      videoPreset: e.VIDEO_PRESET,
    },
    ai,
  };
}

/** One AI service's settings: null when its base URL is unset; its model is then required, and set alone refused. */
function aiService(
  e: z.output<typeof envSchema>,
  prefix: 'LLM' | 'ASR' | 'TTS',
  problems: string[],
): AiServiceSettings | null {
  const baseUrl = e[`${prefix}_BASE_URL`];
  const apiKey = e[`${prefix}_API_KEY`];
  const model = e[`${prefix}_MODEL`];
  if (!baseUrl) {
    if (model !== undefined || apiKey !== undefined) {
      problems.push(`${prefix}_BASE_URL: required when ${prefix}_MODEL or ${prefix}_API_KEY is set`);
    }
    return null;
  }
  if (!model) {
    problems.push(`${prefix}_MODEL: required when ${prefix}_BASE_URL is set`);
    return null;
  }
  return {
    baseUrl,
    apiKey: apiKey ?? null,
    model,
    timeoutMs: e[`${prefix}_TIMEOUT_SECONDS`] * 1000,
    retries: e[`${prefix}_RETRIES`],
    concurrency: e[`${prefix}_CONCURRENCY`],
  };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required when MEDIA_STORAGE=s3`);
  return value;
}

function toolPrice(text: string): { perOutput: number; perMinute: number } {
  const [perOutput = 0, perMinute = 0] = text.split(',').map(Number);
  return { perOutput, perMinute };
}
