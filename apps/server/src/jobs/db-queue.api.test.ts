/** The shared job queue behaviour on the database driver: SQLite, or PostgreSQL with TEST_DATABASE_URL. */
import { createTestDatabase } from '../../test/test-app.js';
import { describeJobQueue } from '../../test/job-queue-suite.js';
import { DbJobQueue } from './db-queue.js';

describeJobQueue('database', async () => {
  const { database, close } = await createTestDatabase();
  return { makeQueue: (options) => new DbJobQueue(database, options), close };
});
