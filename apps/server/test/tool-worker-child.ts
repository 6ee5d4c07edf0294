/**
 * A whole-app job worker process for the tool tests (what `npm run worker` runs): the app of the test's database
 * (CC_JOB_TARGET) and data folder (CC_DATA_DIR), running every job kind until it is killed. It reports the pid of every ffmpeg/ffprobe it starts on stdout.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { onMediaProcessStart } from '../src/providers/media/ffmpeg-process.js';
import type { TestDatabaseTarget } from './test-app.js';

const target = JSON.parse(process.env.CC_JOB_TARGET ?? '') as TestDatabaseTarget;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: process.env.CC_DATA_DIR,
  DATABASE_URL: target.config.kind === 'postgres' ? target.config.url : undefined,
});
const database = openDatabase(target.config, { schema: target.schema, max: 4 });
const { app, services } = await buildApp(config, {
  database,
  jobs: { leaseMs: Number(process.env.CC_LEASE_MS ?? 1500), pollMs: 50, workerId: process.env.CC_WORKER_ID },
});
await app.ready();
// The test watches the ffmpeg processes of this worker by pid (each leads its own process group).
onMediaProcessStart(({ pid }) => process.stdout.write(`media-process ${pid}\n`));
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
await services.jobs.start();
process.stdout.write('ready\n');
