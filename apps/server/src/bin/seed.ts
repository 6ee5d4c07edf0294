/** `npm run db:seed`: migrates, then seeds the demo catalogue through its modules' services (idempotent). */
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { demoServices } from '../demo-services.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { loadConfigOrExit } from './load-config.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  await seedDemoData(demoServices(database, systemClock), config.mediaDir, { media: true, log: console.log });
  console.log('Demo data is in place.');
} finally {
  await database.destroy();
}
