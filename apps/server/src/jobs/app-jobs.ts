/**
 * The application's job table: every background job kind of the product, its policy, and the service call that
 * handles it. Add a kind to `appJobSpecs` and its handler to `defineJobTable`; the build fails without both.
 */
import { z } from 'zod';
import type { OrderService } from '../modules/order/order.service.js';
import type { JobQueue } from './job-queue.js';
import { checkJobTable, type JobSpecs, type JobTable } from './job-table.js';

const noInput = z.object({});

export const appJobSpecs = {
  /** Pending orders whose 9:59 ran out are closed at Alipay and their wallet holds released. */
  'order.timeout-sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 30_000 },
  },
} satisfies JobSpecs;

export type AppJobSpecs = typeof appJobSpecs;
export type AppJobs = JobQueue<AppJobSpecs>;

/** The services job handlers call. */
export interface JobServices {
  orders: Pick<OrderService, 'expireDue'>;
}

export function defineJobTable({ orders }: JobServices): JobTable<AppJobSpecs> {
  return checkJobTable(appJobSpecs, {
    // Isolating each order (own try/catch, oldest first) is expireDue's duty, as for every sweep (job-table.ts).
    'order.timeout-sweep': async (_input, { log }) => {
      const expired = await orders.expireDue();
      if (expired > 0) log.info({ expired }, 'pending orders timed out');
    },
  });
}
