/** `npm run db:seed`: migrates, then seeds the demo catalogue (idempotent). */
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { loadConfigOrExit } from './load-config.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  await seedDemoData(database.db, config.mediaDir, { media: true, log: console.log });
  console.log('Demo data is in place.');
} finally {
  await database.destroy();
}
