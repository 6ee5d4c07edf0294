/**
 * The product serving the built web app (`apps/web/dist`) alone in its own process, for `web.bench.ts`: a private
 * SQLite database with the demo catalogue (its covers and app icons; no videos, /task shows none), prints `{ base }`
 * as one JSON line once listening, closes on SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/demo/demo-seed.js';

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../apps/web/dist');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-web-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST_DIR,
  RATE_LIMIT_PER_IP: '100000000',
  RATE_LIMIT_PER_USER: '100000000',
});
const database = openDatabase(config.database);
await migrateToLatest(database.db);
const { app, services } = await buildApp(config, { database });
await seedDemoData(services, config.mediaDir);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ base })}\n`);
process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
