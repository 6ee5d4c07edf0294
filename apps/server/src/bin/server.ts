/** Production entry: migrate, optionally seed, listen, and close gracefully on SIGINT/SIGTERM. */
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../modules/content/demo-seed.js';
import { loadConfigOrExit } from './load-config.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
await migrateToLatest(database.db);
if (config.seedDemo) await seedDemoData(database.db, config.mediaDir, { media: true, log: console.log });

const app = await buildApp(config, { database });
app.addHook('onClose', () => database.destroy());

// The order timeout job: pending orders whose 9:59 ran out are closed at Alipay and their wallet holds released.
const ORDER_SWEEP_MS = 30_000;
const sweep = setInterval(() => {
  app.orders.expireDue().catch((error: unknown) => app.log.error({ err: error }, 'order timeout sweep failed'));
}, ORDER_SWEEP_MS);
sweep.unref();
app.addHook('onClose', async () => clearInterval(sweep));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`创作者中心 is serving at http://${shown}:${config.port} (${config.database.kind})`);
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await database.destroy();
  process.exit(1);
}
