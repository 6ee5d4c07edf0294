/** Production entry: migrate, optionally seed, listen, start job workers (JOB_WORKERS), close gracefully on SIGINT/SIGTERM. */
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { DEMO_CREATOR_PHONE, seedDemoIncome } from '../demo/demo-income.js';
import { seedDemoTeam } from '../demo/demo-team.js';
import { closeOnSignal } from './close-on-signal.js';
import { loadConfigOrExit } from './load-config.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
await migrateToLatest(database.db);

const built = await buildApp(config, { database, closeDatabase: true });
const { app, services } = built;

closeOnSignal(app);
if (config.seedDemo) {
  // The catalogue through its owners' services, then a creator who uses it through the API.
  await seedDemoData(services, config.mediaDir, { media: true, log: console.log });
  const reported = await seedDemoIncome(built, Date.now());
  if (reported > 0) app.log.info(`demo creator ${DEMO_CREATOR_PHONE}: ${reported} orders reported and settled`);
  const members = await seedDemoTeam(built, DEMO_CREATOR_PHONE, Date.now());
  if (members > 0) app.log.info(`demo creator ${DEMO_CREATOR_PHONE}: ${members} team members registered`);
}

try {
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`创作者中心 is serving at http://${shown}:${config.port} (${config.database.kind})`);
  // Background jobs (the order timeout sweep among them) run here unless JOB_WORKERS=off leaves them to workers.
  if (config.jobWorkers === 'inline') await services.jobs.start();
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await database.destroy();
  process.exit(1);
}
