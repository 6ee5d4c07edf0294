/** `npm run db:seed`: migrates, then seeds the demo catalogue through its modules' services (idempotent). */
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { loadConfigOrExit } from './load-config.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  // The app is built for its services only: it never listens, and closing it leaves the database to us.
  const { app, services } = await buildApp(config, { database });
  try {
    await seedDemoData(services, config.mediaDir, { media: true, log: console.log });
  } finally {
    await app.close();
  }
  console.log('Demo data is in place.');
} finally {
  await database.destroy();
}
