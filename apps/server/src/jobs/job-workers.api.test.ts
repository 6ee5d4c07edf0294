/** Worker processes on the database driver: SQLite, or PostgreSQL with TEST_DATABASE_URL. */
import { describeWorkerProcesses } from '../../test/job-worker-processes.js';

describeWorkerProcesses('database', { kind: 'database' }, async () => undefined);
