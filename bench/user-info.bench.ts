/**
 * `npm run bench`: autocannon against `GET /agent/v1/user/info` (authorized: vendor check, token lookup,
 * agent read, zod serialization) beside a bare Fastify route returning a constant, in the same run, on the
 * same machine. Prints requests/s and p99 latency of both and their ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function startBaseline(): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 0, msg: 'ok', body: { hello: 'world' } }));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/bare`, close: () => bare.close() };
}

async function startProduct(): Promise<{ url: string; token: string; close(): Promise<void> }> {
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
  await migrateToLatest(database.db);
  const app = await buildApp(config, { database });
  const phone = '13900000001';
  const headers = { vendor: 'default' };
  await app.inject({ method: 'POST', url: '/agent/v1/user/send_code', headers, payload: { phone, type: 1 } });
  const outbox = await app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` });
  const code = outbox.json().body.data[0].code as string;
  const login = await app.inject({ method: 'POST', url: '/agent/v1/user/login', headers, payload: { phone, code } });
  const token = login.json().body.access_token as string;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address}/agent/v1/user/info`,
    token,
    close: async () => {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const baseline = await startBaseline();
const product = await startProduct();
try {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores\n`);
  const bare = await measure('bare Fastify route', baseline.url);
  const info = await measure('GET /agent/v1/user/info', product.url, {
    vendor: 'default',
    authorization: `Bearer ${product.token}`,
  });
  console.table(
    [bare, info].map((f) => ({
      route: f.name,
      'req/s': Math.round(f.requestsPerSecond),
      'p99 ms': f.p99,
      errors: f.errors,
      non2xx: f.non2xx,
    })),
  );
  const ratio = info.requestsPerSecond / bare.requestsPerSecond;
  console.log(
    `user/info throughput is ${(ratio * 100).toFixed(1)}% of the bare route (p99 ${info.p99} ms vs ${bare.p99} ms)`,
  );
  if (info.non2xx > 0 || info.errors > 0) {
    console.error('✖ user/info answered errors during the run');
    process.exitCode = 1;
  }
} finally {
  await product.close();
  await baseline.close();
}
