/**
 * Builds the Fastify application without listening: config in, app and its services out. Tests build their own
 * with `app.inject`; `bin/server.ts` listens. Nothing here is global, so many apps can live in one process.
 *
 * The server is the chain of modules below: each declares what it needs and provides (compose/module.ts), so a
 * new domain is a folder with its `<name>.module.ts` and one `.use` line here.
 */
import { endpointTable, platformApi } from '@cc/contracts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock } from './clock.js';
import { Composition } from './compose/module.js';
import { createPlatform, type PlatformDeps } from './compose/platform.js';
import type { AppConfig } from './config.js';
import { pingDatabase } from './db/database.js';
import { demoModule } from './demo/demo.module.js';
import { appError } from './errors.js';
import { jobRoutes } from './jobs/jobs.routes.js';
import { applyModule } from './modules/apply/apply.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { channelModule } from './modules/channel/channel.module.js';
import { contentModule } from './modules/content/content.module.js';
import { creditModule } from './modules/credit/credit.module.js';
import { devModule } from './modules/dev/dev.module.js';
import { imageModule } from './modules/image/image.module.js';
import { mediaModule } from './modules/media/media.module.js';
import { operateModule } from './modules/operate/operate.module.js';
import { operatorModule } from './modules/operator/operator.module.js';
import { orderModule } from './modules/order/order.module.js';
import { paymentModule } from './modules/payment/payment.module.js';
import { promotionModule } from './modules/promotion/promotion.module.js';
import { reconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { settlementModule } from './modules/settlement/settlement.module.js';
import { taskModule } from './modules/task/task.module.js';
import { teamModule } from './modules/team/team.module.js';
import { toolModule } from './modules/tool/tool.module.js';
import { userModule } from './modules/user/user.module.js';
import { verificationModule } from './modules/verification/verification.module.js';
import { withdrawalModule } from './modules/withdrawal/withdrawal.module.js';
import { docsRoutes } from './openapi/docs.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerDevGuard } from './plugins/dev-guard.js';
import { enforceEndpointTable, route } from './plugins/endpoint-route.js';
import { registerEnvelope } from './plugins/envelope.js';
import { registerFormBody } from './plugins/form-body.js';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.js';
import { registerInputText } from './plugins/input-text.js';
import { registerOperatorAccess } from './plugins/operator.js';
import { MemoryRequestCounter, RedisRequestCounter } from './plugins/request-counter.js';
import { registerSecurity } from './plugins/security.js';
import { projectingSerializerCompiler } from './plugins/serializer.js';
import { registerVendor } from './plugins/vendor.js';
import { registerWeb } from './plugins/web.js';
import { configureMediaProcesses, killMediaProcesses } from './providers/media/ffmpeg-process.js';
import { configureMediaLimits } from './providers/media/probe.js';

export interface AppDeps extends Partial<PlatformDeps> {
  /** Where logs go (stdout by default); tests read them to check what is masked. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (the contract fuzz suite enumerates them this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** The version the API reference states: the server package's. */
const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const PHONE_IN_TEXT = /(1[3-9]\d)\d{4}(\d{4})/g;

function createFastify(config: AppConfig, deps: AppDeps) {
  return Fastify({
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
}

/** Every module of the product, in an order where each comes after what it needs (the compiler checks it). */
function composeModules(platform: ReturnType<typeof createPlatform>['platform']) {
  return Composition.of(platform)
    .use(operatorModule)
    .use(verificationModule)
    .use(creditModule)
    .use(imageModule)
    .use(userModule)
    .use(authModule)
    .use(contentModule)
    .use(taskModule)
    .use(channelModule)
    .use(promotionModule)
    .use(applyModule)
    .use(withdrawalModule)
    .use(paymentModule)
    .use(orderModule)
    .use(settlementModule)
    .use(reconciliationModule)
    .use(teamModule)
    .use(mediaModule)
    .use(toolModule)
    .use(operateModule)
    .use(demoModule)
    .use(devModule);
}

/** Every service of a built app, by name: entries start its jobs, tests and the demo seed drive services here. */
export type AppServices = ReturnType<typeof composeModules>['services'];

export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
}

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<BuiltApp> {
  const app = createFastify(config, deps);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(projectingSerializerCompiler);
  registerFormBody(app);

  // Every ffmpeg/ffprobe goes through one launcher, set up before any module can start one.
  configureMediaProcesses(config.media.processes);
  configureMediaLimits(config.media.limits);

  const { platform, jobSlots } = createPlatform(app, config, { ...deps, clock: deps.clock ?? systemClock });
  const composition = composeModules(platform);
  const { services } = composition;
  for (const module of composition.modules) {
    if (module.jobs) jobSlots.fill(module.name, module.jobs(services));
  }
  jobSlots.check();
  // After the tool runs were told to stop (their jobs go back to the queue): anything else still running dies now,
  // then the engine stops its workers before the database closes.
  app.addHook('preClose', async () => killMediaProcesses());
  app.addHook('preClose', () => services.jobs.close());

  const { database, redis, clock } = platform;
  const counter = redis ? new RedisRequestCounter(redis, config.redis!.prefix, clock) : new MemoryRequestCounter(clock);
  registerEnvelope(app);
  await registerCompression(app);
  await registerSecurity(app, config, redis);
  registerVendor(app, config.vendors);
  registerDevGuard(app, { public: config.devRoutesPublic });
  registerAuth(app, services.sessions, { perUserPerMinute: config.rateLimit.perUser, counter });
  registerOperatorAccess(app, services.operators);
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
  for (const module of composition.modules) await module.routes?.(app, services);
  await app.register(jobRoutes(services.jobs));
  await docsRoutes(app, { version: SERVER_VERSION, serverUrl: config.publicBaseUrl });
  endpoints.webBuildFollows();
  await registerWeb(app, config);

  return { app, services };
}
