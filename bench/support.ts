/**
 * What the benchmarks share: the product on a private SQLite database (or DATABASE_URL), the bare Fastify
 * baseline they are compared with in the same run, and autocannon with a printed table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/modules/content/demo-seed.js';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  unexpected: number;
}

export async function measure(
  name: string,
  url: string,
  options: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string; expectStatus?: number } = {},
): Promise<Figures> {
  const expected = options.expectStatus ?? 200;
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        connections: CONNECTIONS,
        duration: DURATION,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== expected) unexpected += 1;
    });
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    unexpected,
  };
}

export async function startBaseline(): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 0, msg: 'ok', body: { hello: 'world' } }));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/bare`, close: () => bare.close() };
}

export interface Product {
  app: FastifyInstance;
  /** The product's database, for benchmarks that put their own rows in. */
  database: DatabaseHandle;
  base: string;
  token: string;
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
    DATABASE_URL: process.env.DATABASE_URL,
  });
  const database = openDatabase(config.database);
  // Kysely runs SQLite on one connection, so the pragma holds for every later query.
  if (options.sqliteSynchronous && database.kind === 'sqlite') {
    await sql.raw(`pragma synchronous = ${options.sqliteSynchronous}`).execute(database.db);
  }
  await migrateToLatest(database.db);
  await seedDemoData(database.db, config.mediaDir);
  const app = await buildApp(config, { database });
  const phone = '13900000001';
  const headers = { vendor: 'default' };
  await app.inject({ method: 'POST', url: '/agent/v1/user/send_code', headers, payload: { phone, type: 1 } });
  const outbox = await app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` });
  const code = outbox.json().body.data[0].code as string;
  const login = await app.inject({ method: 'POST', url: '/agent/v1/user/login', headers, payload: { phone, code } });
  const token = login.json().body.access_token as string;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    base,
    token,
    close: async () => {
      await app.close();
      await database.destroy();
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

/** Prints the figures beside the baseline (the first row) and fails the run if any answer was wrong. */
export function report(title: string, rows: Figures[]): void {
  console.log(`\n${title} — autocannon, ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores`);
  const baseline = rows[0]!;
  console.table(
    rows.map((f) => ({
      route: f.name,
      'req/s': Math.round(f.requestsPerSecond),
      'p99 ms': f.p99,
      'vs bare': `${((f.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}%`,
      errors: f.errors,
      unexpected: f.unexpected,
    })),
  );
  if (rows.some((f) => f.errors > 0 || f.unexpected > 0)) {
    console.error('✖ some answers were errors or had an unexpected status');
    process.exitCode = 1;
  }
}
