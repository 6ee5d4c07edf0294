/**
 * `npm run worker`: a process that only runs background jobs (no HTTP), beside API servers started with
 * JOB_WORKERS=off. It builds the same app (for its services and job table) without listening.
 */
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { closeOnSignal } from './close-on-signal.js';
import { loadConfigOrExit } from './load-config.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
await migrateToLatest(database.db);

const { app, services } = await buildApp(config, { database, closeDatabase: true });
closeOnSignal(app);
await app.ready();
await services.jobs.start();
app.log.info(`创作者中心 job worker running (${config.database.kind}${config.redis ? ', BullMQ' : ''})`);
