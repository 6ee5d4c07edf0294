/**
 * Builds the Fastify application without listening: config in, app out. Tests build their own with
 * `app.inject`; `bin/server.ts` listens. Nothing here is global, so many apps can live in one process.
 */
import { endpointTable, platformApi, SmsType } from '@cc/contracts';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.js';
import type { AppConfig } from './config.js';
import { PublicOrigin } from './public-origin.js';
import { openDatabase, pingDatabase, type DatabaseHandle } from './db/database.js';
import { appError } from './errors.js';
import { QrLoginRepository } from './modules/auth/qr-login.repository.js';
import { QrLoginService } from './modules/auth/qr-login.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { SessionService } from './modules/auth/session.service.js';
import { IdentityCache, localRevocations, RedisSessionRevocations } from './modules/auth/session-cache.js';
import { MoneySessionRepository } from './modules/verification/money-session.repository.js';
import { MoneySessionService } from './modules/verification/money-session.service.js';
import { SmsCodeRepository } from './modules/verification/sms-code.repository.js';
import { SmsCodeService } from './modules/verification/sms-code.service.js';
import { ApplyRepository } from './modules/apply/apply.repository.js';
import { applyRoutes } from './modules/apply/apply.routes.js';
import { ApplyService } from './modules/apply/apply.service.js';
import { ChannelRepository } from './modules/channel/channel.repository.js';
import { channelRoutes } from './modules/channel/channel.routes.js';
import { ChannelService } from './modules/channel/channel.service.js';
import { ImageRepository } from './modules/image/image.repository.js';
import { ImageService } from './modules/image/image.service.js';
import { POSTER_AVATAR_PX } from './modules/team/team-poster.js';
import { imageRoutes } from './modules/image/image.routes.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { ContentService } from './modules/content/content.service.js';
import { CreditRepository } from './modules/credit/credit.repository.js';
import { creditRoutes } from './modules/credit/credit.routes.js';
import { CreditService } from './modules/credit/credit.service.js';
import { PackageRepository } from './modules/credit/package.repository.js';
import { PackageService } from './modules/credit/package.service.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { demoLandingRoutes } from './demo/demo-landing.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { PromotionRepository } from './modules/promotion/promotion.repository.js';
import { promotionRoutes } from './modules/promotion/promotion.routes.js';
import { PromotionService } from './modules/promotion/promotion.service.js';
import { TaskRepository } from './modules/task/task.repository.js';
import { TeamPosterCache } from './modules/team/team-poster-cache.js';
import { TeamRepository } from './modules/team/team.repository.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { TeamService } from './modules/team/team.service.js';
import { taskRoutes } from './modules/task/task.routes.js';
import { TaskService } from './modules/task/task.service.js';
import { UserRepository } from './modules/user/user.repository.js';
import { userRoutes } from './modules/user/user.routes.js';
import { UserService } from './modules/user/user.service.js';
import { registerAuth } from './plugins/auth.js';
import { enforceEndpointTable, route } from './plugins/endpoint-route.js';
import { operatorGuard } from './plugins/operator.js';
import { registerCompression } from './plugins/compression.js';
import { registerDevGuard, warnAboutDevelopmentDrivers } from './plugins/dev-guard.js';
import { registerFormBody } from './plugins/form-body.js';
import { registerInputText } from './plugins/input-text.js';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.js';
import { MemoryRequestCounter, RedisRequestCounter } from './plugins/request-counter.js';
import { projectingSerializerCompiler } from './plugins/serializer.js';
import { registerEnvelope } from './plugins/envelope.js';
import { registerSecurity } from './plugins/security.js';
import { registerVendor } from './plugins/vendor.js';
import { registerWeb } from './plugins/web.js';
import { docsRoutes } from './openapi/docs.routes.js';
import { OrderRepository } from './modules/order/order.repository.js';
import { ALIPAY_NOTIFY_PATH, orderRoutes } from './modules/order/order.routes.js';
import { OrderService } from './modules/order/order.service.js';
import { RefundRepository } from './modules/payment/refund.repository.js';
import { refundRoutes } from './modules/payment/refund.routes.js';
import { RefundService } from './modules/payment/refund.service.js';
import { demoRechargeRoutes } from './demo/demo-recharge.routes.js';
import { IncomeService } from './modules/settlement/income.service.js';
import { openOrderRoutes } from './modules/settlement/open-order.routes.js';
import { PartnerAppRepository } from './modules/settlement/partner-app.repository.js';
import { PartnerAppService } from './modules/settlement/partner-app.service.js';
import { settlementRoutes } from './modules/settlement/settlement.routes.js';
import { SettlementService } from './modules/settlement/settlement.service.js';
import { ShareRepository } from './modules/settlement/share.repository.js';
import { SettlementQueryRepository } from './modules/settlement/settlement-query.repository.js';
import { settlementQueryRoutes } from './modules/settlement/settlement-query.routes.js';
import { SettlementQueryService } from './modules/settlement/settlement-query.service.js';
import { BankBatchRepository } from './modules/withdrawal/bank-batch.repository.js';
import { bankBatchRoutes } from './modules/withdrawal/bank-batch.routes.js';
import { BankBatchService } from './modules/withdrawal/bank-batch.service.js';
import { WalletRepository } from './modules/withdrawal/wallet.repository.js';
import { WalletService } from './modules/withdrawal/wallet.service.js';
import { CumulativeLabourTaxPolicy } from './modules/withdrawal/tax-policy.js';
import { TaxWithholding } from './modules/withdrawal/tax-withholding.js';
import { WithdrawalRepository } from './modules/withdrawal/withdrawal.repository.js';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes.js';
import { ReconciliationRepository } from './modules/reconciliation/reconciliation.repository.js';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.js';
import { ReconciliationService } from './modules/reconciliation/reconciliation.service.js';
import { WithdrawalService } from './modules/withdrawal/withdrawal.service.js';
import { ContractRepository } from './modules/user/contract.repository.js';
import { ContractService } from './modules/user/contract.service.js';
import { PayeeRepository } from './modules/user/payee.repository.js';
import { payeeRoutes } from './modules/user/payee.routes.js';
import { PayeeService } from './modules/user/payee.service.js';
import { DataCipher } from './data-cipher.js';
import { BuiltinESignProvider } from './providers/esign/builtin-esign.js';
import { defineJobTable, jobKeys, type AppJobs } from './jobs/app-jobs.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MediaService } from './modules/media/media.service.js';
import { ToolRepository } from './modules/tool/tool.repository.js';
import { toolRoutes } from './modules/tool/tool.routes.js';
import { ToolRunner } from './modules/tool/tool-runner.js';
import { ToolService } from './modules/tool/tool.service.js';
import { configureMediaProcesses, killMediaProcesses } from './providers/media/ffmpeg-process.js';
import { configureMediaLimits } from './providers/media/probe.js';
import { StreamSlots } from './modules/tool/stream-slots.js';
import { LocalMediaStorage } from './providers/storage/local-storage.js';
import type { MediaStorage } from './providers/storage/media-storage.js';
import { S3MediaStorage } from './providers/storage/s3-storage.js';
import { createJobQueue } from './jobs/job-engine.js';
import type { JobQueueOptions } from './jobs/job-queue.js';
import { jobRoutes } from './jobs/jobs.routes.js';
import { AlipayClient } from './providers/payment/alipay-client.js';
import { AlipaySandbox, loadSandboxKeys, registerAlipaySandbox } from './providers/payment/alipay-sandbox.js';
import { AliyunSmsDriver } from './providers/sms/aliyun-sms.js';
import { ConsoleSmsDriver } from './providers/sms/console-sms.js';
import type { SmsDriver } from './providers/sms/sms-driver.js';

export interface AppDeps {
  clock?: Clock;
  /** An already open database; the app then leaves closing it to the caller. */
  database?: DatabaseHandle;
  smsDriver?: SmsDriver;
  /** The development Alipay sandbox to use (tests run it on its own port); made from DATA_DIR keys otherwise. */
  alipaySandbox?: AlipaySandbox;
  /** Where logs go (stdout by default); tests read them to check what is masked. */
  logStream?: { write(line: string): void };
  /** Job engine timings and worker name (tests shorten leases and polls). */
  jobs?: Pick<JobQueueOptions<never>, 'leaseMs' | 'pollMs' | 'workerId'>;
  /** Told of every route as it is registered (the contract fuzz suite enumerates them this way). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For tests that drive orders directly. */
    orders: OrderService;
    /** For the refund sweep and tests. */
    refunds: RefundService;
    /** For tests that run a payout as its job would. */
    withdrawals: WithdrawalService;
    /** Reported orders and their shares (tests and the demo seed drive it directly). */
    income: IncomeService;
    /** Settlement runs (the job kind and the operator call). */
    settlement: SettlementService;
    /** Uploaded covers and avatars (the clean-up job and tests). */
    images: ImageService;
    /** The media library (tests upload into it and read it directly). */
    media: MediaService;
    /** Video tool jobs (tests run the sweep directly). */
    tools: ToolService;
    /** The job engine; workers start only when `bin/server.ts` (JOB_WORKERS=inline), `bin/worker.ts` or a test says. */
    jobs: AppJobs;
  }
}

/** The version the API reference states: the server package's. */
const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const PHONE_IN_TEXT = /(1[3-9]\d)\d{4}(\d{4})/g;

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

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream && { stream: deps.logStream }),
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Query strings may carry a phone number (the dev outbox); logs keep it masked.
        req: (req: { method: string; url: string; ip?: string; id: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.replace(PHONE_IN_TEXT, '$1****$2'),
          ip: req.ip,
        }),
      },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(projectingSerializerCompiler);
  registerFormBody(app);

  const database = deps.database ?? openDatabase(config.database);
  if (!deps.database) app.addHook('onClose', () => database.destroy());

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
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  // A logout reaches the identity caches of every API process through Redis when there is one.
  const sessionService = new SessionService(
    new SessionRepository(database.db),
    clock,
    new IdentityCache(),
    redis
      ? new RedisSessionRevocations(redis, config.redis!.prefix, (error) =>
          app.log.warn({ err: error }, 'session revocation channel error'),
        )
      : localRevocations,
  );
  await sessionService.start();
  app.addHook('onClose', () => sessionService.close());
  const userRepository = new UserRepository(database.db);
  const smsCodes = new SmsCodeService(database, new SmsCodeRepository(), smsDriver, clock, {
    secret: config.appSecret,
    perIpPerHour: config.rateLimit.smsPerIpPerHour,
    perIpPerDay: config.rateLimit.smsPerIpPerDay,
    log: app.log,
  });
  const moneySessions = new MoneySessionService(database, new MoneySessionRepository(), smsCodes, clock);
  const credits = new CreditService(database, new CreditRepository(database.db), clock);
  const cipher = new DataCipher(config.dataEncryption.key);
  const payeeRepository = new PayeeRepository(database.db);
  const payees = new PayeeService(database, payeeRepository, moneySessions, cipher, clock);
  const contracts = new ContractService(
    database,
    new ContractRepository(database.db),
    payeeRepository,
    payees,
    moneySessions,
    new BuiltinESignProvider(),
    clock,
  );
  // Covers and avatars (issue 10) live in the media storage beside the library, under `images/`.
  const storage = createMediaStorage(config);
  const images = new ImageService(database, new ImageRepository(database.db), storage, clock, config.images);
  const users = new UserService(userRepository, credits, clock, images);
  const auth = new AuthService(database, users, smsCodes, sessionService, clock, app.log);
  const qrLogins = new QrLoginService(new QrLoginRepository(database.db), sessionService, clock, app.log);
  const tasks = new TaskService(new TaskRepository(database.db), clock);
  const channels = new ChannelService(database, new ChannelRepository(database.db), images, clock);
  images.setUsageCheck(async (names) => {
    const [avatars, covers] = await Promise.all([users.imagesUsedAsAvatars(names), channels.imagesUsedAsCovers(names)]);
    return new Set([...avatars, ...covers]);
  });
  app.decorate('images', images);
  const promotions = new PromotionService(
    database,
    new PromotionRepository(database.db, database.kind),
    tasks,
    channels,
    clock,
    {
      publicBaseUrl: config.publicBaseUrl,
      secret: config.appSecret,
      clickCapPerIpPerDay: config.clickCapPerIpPerDay,
    },
    app.log,
  );
  // Short-link visits are written in batches every second; a graceful stop writes what waits (hooks run last-in
  // first-out, so this runs before the database closes).
  promotions.startRecordingVisits();
  app.addHook('onClose', () => promotions.closeVisits());
  app.decorate('flushVisits', () => promotions.flushVisits());
  const applications = new ApplyService(database, new ApplyRepository(database.db), smsCodes, clock);
  const packages = new PackageService(new PackageRepository(database.db), clock);
  const wallet = new WalletService(database, new WalletRepository(database.db), clock);
  const alipay = createAlipay(config, deps.alipaySandbox);
  const refunds = new RefundService(new RefundRepository(database.db), alipay.client, clock, app.log);
  const withdrawalRepository = new WithdrawalRepository(database.db);
  const taxes = new TaxWithholding(withdrawalRepository, wallet, new CumulativeLabourTaxPolicy(), clock);
  const orders = new OrderService({
    database,
    orders: new OrderRepository(database.db),
    packages,
    credits,
    wallet,
    taxes,
    moneySessions,
    users,
    alipay: alipay.client,
    refunds,
    clock,
    log: app.log,
    publicBaseUrl: config.publicBaseUrl,
  });
  const withdrawals: WithdrawalService = new WithdrawalService({
    database,
    withdrawals: withdrawalRepository,
    wallet,
    payees,
    contracts,
    moneySessions,
    taxes,
    alipay: alipay.client,
    payoutJobs: {
      // One job per attempt, keyed by its out_biz_no: a second enqueue answers the first job.
      async ensure(cashOutId: number, outBizNo: string) {
        const id = await jobs.enqueue(
          'withdrawal.payout',
          { cash_out_id: cashOutId, out_biz_no: outBizNo },
          { key: jobKeys.withdrawalPayout(outBizNo) },
        );
        if ((await jobs.get(id))?.status === 'failed') await jobs.retry(id);
      },
    },
    clock,
    log: app.log,
  });
  app.decorate('orders', orders);
  app.decorate('withdrawals', withdrawals);
  const bankBatches = new BankBatchService({
    database,
    batches: new BankBatchRepository(database.db),
    withdrawals: new WithdrawalRepository(database.db),
    wallet,
    taxes,
    payees,
    clock,
  });
  app.decorate('refunds', refunds);
  const partnerApps = new PartnerAppService(new PartnerAppRepository(database.db), clock, config.appSecret);
  const shareRepository = new ShareRepository(database.db);
  const income = new IncomeService(database, shareRepository, promotions, partnerApps, clock, config.settlement);
  const settlement = new SettlementService(database, shareRepository, wallet, clock);
  app.decorate('income', income);
  app.decorate('settlement', settlement);

  // Media library and video tools (issue 9): the tool jobs reach media only through the library's port. Every
  // ffmpeg/ffprobe goes through one launcher (issue 19 §1), set up here; the close kills what still runs.
  configureMediaProcesses(config.media.processes);
  configureMediaLimits(config.media.limits);
  const media: MediaService = new MediaService({
    database,
    media: new MediaRepository(database.db),
    storage,
    catalogue: tasks,
    catalogueDir: config.mediaDir,
    linkSecret: createHash('sha256').update(`media-links:${config.appSecret}`).digest(),
    quotaBytes: config.media.quotaBytes,
    maxFileBytes: config.media.maxFileBytes,
    uploadExpiryMs: config.media.uploadExpiryMs,
    enqueueProcess: (mediaId: number): Promise<string> =>
      jobs.enqueue('media.process', { media_id: mediaId }, { key: jobKeys.mediaProcess(mediaId) }),
    clock,
    log: app.log,
  });
  const toolRepository = new ToolRepository(database.db, database.kind);
  const tools: ToolService = new ToolService({
    tools: toolRepository,
    credits,
    media,
    enqueueRun: (id: number): Promise<string> =>
      jobs.enqueue('tool.run', { tool_job_id: id }, { key: jobKeys.toolRun(id) }),
    enqueueAnalyze: (agentId: number, mediaId: number): Promise<string> =>
      jobs.enqueue('tool.analyze', { agent_id: agentId, media_id: mediaId }, { key: jobKeys.toolAnalyze(mediaId) }),
    engineJob: (id: string) => jobs.get(id),
    prices: config.tool.prices,
    clock,
    log: app.log,
  });
  media.setInUseCheck((agentId: number, mediaId: number) => tools.isMediaInUse(agentId, mediaId));
  const toolRunner: ToolRunner = new ToolRunner({
    tools: toolRepository,
    service: tools,
    media,
    clock,
    log: app.log,
    workDir: config.tool.workDir,
    timeoutMs: config.tool.timeoutMs,
    videoPreset: config.tool.videoPreset,
  });
  app.decorate('media', media);
  app.decorate('tools', tools);
  // A closing worker hands its running renders back to the queue before the engine waits for its handlers.
  app.addHook('preClose', async () => toolRunner.shutdown());
  // After the tool runs were told to stop (their jobs go back to the queue): anything else still running dies now.
  app.addHook('preClose', async () => killMediaProcesses());

  // Job engine (issue 7 §3): built here, started by the entries; closing the app stops workers before the database.
  const jobs: AppJobs = createJobQueue(
    config.redis
      ? { kind: 'bullmq', url: config.redis.url, prefix: `${config.redis.prefix}jobs` }
      : { kind: 'database', database },
    {
      table: defineJobTable({
        orders,
        refunds,
        withdrawals,
        settlement,
        media,
        images,
        tools: {
          runner: toolRunner,
          service: tools,
          concurrency: config.tool.concurrency,
          timeoutMs: config.tool.timeoutMs,
        },
      }),
      clock,
      log: app.log,
      ...deps.jobs,
    },
  );
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.close());

  const counter = redis ? new RedisRequestCounter(redis, config.redis!.prefix, clock) : new MemoryRequestCounter(clock);

  registerEnvelope(app);
  await registerCompression(app);
  await registerSecurity(app, config, redis);
  registerVendor(app, config.vendors);
  registerDevGuard(app, { public: config.devRoutesPublic });
  registerAuth(app, sessionService, { perUserPerMinute: config.rateLimit.perUser, counter });
  app.decorate('operatorGuard', operatorGuard(config.operatorToken));
  const endpoints = enforceEndpointTable(app, endpointTable);
  registerInputText(app);

  route(app, platformApi.healthz, async () => ({ status: 'ok' }));
  route(app, platformApi.readyz, async () => {
    try {
      await pingDatabase(database.db);
      if (redis) await redis.ping();
    } catch (error) {
      app.log.error({ err: error }, 'database or redis not ready');
      throw appError('unavailable');
    }
    return { status: 'ready' };
  });

  await app.register(
    authRoutes({
      auth,
      qrLogins,
      smsCodes,
      moneySessions,
      beforeSendingOwnCode: (agentId, type) =>
        type === SmsType.Contract ? contracts.requireRealName(agentId) : Promise.resolve(),
      sessions: sessionService,
      users,
      publicOrigin: new PublicOrigin(config),
    }),
  );
  await app.register(userRoutes(users));
  await app.register(payeeRoutes(payees, contracts));
  await app.register(withdrawalRoutes(withdrawals));
  await app.register(reconciliationRoutes(new ReconciliationService(new ReconciliationRepository(database.db), clock)));
  await app.register(bankBatchRoutes(bankBatches));
  await app.register(
    contentRoutes(new ContentService(new ContentRepository(database.db), clock, config.supportWechatId)),
  );
  await app.register(taskRoutes(tasks, config.mediaDir));
  await app.register(demoLandingRoutes((serialId) => tasks.serialName(serialId)));
  await app.register(promotionRoutes(promotions));
  await app.register(applyRoutes(applications));
  await app.register(creditRoutes(credits, packages));
  await app.register(orderRoutes(orders, wallet, { notifyPerIp: config.rateLimit.notifyPerIp }));
  await app.register(refundRoutes(refunds));
  await app.register(
    settlementQueryRoutes(
      new SettlementQueryService(new SettlementQueryRepository(database.db, database.kind), wallet, clock),
      clock,
    ),
  );
  await app.register(
    teamRoutes(
      new TeamService(
        new TeamRepository(database.db),
        new TeamPosterCache(path.join(config.dataDir, 'cache', 'team-posters')),
        clock,
        { publicBaseUrl: config.publicBaseUrl, defaultTeamShareRateBp: config.settlement.teamShareRateBp },
        app.log,
        (url) => images.squareOf(url, POSTER_AVATAR_PX),
      ),
    ),
  );
  await app.register(jobRoutes(jobs));
  await app.register(
    mediaRoutes(media, {
      maxFileBytes: config.media.maxFileBytes,
      corsOrigins: config.corsOrigins,
      uploadWrites: new StreamSlots(config.media.uploadWrites, 'uploadWritesLimit'),
    }),
  );
  await app.register(toolRoutes(tools, new StreamSlots(config.streams)));
  await app.register(imageRoutes(images));
  await app.register(channelRoutes(channels));
  await app.register(openOrderRoutes(partnerApps, income));
  await app.register(
    settlementRoutes({
      partnerApps,
      income,
      settlement,
      secretsReadable: config.env !== 'production',
    }),
  );
  if (config.env !== 'production') await app.register(demoRechargeRoutes(partnerApps, clock));
  if (alipay.sandbox) registerAlipaySandbox(app, alipay.sandbox);
  if (config.env !== 'production' && smsDriver instanceof ConsoleSmsDriver) await app.register(devRoutes(smsDriver));
  await docsRoutes(app, { version: SERVER_VERSION, serverUrl: config.publicBaseUrl });
  endpoints.webBuildFollows();
  await registerWeb(app, config);

  return app;
}
