import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_DEFAULT_QUOTA_BYTES, MEDIA_MAX_FILE_BYTES } from '@cc/contracts';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the embedded profile by default', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'creator-center.sqlite') });
    expect(config.vendors).toEqual(['default']);
    expect(config.sms).toEqual({ driver: 'console' });
    expect(config.corsOrigins).toEqual([]);
    expect(config.jobWorkers).toBe('inline');
    expect(config.devRoutesPublic).toBe(false);
    expect(config.clickCapPerIpPerDay).toBe(3);
  });

  it('reads the development-route and click-cap settings', () => {
    const config = loadConfig({ DEV_ROUTES_PUBLIC: 'true', CLICK_CAP_PER_IP_PER_DAY: '5' });
    expect(config.devRoutesPublic).toBe(true);
    expect(config.clickCapPerIpPerDay).toBe(5);
    expect(() => loadConfig({ CLICK_CAP_PER_IP_PER_DAY: '0' })).toThrow(/CLICK_CAP_PER_IP_PER_DAY/);
    expect(() => loadConfig({ DEV_ROUTES_PUBLIC: 'yes' })).toThrow(/DEV_ROUTES_PUBLIC/);
  });

  it("defaults the media quota and upload size to the contracts' values the web app shows", () => {
    const { media } = loadConfig({});
    expect(media.quotaBytes).toBe(MEDIA_DEFAULT_QUOTA_BYTES);
    expect(media.maxFileBytes).toBe(MEDIA_MAX_FILE_BYTES);
    expect(loadConfig({ MEDIA_QUOTA_BYTES: '1000' }).media.quotaBytes).toBe(1000);
  });

  it('reads overrides', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x', VENDORS: 'a, b', DATABASE_URL: 'postgres://u@h/db' });
    expect(config.port).toBe(9000);
    expect(config.mediaDir).toBe('/tmp/x/media');
    expect(config.vendors).toEqual(['a', 'b']);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(loadConfig({ JOB_WORKERS: 'off' }).jobWorkers).toBe('off');
  });

  it('reads VIDEO_PRESET into the tool settings, and refuses a preset x264 does not know', () => {
    expect(loadConfig({}).tool.videoPreset).toBe('veryfast');
    expect(loadConfig({ VIDEO_PRESET: 'ultrafast' }).tool.videoPreset).toBe('ultrafast');
    expect(() => loadConfig({ VIDEO_PRESET: 'warp' })).toThrow(ConfigError);
    expect(() => loadConfig({ VIDEO_PRESET: 'warp' })).toThrow(/VIDEO_PRESET/);
  });

  it('is the only reader of the environment, but for the start-up programs in bin/', () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const readers = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => file !== 'config.ts' && !file.startsWith(`bin${path.sep}`))
      .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('process.env'));
    expect(readers).toEqual([]);
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMS_DRIVER: 'pigeon' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOB_WORKERS: 'sometimes' })).toThrow(/JOB_WORKERS/);
  });

  it('refuses development drivers and a missing secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET[\s\S]*SMS_DRIVER/);
    const secret = 's'.repeat(32);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, SMS_DRIVER: 'aliyun' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID/,
    );
    const key = 'ab'.repeat(32);
    const allowed = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: secret,
      DATA_ENCRYPTION_KEY: key,
      ALLOW_DEV_DRIVERS: 'true',
    });
    expect(allowed.sms.driver).toBe('console');
  });

  it('needs DATA_ENCRYPTION_KEY in production; development derives a stable one and says so', () => {
    const secret = 's'.repeat(32);
    const production = { NODE_ENV: 'production', APP_SECRET: secret, ALLOW_DEV_DRIVERS: 'true' };
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEY: required/);
    expect(() => loadConfig({ ...production, DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(/DATA_ENCRYPTION_KEY/);
    const hex = loadConfig({ ...production, DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }).dataEncryption;
    expect(hex).toEqual({ key: Buffer.alloc(32, 0xab), derived: false });
    const base64 = loadConfig({ ...production, DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(base64.dataEncryption.key).toEqual(Buffer.alloc(32, 7));
    const dev = loadConfig({}).dataEncryption;
    expect(dev.derived).toBe(true);
    expect(dev.key).toHaveLength(32);
    expect(loadConfig({}).dataEncryption.key).toEqual(dev.key);
  });
});

describe('the AI services in the configuration', () => {
  it('leaves every service off by default, with the built-in voice and the default service voices listed', () => {
    const { ai } = loadConfig({});
    expect([ai.llm, ai.asr, ai.tts]).toEqual([null, null, null]);
    expect(ai.ttsVoices.map((voice) => voice.id)).toEqual(['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer']);
    expect(ai.retry).toEqual({ baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 });
  });

  it('turns a service on with its base URL and model, with per-service defaults for time, retries and concurrency', () => {
    const { ai } = loadConfig({
      LLM_BASE_URL: 'https://api.deepseek.com/v1/',
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'deepseek-chat',
      ASR_BASE_URL: 'http://127.0.0.1:8000/v1',
      ASR_MODEL: 'Systran/faster-whisper-small',
      ASR_API_KEY: '',
      TTS_BASE_URL: 'http://127.0.0.1:8880/v1',
      TTS_MODEL: 'kokoro',
      TTS_CONCURRENCY: '8',
      TTS_VOICES: 'zf_xiaobei:晓贝, zm_yunxi:云希,af_bella',
      AI_RETRY_BASE_MS: '250',
    });
    expect(ai.llm).toEqual({
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: 'sk-test',
      model: 'deepseek-chat',
      timeoutMs: 120_000,
      retries: 3,
      concurrency: 4,
    });
    expect(ai.asr).toEqual({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: null,
      model: 'Systran/faster-whisper-small',
      timeoutMs: 300_000,
      retries: 2,
      concurrency: 2,
    });
    expect(ai.tts).toMatchObject({ model: 'kokoro', timeoutMs: 60_000, retries: 3, concurrency: 8 });
    expect(ai.ttsVoices).toEqual([
      { id: 'zf_xiaobei', name: '晓贝' },
      { id: 'zm_yunxi', name: '云希' },
      { id: 'af_bella', name: 'af_bella' },
    ]);
    expect(ai.retry.baseDelayMs).toBe(250);
  });

  it("reads each service's time limit, retries and concurrency", () => {
    const { ai } = loadConfig({
      ASR_BASE_URL: 'http://asr.local/v1',
      ASR_MODEL: 'whisper-1',
      ASR_TIMEOUT_SECONDS: '30',
      ASR_RETRIES: '0',
      ASR_CONCURRENCY: '1',
    });
    expect(ai.asr).toMatchObject({ timeoutMs: 30_000, retries: 0, concurrency: 1 });
    expect(() => loadConfig({ LLM_CONCURRENCY: '0' })).toThrow(/LLM_CONCURRENCY/);
    expect(() => loadConfig({ TTS_RETRIES: '-1' })).toThrow(/TTS_RETRIES/);
    expect(() => loadConfig({ ASR_TIMEOUT_SECONDS: 'soon' })).toThrow(/ASR_TIMEOUT_SECONDS/);
  });

  it('refuses a base URL that is not http(s), that goes on to the API paths, or that comes without its model', () => {
    const refused = (env: Record<string, string>, message: RegExp) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    };
    refused({ LLM_BASE_URL: 'ftp://llm.local/v1', LLM_MODEL: 'm' }, /LLM_BASE_URL: an http or https URL/);
    refused({ LLM_BASE_URL: 'https://api.deepseek.com/v1/chat/completions', LLM_MODEL: 'm' }, /LLM_BASE_URL: must end/);
    refused({ ASR_BASE_URL: 'http://asr.local/v1/audio/transcriptions', ASR_MODEL: 'm' }, /ASR_BASE_URL: must end/);
    refused({ TTS_BASE_URL: 'http://tts.local/v1/audio', TTS_MODEL: 'm' }, /TTS_BASE_URL: must end/);
    refused({ TTS_BASE_URL: 'http://tts.local/v1?key=1', TTS_MODEL: 'm' }, /TTS_BASE_URL: must carry no query/);
    refused({ LLM_BASE_URL: 'https://api.deepseek.com/v1' }, /LLM_MODEL: required when LLM_BASE_URL is set/);
    refused({ ASR_MODEL: 'whisper-1' }, /ASR_BASE_URL: required when ASR_MODEL or ASR_API_KEY is set/);
    refused({ TTS_API_KEY: 'sk-x' }, /TTS_BASE_URL: required/);
    refused({ TTS_VOICES: ' , ' }, /TTS_VOICES/);
  });

  it('takes an empty value as unset, as env files write it', () => {
    const { ai } = loadConfig({ LLM_BASE_URL: '', LLM_MODEL: ' ', LLM_API_KEY: '' });
    expect(ai.llm).toBeNull();
  });
});
