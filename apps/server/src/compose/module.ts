/**
 * The server's composition: each domain module declares what it needs and what it provides, and the app is the
 * chain of `use` calls over them (app.ts). The chain is typed: using a module before the ones providing its needs
 * fails the build, naming what is missing; providing a name twice fails at start-up.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppJobs, AppJobSpecs } from '../jobs/app-jobs.js';
import type { JobHandlers } from '../jobs/job-table.js';
import type { AiProviders } from '../providers/ai/ai-providers.js';
import type { AlipayClient } from '../providers/payment/alipay-client.js';
import type { AlipaySandbox } from '../providers/payment/alipay-sandbox.js';
import type { SmsDriver } from '../providers/sms/sms-driver.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';

/** Hooks into the app's life, in the order Fastify runs them. */
export interface Lifecycle {
  /** Once built, before the first request (subscriptions, timers). */
  onReady(hook: () => Promise<void> | void): void;
  /** When closing begins, before in-flight work is waited for (hand running work back, kill child processes). */
  preClose(hook: () => Promise<void> | void): void;
  /** After requests ended; the last registered runs first, so a module closes before what it was built on. */
  onClose(hook: () => Promise<void> | void): void;
}

/** What every module may use: the process's shared parts, made before any module. */
export interface Platform {
  config: AppConfig;
  clock: Clock;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  redis: Redis | null;
  lifecycle: Lifecycle;
  /** The job engine: modules enqueue through it, and hand it their kinds' handlers with `jobs` below. */
  jobs: AppJobs;
  /** Covers, avatars, uploads and renders (local folder or S3). */
  storage: MediaStorage;
  smsDriver: SmsDriver;
  alipay: AlipayClient;
  /** The development Alipay sandbox when the payment driver is the sandbox. */
  alipaySandbox: AlipaySandbox | null;
  /** The AI services (language, recognition, speech; each null when not configured) and the built-in voice. */
  ai: AiProviders;
}

type Deps<Needs> = Platform & Needs;

/** What a module does besides building its services; both see everything it needs and provides. */
export interface ModuleParts<Needs extends object, Provides extends object> {
  /** The handlers of the job kinds this module owns (each kind has exactly one owner). */
  jobs?(deps: Deps<Needs> & Provides): Partial<JobHandlers<AppJobSpecs>>;
  /** Registers the module's routes; runs after every module is built, in `use` order. */
  routes?(app: FastifyInstance, deps: Deps<Needs> & Provides): PromiseLike<unknown> | void;
}

export interface AppModule<Needs extends object, Provides extends object> extends ModuleParts<Needs, Provides> {
  readonly name: string;
  /** Builds the module's services from what it needs; runs once, in `use` order. */
  provide(deps: Deps<Needs>): Provides;
}

/**
 * Declares a module: `defineModule<{ orders: OrderService }>()('order', provide, { jobs, routes })`. The needs are
 * written once; what it provides is inferred from `provide` (a separate argument, so the parts see its type).
 */
export function defineModule<Needs extends object = object>() {
  return <Provides extends object>(
    name: string,
    provide: (deps: Deps<Needs>) => Provides,
    parts: ModuleParts<Needs, Provides> = {},
  ): AppModule<Needs, Provides> => ({ name, provide, ...parts });
}

/** The names a module needs that nothing used before it provides, as a type the compiler prints. */
type Missing<Needs, Have> = { [K in Exclude<keyof Needs, keyof Have>]: Needs[K] };

// A module is stored with its needs erased: `use` checked them against what was provided before it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModule = AppModule<any, object>;

export class Composition<Have extends Platform> {
  private constructor(
    private readonly have: Have,
    readonly modules: readonly AnyModule[],
  ) {}

  static of<P extends Platform>(platform: P): Composition<P> {
    return new Composition(platform, []);
  }

  /** Builds a module from what the modules before it provided; a second argument is asked for when needs are unmet. */
  use<Needs extends object, Provides extends object>(
    module: AppModule<Needs, Provides>,
    ...unmet: Have extends Needs ? [] : [missing: Missing<Needs, Have>]
  ): Composition<Have & Provides> {
    void unmet;
    const provided = module.provide(this.have as unknown as Deps<Needs>);
    const twice = Object.keys(provided).filter((name) => name in this.have);
    if (twice.length > 0) throw new Error(`module "${module.name}" provides ${twice.join(', ')} a second time`);
    return new Composition({ ...this.have, ...provided }, [...this.modules, module as AnyModule]);
  }

  /** Everything provided: the platform and every module's services (tests and entries reach services here). */
  get services(): Have {
    return this.have;
  }
}
