/**
 * Builds a real app on a real, private database for one test file: a fresh SQLite file, or a fresh schema in
 * the PostgreSQL named by TEST_DATABASE_URL. Time is a ManualClock the test can move.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps, type AppServices } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig, type AppConfig, type Env } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { registerFormBody } from '../src/plugins/form-body.js';
import { generateRsaKeyPair } from '../src/providers/payment/alipay-signing.js';
import {
  AlipaySandbox,
  registerAlipaySandbox,
  withSandboxCerts,
  type SandboxKeys,
} from '../src/providers/payment/alipay-sandbox.js';

export const VENDOR = 'default';
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

let sharedKeys: SandboxKeys | undefined;
let sharedCertKeys: SandboxKeys | undefined;
/** RSA key generation is slow; one set per test worker is plenty (and one with certificates, for certificate mode). */
function sandboxKeys(mode: 'key' | 'cert'): SandboxKeys {
  sharedKeys ??= { appId: '2026000000000001', app: generateRsaKeyPair(), alipay: generateRsaKeyPair() };
  if (mode === 'key') return sharedKeys;
  sharedCertKeys ??= withSandboxCerts(sharedKeys);
  return sharedCertKeys;
}

interface SandboxHost {
  sandbox: AlipaySandbox;
  gateway: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The Alipay sandbox on its own loopback port, as the app's gateway (the app talks to it over HTTP via alipay-sdk).
 * Its trades live in `stateFile`, as Alipay's outlive any process: a sandbox started again on the same file and
 * port (`TestContext.restartSandbox`) knows them.
 */
async function startSandboxHost(mode: 'key' | 'cert', stateFile: string, port = 0): Promise<SandboxHost> {
  const host = Fastify({ logger: false, forceCloseConnections: true });
  // No connection outlives its answer, so none is left to a sandbox that restarted (a client's pool would write to it).
  host.addHook('onRequest', async (_request, reply) => {
    reply.header('connection', 'close');
  });
  registerFormBody(host);
  const sandbox = new AlipaySandbox(sandboxKeys(mode), 'http://127.0.0.1', stateFile);
  registerAlipaySandbox(host, sandbox);
  await host.listen({ port, host: '127.0.0.1' });
  const bound = (host.server.address() as { port: number }).port;
  return {
    sandbox,
    gateway: `http://127.0.0.1:${bound}/dev/alipay/gateway.do`,
    port: bound,
    close: () => host.close(),
  };
}

export interface TestContext {
  app: FastifyInstance;
  /** The app's services by name (compose/module.ts): tests drive sweeps, payouts and jobs through them. */
  services: AppServices;
  sandbox: AlipaySandbox;
  /** Stops the sandbox (its process dies) and starts a new one on the same port and state; `sandbox` is the new one. */
  restartSandbox(): Promise<void>;
  clock: ManualClock;
  config: AppConfig;
  database: DatabaseHandle;
  /** The PostgreSQL schema of this test's database (none on SQLite), for child processes to open it too. */
  schema?: string;
  close(): Promise<void>;
}

interface TestDatabase {
  database: DatabaseHandle;
  schema?: string;
  drop(): Promise<void>;
}

async function openTestDatabase(config: AppConfig): Promise<TestDatabase> {
  if (config.database.kind === 'sqlite') {
    const database = openDatabase(config.database);
    return { database, drop: async () => fs.rmSync(config.dataDir, { recursive: true, force: true }) };
  }
  const url = config.database.url;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(config.database, { schema, max: 20 });
  return {
    database,
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** Where a test database lives, for a child process to open it too. */
export interface TestDatabaseTarget {
  config: AppConfig['database'];
  schema?: string;
}

/** A private, migrated database without an app (SQLite file or PostgreSQL schema), for engine-level tests. */
export async function createTestDatabase(): Promise<{
  database: DatabaseHandle;
  target: TestDatabaseTarget;
  close(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL });
  const { database, schema, drop } = await openTestDatabase(config);
  await migrateToLatest(database.db, schema);
  return {
    database,
    target: { config: config.database, schema },
    async close() {
      await database.destroy();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The services of an app built on a database a test opened itself (e.g. one migrated only part of the way), for
 * seeding it through the modules that own its tables; the app never listens and closing it leaves the database open.
 */
export async function servicesOn(
  database: DatabaseHandle,
  clock: ManualClock,
): Promise<{ services: AppServices; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
  const { app, services } = await buildApp(config, { clock, database });
  return {
    services,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  env: Partial<Record<keyof Env, string>> = {},
  deps: Pick<AppDeps, 'smsDriver' | 'logStream' | 'jobs' | 'onRoute'> = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const sandboxMode = env.ALIPAY_MODE === 'cert' ? 'cert' : 'key';
  const sandboxState = path.join(dataDir, 'alipay-sandbox-state.json');
  let sandboxHost = await startSandboxHost(sandboxMode, sandboxState);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_USER: '100000',
    RATE_LIMIT_NOTIFY_PER_IP: '100000',
    SMS_LIMIT_PER_IP_PER_HOUR: '100000',
    SMS_LIMIT_PER_IP_PER_DAY: '100000',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    ALIPAY_GATEWAY: sandboxHost.gateway,
    ...env,
  });
  const { database, schema, drop } = await openTestDatabase(config);
  await migrateToLatest(database.db, schema);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 4, 0, 0));
  // Alipay's clock agrees with ours: a wap trade expires when its order does.
  sandboxHost.sandbox.now = () => clock.now();
  const { app, services } = await buildApp(config, { clock, database, alipaySandbox: sandboxHost.sandbox, ...deps });
  await app.ready();
  const context: TestContext = {
    app,
    services,
    sandbox: sandboxHost.sandbox,
    async restartSandbox() {
      sandboxHost.sandbox.stopRetries();
      await sandboxHost.close();
      sandboxHost = await startSandboxHost(sandboxMode, sandboxState, sandboxHost.port);
      sandboxHost.sandbox.now = () => clock.now();
      context.sandbox = sandboxHost.sandbox;
    },
    clock,
    config,
    database,
    schema,
    async close() {
      await app.close();
      await sandboxHost.close();
      await database.destroy();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}

/** Distinct valid phone numbers per test so tests never share limits. */
let phoneCounter = 0;
export function nextPhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  token?: string;
  vendor?: string | null;
  ip?: string;
  /** More request headers (a device id, for example). */
  headers?: Record<string, string>;
}

export async function call(
  app: FastifyInstance,
  { method = 'POST', url, body, token, vendor = VENDOR, ip, headers: more }: ApiCall,
) {
  const headers: Record<string, string> = { ...more };
  if (vendor !== null) headers.vendor = vendor;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(body !== undefined && { payload: body as object }),
    ...(ip && { remoteAddress: ip }),
  });
  return { status: response.statusCode, json: response.json() as { code: number; msg: string; body: any }, response };
}

export async function sendCode(app: FastifyInstance, phone: string, type = 1, ip?: string) {
  return call(app, { url: '/agent/v1/user/send_code', body: { phone, type }, ip });
}

/** Reads the newest code for a phone from the development outbox, as a tester would. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const { json } = await call(app, { method: 'GET', url: `/dev/sms/outbox?phone=${phone}`, vendor: null });
  const code = json.body.data[0]?.code;
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

export async function loginAs(ctx: TestContext, phone: string, extra: Record<string, unknown> = {}) {
  const sent = await sendCode(ctx.app, phone);
  if (sent.json.code !== 0) throw new Error(`send_code failed: ${sent.json.msg}`);
  const code = await latestCode(ctx.app, phone);
  ctx.clock.advance(61_000);
  return call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code, ...extra } });
}
