/** The tool job requests migration numbers each creator's existing jobs 1, 2, 3… and carries their request keys over. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRow } from '../../../test/settlement-fixtures.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-app.js';
import { migratorOf } from '../migrate.js';

describe(`tool job requests migration (${testDatabaseKind})`, () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());

  it('numbers jobs per creator in their order and keeps the keys of charged jobs for a day', async () => {
    const db = test.database.db;
    const migrator = migratorOf(db, test.target.schema);
    const down = await migrator.migrateTo('20261126170000_images');
    expect(down.error).toBeUndefined();
    const agent = async (phone: string) =>
      Number(
        (
          await db
            .insertInto('agents')
            .values(agentRow({ phone, nickname: '迁移', invite_code: `TJ${phone.slice(-6)}`, created_at: 0 }))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const a = await agent('13900008001');
    const b = await agent('13900008002');
    const job = (agentId: number, key: string | null, charged = 1) =>
      sql`insert into tool_jobs (agent_id, tool, status, price, charged, media_ids, config, request_key, created_at, updated_at)
        values (${agentId}, 'dedup', 'succeeded', 5, ${charged}, '[]', '{}', ${key}, 1000, 1000)`.execute(db);
    await job(a, 'key-one');
    await job(b, null);
    await job(a, null);
    await job(b, 'key-one');
    await job(a, 'key-never-charged', 0);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const jobs = await db.selectFrom('tool_jobs').select(['agent_id', 'agent_seq']).orderBy('id').execute();
    expect(jobs.map((j) => [Number(j.agent_id), j.agent_seq])).toEqual([
      [a, 1],
      [b, 1],
      [a, 2],
      [b, 2],
      [a, 3],
    ]);
    const keys = await db
      .selectFrom('tool_job_requests')
      .select(['agent_id', 'request_key', 'fingerprint', 'expires_at'])
      .orderBy('agent_id')
      .execute();
    expect(keys.map((k) => [Number(k.agent_id), k.request_key, k.fingerprint, Number(k.expires_at)])).toEqual([
      [a, 'key-one', null, 1000 + 24 * 60 * 60 * 1000],
      [b, 'key-one', null, 1000 + 24 * 60 * 60 * 1000],
    ]);
  });
});
