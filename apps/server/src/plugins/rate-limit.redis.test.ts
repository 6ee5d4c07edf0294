import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two API servers behind one load balancer: the same database, the same Redis. Limits must count across both.
describe('rate limits shared through Redis', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 4, 0, 30));

  async function server(env: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      SMS_LIMIT_PER_IP_PER_HOUR: '1000',
      ...env,
    });
    const { app } = await buildApp(config, { database, clock });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-redis-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'db.sqlite') });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, ip = '10.8.0.1') =>
    app.inject({ method: 'GET', url, headers: { vendor: 'default', ...headers }, remoteAddress: ip });

  it('counts one client IP across servers', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `t${randomBytes(4).toString('hex')}:`, RATE_LIMIT_PER_IP: '5' };
    const [a, b] = [await server(env), await server(env)];
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await get(app, '/agent/v1/app/map')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const blocked = await get(b, '/agent/v1/app/map');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 42900, msg: '操作太频繁，请稍后再试', body: null });
    expect((await get(a, '/agent/v1/app/map', {}, '10.8.0.2')).statusCode).toBe(200);
    expect((await a.inject('/readyz')).json().body).toEqual({ status: 'ready' });
  });

  it('counts one agent across servers', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `t${randomBytes(4).toString('hex')}:`, RATE_LIMIT_PER_USER: '3' };
    const [a, b] = [await server(env), await server(env)];
    const phone = `1390${String(Date.now()).slice(-7)}`;
    const headers = { vendor: 'default' };
    await a.inject({ method: 'POST', url: '/agent/v1/user/send_code', headers, payload: { phone, type: 1 } });
    const outbox = await a.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` });
    const code = outbox.json().body.data[0].code as string;
    // Logged in on one server, the token works on the other: sessions live in the shared database.
    const login = await b.inject({ method: 'POST', url: '/agent/v1/user/login', headers, payload: { phone, code } });
    const auth = { authorization: `Bearer ${login.json().body.access_token}` };
    const statuses = [];
    for (const [app, ip] of [
      [a, '10.9.0.1'],
      [b, '10.9.0.2'],
      [a, '10.9.0.3'],
      [b, '10.9.0.4'],
    ] as const) {
      statuses.push((await get(app, '/agent/v1/user/info', auth, ip)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    clock.advance(60_000);
    expect((await get(a, '/agent/v1/user/info', auth, '10.9.0.5')).statusCode).toBe(200);
  });

  it('keeps answering when Redis is unreachable, and says it is not ready', async () => {
    const app = await server({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_IP: '1' });
    expect((await get(app, '/agent/v1/app/map')).statusCode).toBe(200);
    expect((await get(app, '/agent/v1/app/map')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
  });
});
