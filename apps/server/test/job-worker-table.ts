/**
 * Job kinds for the multi-process engine tests. Handlers write `job_marks` rows in the shared test database, so
 * the test can see which worker ran what, and when.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/database.js';
import { checkJobTable, type JobSpecs } from '../src/jobs/job-table.js';

export const TICK_EVERY_MS = 100;

const workerSpecs = {
  'test.hang': {
    input: z.object({}),
    retry: { attempts: 3, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
  },
  'test.tick': {
    input: z.object({}),
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: TICK_EVERY_MS },
  },
} satisfies JobSpecs;

export interface JobMark {
  kind: string;
  job_id: string;
  worker: string;
  event: string;
  run_at: number;
  at: number;
}

export async function createMarksTable(database: DatabaseHandle): Promise<void> {
  await sql`create table job_marks (kind varchar(32), job_id varchar(64), worker varchar(64), event varchar(16),
    run_at bigint, at bigint)`.execute(database.db);
}

export async function readMarks(database: DatabaseHandle): Promise<JobMark[]> {
  const { rows } = await sql<JobMark>`select * from job_marks order by at`.execute(database.db);
  return rows.map((row) => ({ ...row, run_at: Number(row.run_at), at: Number(row.at) }));
}

/** `hang`: the `test.hang` handler never returns (the worker is about to be killed). */
export function workerJobTable(database: DatabaseHandle, worker: string, { hang }: { hang: boolean }) {
  const mark = (kind: string, jobId: string, event: string, runAt: number) =>
    sql`insert into job_marks (kind, job_id, worker, event, run_at, at)
      values (${kind}, ${jobId}, ${worker}, ${event}, ${runAt}, ${Date.now()})`.execute(database.db);
  return checkJobTable(workerSpecs, {
    'test.hang': async (_input, { jobId, kind, runAt }) => {
      await mark(kind, jobId, 'started', runAt);
      if (hang) await new Promise(() => undefined);
      await mark(kind, jobId, 'done', runAt);
    },
    'test.tick': async (_input, { jobId, kind, runAt }) => {
      await mark(kind, jobId, 'tick', runAt);
    },
  });
}
