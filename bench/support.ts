/**
 * What the benchmarks share: the product on a private SQLite database (or a private schema of
 * `BENCH_DATABASE_URL`), the bare Fastify baseline it is compared with in the same run, and the load generator.
 * Server, baseline and load generator each run in their own process: on 2 cores a load generator inside the
 * server's process halves both figures.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/demo/demo-seed.js';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** PostgreSQL for the product when set; SQLite otherwise. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  unexpected: number;
  /** CPU time the load generator used over the run, in seconds. */
  loadCpuSeconds?: number;
  /** CPU time the measured server used over the run, in seconds (when its process id is known, on Linux). */
  serverCpuSeconds?: number;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used so far (user + system, all its threads), from /proc; undefined where unknown. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: field 3 (state) onwards; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** A child process that prints one JSON line when it is ready; stopped with SIGTERM. */
export interface Served<T> {
  info: T;
  child: ChildProcess;
  close(): Promise<void>;
}

export async function serve<T>(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
  /** The bench folder to run the script from: this checkout's, or another's (an earlier commit to compare with). */
  benchDir: string = import.meta.dirname,
): Promise<Served<T>> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd: benchDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => line as string),
    once(child, 'exit').then(() => {
      throw new Error(`${script} exited before it was ready`);
    }),
  ]);
  lines.close();
  return {
    info: JSON.parse(first) as T,
    child,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Runs the load generator (`load.ts`) in its own process against `url` and answers its figures. */
/**
 * Runs the load generator against `url` and answers its figures; with `serverPid`, also the CPU time that server
 * process used meanwhile (it is idle before and after), so a run shows whether the server or the generator was the
 * bottleneck.
 */
export async function measure(
  name: string,
  url: string,
  options: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string; expectStatus?: number } = {},
  serverPid?: number,
): Promise<Figures> {
  const request = { url, ...options, connections: CONNECTIONS, duration: DURATION };
  const cpuBefore = cpuSecondsOf(serverPid);
  const load = await serve<Omit<Figures, 'name'>>('load.ts', [JSON.stringify(request)]);
  await once(load.child, 'exit');
  const cpuAfter = cpuSecondsOf(serverPid);
  const serverCpuSeconds = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return { name, ...load.info, serverCpuSeconds };
}

/** The bare Fastify route of the same run, in its own process. */
export async function startBaseline(): Promise<{ url: string; pid?: number; close(): Promise<void> }> {
  const bare = await serve<{ url: string }>('serve-bare.ts');
  return { url: bare.info.url, pid: bare.child.pid, close: bare.close };
}

/** `BENCH_CPU_PROFILE=<dir>`: the product process writes a V8 CPU profile there when it stops. */
export function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/** The product in its own process (`serve-product.ts`): its address, an agent's token and a promotion code. */
export interface ProductInfo {
  base: string;
  token: string;
  code: string;
  agentId: number;
  databaseFile?: string;
}

export async function startProductProcess(
  mode?: 'NORMAL' | 'FULL',
  benchDir?: string,
): Promise<ProductInfo & { pid?: number; close(): Promise<void> }> {
  const product = await serve<ProductInfo>('serve-product.ts', mode ? [mode] : [], {}, profileArgs(), benchDir);
  return { ...product.info, pid: product.child.pid, close: product.close };
}

export interface Product {
  app: FastifyInstance;
  /** The product's database, for benchmarks that put their own rows in. */
  database: DatabaseHandle;
  base: string;
  token: string;
  /** The logged-in agent. */
  agentId: number;
  /** SQLite: the database file (the floor benchmark reads it too); absent on PostgreSQL. */
  databaseFile?: string;
  close(): Promise<void>;
}

export interface ProductOptions {
  /** Overrides the SQLite `synchronous` pragma the app opens with, to compare durability settings. */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
}

/** The real app with demo data, listening on loopback, and a logged-in agent's token. */
export async function startProduct(options: ProductOptions = {}): Promise<Product> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_USER: '100000000',
    DATABASE_URL: BENCH_DATABASE_URL,
  });
  const schema = config.database.kind === 'postgres' ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  if (config.database.kind === 'postgres') await adminQuery(config.database.url, `create schema ${schema}`);
  const database = openDatabase(config.database, { schema });
  // Kysely runs SQLite on one connection, so the pragma holds for every later query.
  if (options.sqliteSynchronous && database.kind === 'sqlite') {
    await sql.raw(`pragma synchronous = ${options.sqliteSynchronous}`).execute(database.db);
  }
  await migrateToLatest(database.db, schema);
  const { app, services } = await buildApp(config, { database });
  await seedDemoData(services, config.mediaDir);
  const phone = '13900000001';
  const headers = { vendor: 'default' };
  await app.inject({ method: 'POST', url: '/agent/v1/user/send_code', headers, payload: { phone, type: 1 } });
  const outbox = await app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` });
  const code = outbox.json().body.data[0].code as string;
  const login = await app.inject({ method: 'POST', url: '/agent/v1/user/login', headers, payload: { phone, code } });
  const token = login.json().body.access_token as string;
  const agentId = (
    await app.inject({ url: '/agent/v1/user/info', headers: { ...headers, authorization: `Bearer ${token}` } })
  ).json().body.agent_id as number;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    base,
    token,
    agentId,
    databaseFile: config.database.kind === 'sqlite' ? config.database.file : undefined,
    close: async () => {
      await app.close();
      await database.destroy();
      if (config.database.kind === 'postgres') await adminQuery(config.database.url, `drop schema ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Receives the first promotion task as the product's agent and answers its promotion code (for `/s/{code}`). */
export async function receivePromotionCode(product: Product): Promise<string> {
  const headers = { vendor: 'default', authorization: `Bearer ${product.token}`, 'content-type': 'application/json' };
  const page = await fetch(`${product.base}/agent/v1/task/page?task_type=1&page_size=1`, { headers });
  const task = ((await page.json()) as { body: { data: { task_id: number }[] } }).body.data[0]!;
  const received = await fetch(`${product.base}/agent/v1/task/receive`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ task_id: task.task_id, task_type: 1 }),
  });
  return ((await received.json()) as { body: { code: string } }).body.code;
}

/** A row's goal: its requests/s at least this share of the bare route's. */
export type Goals = Record<string, number>;

/** A route measured beside the bare route: the bare figures of the runs just before and just after it. */
export interface Compared extends Figures {
  bareBefore?: number;
  bareAfter?: number;
}

export interface Target {
  name: string;
  url: string;
  options?: Parameters<typeof measure>[2];
  goal?: number;
  /** The server process behind `url`, for its CPU time. */
  pid?: number | undefined;
}

/**
 * Measures each target between two runs of the bare route (bare, a, bare, b, bare…), so that each ratio is taken
 * against the bare route's figure of the same minute: on a shared 2-core machine the bare route's own rate drifts by
 * tens of per cent over a run, which a single bare figure at the start turns into noise in every ratio.
 */
export async function compareWithBare(
  title: string,
  baseline: { url: string; pid?: number | undefined },
  targets: Target[],
): Promise<void> {
  const rows: Compared[] = [];
  let bare = await measure('bare Fastify route', baseline.url, {}, baseline.pid);
  rows.push(bare);
  for (const target of targets) {
    const figures = await measure(target.name, target.url, target.options, target.pid);
    const after = await measure('bare Fastify route', baseline.url, {}, baseline.pid);
    rows.push({ ...figures, bareBefore: bare.requestsPerSecond, bareAfter: after.requestsPerSecond }, after);
    bare = after;
  }
  report(title, rows, Object.fromEntries(targets.filter((t) => t.goal !== undefined).map((t) => [t.name, t.goal!])));
}

/**
 * Prints the figures beside the baseline, with each row's ratio to it and its goal, and fails the run if any answer
 * was wrong. A row measured between two bare runs (`compareWithBare`) is compared with their mean; any other row
 * with the first row.
 */
export function report(title: string, rows: Compared[], goals: Goals = {}): void {
  const database = BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\n${title} — ${database}; autocannon in its own process, ${CONNECTIONS} connections, ${DURATION}s each; ` +
      `${os.cpus().length} cores`,
  );
  const first = rows[0]!;
  console.table(
    rows.map((f) => {
      const bare =
        f.bareBefore !== undefined && f.bareAfter !== undefined
          ? (f.bareBefore + f.bareAfter) / 2
          : first.requestsPerSecond;
      const ratio = f.requestsPerSecond / bare;
      const goal = goals[f.name];
      return {
        route: f.name,
        'req/s': Math.round(f.requestsPerSecond),
        'p99 ms': f.p99,
        'bare around': f.bareBefore === undefined ? '' : Math.round(bare),
        'vs bare': f.bareBefore === undefined && f !== first ? '' : ratio.toFixed(2),
        goal: goal === undefined ? '' : `≥ ${goal} ${ratio >= goal ? '✓' : '✗'}`,
        'server CPU': cpuShare(f.serverCpuSeconds),
        'load CPU': cpuShare(f.loadCpuSeconds),
        errors: f.errors,
        unexpected: f.unexpected,
      };
    }),
  );
  console.log(
    'server CPU, load CPU: CPU time each process used over the run, as a share of one core (100 % = one core busy ' +
      'all along); the one near 100 % is the bottleneck.',
  );
  if (rows.some((f) => f.errors > 0 || f.unexpected > 0)) {
    console.error('✖ some answers were errors or had an unexpected status');
    process.exitCode = 1;
  }
}

const cpuShare = (seconds: number | undefined) =>
  seconds === undefined ? '' : `${Math.round((100 * seconds) / DURATION)} %`;

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
