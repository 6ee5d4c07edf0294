/** The shared job queue behaviour on the BullMQ driver, against the local Redis (TEST_REDIS_URL). */
import { randomBytes } from 'node:crypto';
import { deleteKeys, describeJobQueue } from '../../test/job-queue-suite.js';
import { BullmqJobQueue } from './bullmq-queue.js';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describeJobQueue('BullMQ', async () => {
  const prefix = `cc-test-${randomBytes(4).toString('hex')}`;
  return {
    makeQueue: (options) => new BullmqJobQueue({ url, prefix }, options),
    close: () => deleteKeys(url, prefix),
  };
});
