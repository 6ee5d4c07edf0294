/**
 * Two API servers behind one load balancer, the same database and Redis: a token one server has cached is refused
 * by it as soon as the other server logs it out (the identity cache hears the revocation through Redis).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ManualClock } from '../../clock.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('session revocation across servers through Redis', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 4, 0, 30));

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

  async function server(prefix: string) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    });
    const { app } = await buildApp(config, { database, clock });
    await app.ready();
    apps.push(app);
    return app;
  }

  const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { vendor: 'default', ...(token && { authorization: `Bearer ${token}` }) },
      ...(payload && { payload }),
    });

  it('refuses a logged-out token on the other server at once, though that server had it cached', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const [a, b] = [await server(prefix), await server(prefix)];
    const phone = '13900007777';
    await call(a, 'POST', '/agent/v1/user/send_code', undefined, { phone, type: 1 });
    const code = (await a.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` })).json().body.data[0].code;
    const token = (await call(a, 'POST', '/agent/v1/user/login', undefined, { phone, code })).json().body.access_token;

    // Server b resolves the token once: it is now in b's identity cache.
    expect((await call(b, 'GET', '/agent/v1/user/info', token)).json().code).toBe(0);
    expect((await call(a, 'POST', '/agent/v1/user/logout', token)).json().code).toBe(0);
    // No clock moves: only the message through Redis can make b forget it (the publish is awaited by the logout;
    // delivery to b's subscriber is asynchronous, so wait for it rather than for the cache to expire).
    await expect
      .poll(async () => (await call(b, 'GET', '/agent/v1/user/info', token)).statusCode, {
        timeout: 2_000,
        interval: 20,
      })
      .toBe(401);
    expect((await call(a, 'GET', '/agent/v1/user/info', token)).statusCode).toBe(401);
  });
});
