/**
 * The process's shared parts every module may use, made once before any module: database, Redis, drivers
 * (SMS, Alipay, storage, the AI services), the job engine and the app's lifecycle hooks.
 */
import { orderApi } from '@cc/contracts';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { appJobSpecsFor, type AppJobSpecs } from '../jobs/app-jobs.js';
import { createJobQueue } from '../jobs/job-engine.js';
import type { JobQueueOptions } from '../jobs/job-queue.js';
import { JobSlots } from '../jobs/job-slots.js';
import { warnAboutDevelopmentDrivers } from '../plugins/dev-guard.js';
import { AiProviders } from '../providers/ai/ai-providers.js';
import { AlipayClient } from '../providers/payment/alipay-client.js';
import { AlipaySandbox, loadSandboxKeys } from '../providers/payment/alipay-sandbox.js';
import { AliyunSmsDriver } from '../providers/sms/aliyun-sms.js';
import { ConsoleSmsDriver } from '../providers/sms/console-sms.js';
import type { SmsDriver } from '../providers/sms/sms-driver.js';
import { LocalMediaStorage } from '../providers/storage/local-storage.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { S3MediaStorage } from '../providers/storage/s3-storage.js';
import type { Lifecycle, Platform } from './module.js';

export interface PlatformDeps {
  clock: Clock;
  /** An already open database; the app then leaves closing it to the caller, unless `closeDatabase`. */
  database?: DatabaseHandle;
  /**
   * Close the given database with the app, after every module's close hook (an entry opens it first to migrate).
   * A hook the caller added after `buildApp` would run first, closing it under the modules' last writes.
   */
  closeDatabase?: boolean;
  smsDriver?: SmsDriver;
  /** The development Alipay sandbox to use (tests run it on its own port); made from DATA_DIR keys otherwise. */
  alipaySandbox?: AlipaySandbox;
  /** Job engine timings and worker name (tests shorten leases and polls). */
  jobs?: Pick<JobQueueOptions<never>, 'leaseMs' | 'pollMs' | 'workerId'>;
}

/** Where Alipay posts its asynchronous payment notifications. */
const ALIPAY_NOTIFY_PATH = orderApi.alipayNotify.path;

function createMediaStorage(config: AppConfig): MediaStorage {
  const settings = config.media.storage;
  return settings.kind === 's3'
    ? new S3MediaStorage(settings, path.join(config.dataDir, 'upload-staging'))
    : new LocalMediaStorage(settings.root);
}

export function createSmsDriver(config: AppConfig, clock: Clock): SmsDriver {
  return config.sms.driver === 'aliyun' ? new AliyunSmsDriver(config.sms) : new ConsoleSmsDriver(clock);
}

/** The Alipay client of the configured driver, and the sandbox when it is the development one. */
export function createAlipay(
  config: AppConfig,
  given?: AlipaySandbox,
): { client: AlipayClient; sandbox: AlipaySandbox | null } {
  if (config.payment.driver === 'alipay') {
    const { appId, privateKey, trust, gateway } = config.payment;
    const notifyUrl = `${config.publicBaseUrl}${ALIPAY_NOTIFY_PATH}`;
    return { client: new AlipayClient({ appId, privateKey, trust, gateway, notifyUrl }), sandbox: null };
  }
  // Its trades, transfers and owed notifications are kept beside its keys: Alipay's memory outlives our process.
  const sandbox =
    given ??
    new AlipaySandbox(
      loadSandboxKeys(config.dataDir, config.payment.mode),
      config.publicBaseUrl,
      path.join(config.dataDir, 'alipay-sandbox-state.json'),
    );
  const { certs } = sandbox.keys;
  const client = new AlipayClient({
    appId: sandbox.keys.appId,
    privateKey: sandbox.keys.app.privateKey,
    trust: certs
      ? { mode: 'cert', appCert: certs.app, alipayPublicCert: certs.alipay, alipayRootCert: certs.root }
      : { mode: 'key', alipayPublicKey: sandbox.keys.alipay.publicKey },
    gateway: config.payment.gateway ?? `${config.internalBaseUrl}/dev/alipay/gateway.do`,
    // The server calls the sandbox on loopback; a buyer's browser (a phone on the LAN) opens its pages publicly.
    pageGateway: config.payment.gateway ?? `${config.publicBaseUrl}/dev/alipay/gateway.do`,
    notifyUrl: `${config.internalBaseUrl}${ALIPAY_NOTIFY_PATH}`,
  });
  return { client, sandbox };
}

function lifecycleOf(app: FastifyInstance): Lifecycle {
  return {
    onReady: (hook) => app.addHook('onReady', async () => hook()),
    preClose: (hook) => app.addHook('preClose', async () => hook()),
    onClose: (hook) => app.addHook('onClose', async () => hook()),
  };
}

/** The platform, and the job slots the modules fill with their handlers. */
export function createPlatform(
  app: FastifyInstance,
  config: AppConfig,
  deps: PlatformDeps,
): { platform: Platform; jobSlots: JobSlots<AppJobSpecs> } {
  const { clock } = deps;
  const lifecycle = lifecycleOf(app);
  const database = deps.database ?? openDatabase(config.database);
  // The first close hook added runs last: every module's own close hook still has the database.
  if (!deps.database || deps.closeDatabase) lifecycle.onClose(() => database.destroy());

  const smsDriver = deps.smsDriver ?? createSmsDriver(config, clock);
  if (smsDriver instanceof ConsoleSmsDriver) smsDriver.attachLogger(app.log);
  warnAboutDevelopmentDrivers(app.log, {
    consoleSms: smsDriver instanceof ConsoleSmsDriver,
    paymentDriver: config.payment.driver,
    derivedDataKey: config.dataEncryption.derived,
    publicBaseUrl: { set: config.publicBaseUrlSet, value: config.publicBaseUrl },
  });

  const redis = config.redis
    ? new Redis(config.redis.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
    lifecycle.onClose(async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  // The job kinds are known before any module, so modules can enqueue from the start; each hands in its handlers.
  const jobSlots = new JobSlots(appJobSpecsFor(config.tool.concurrency));
  const jobs = createJobQueue(
    config.redis
      ? { kind: 'bullmq', url: config.redis.url, prefix: `${config.redis.prefix}jobs` }
      : { kind: 'database', database },
    { table: jobSlots.table, clock, log: app.log, ...deps.jobs },
  );

  const alipay = createAlipay(config, deps.alipaySandbox);
  const ai = new AiProviders(config.ai);
  // Which tools can run follows from this; the models say which service answers (keys are never logged).
  app.log.info(
    { llm: ai.llm?.model ?? null, asr: ai.asr?.model ?? null, tts: ai.tts?.model ?? null },
    'AI services (null: not configured)',
  );
  return {
    platform: {
      config,
      clock,
      database,
      log: app.log,
      redis,
      lifecycle,
      jobs,
      storage: createMediaStorage(config),
      smsDriver,
      alipay: alipay.client,
      alipaySandbox: alipay.sandbox,
      ai,
    },
    jobSlots,
  };
}
