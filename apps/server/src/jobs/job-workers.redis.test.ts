/** Worker processes on the BullMQ driver, against the local Redis (TEST_REDIS_URL). */
import { randomBytes } from 'node:crypto';
import { describeWorkerProcesses } from '../../test/job-worker-processes.js';
import { deleteKeys } from '../../test/job-queue-suite.js';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `cc-test-${randomBytes(4).toString('hex')}`;

describeWorkerProcesses('BullMQ', { kind: 'bullmq', url, prefix }, () => deleteKeys(url, prefix));
