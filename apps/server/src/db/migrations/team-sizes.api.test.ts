/** The team sizes migration counts the members each leader already has. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRow } from '../../../test/settlement-fixtures.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-app.js';
import { migratorOf } from '../migrate.js';

describe(`team sizes migration (${testDatabaseKind})`, () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());

  it('sets each leader’s team size to the members registered under them, and 0 elsewhere', async () => {
    const db = test.database.db;
    const migrator = migratorOf(db, test.target.schema);
    const down = await migrator.migrateTo('20261125160000_agent_task_figures');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('20261125170000_team_sizes');

    let phone = 13900007000;
    const agent = async (leaderId: number | null) => {
      phone += 1;
      const row = await db
        .insertInto('agents')
        .values(
          agentRow({
            phone: String(phone),
            nickname: '迁移',
            invite_code: `TS${phone}`,
            leader_id: leaderId,
            team_at: leaderId === null ? null : 0,
            created_at: 0,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const big = await agent(null);
    const small = await agent(null);
    const alone = await agent(null);
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await agent(big));
    members.push(await agent(small));
    // A member can lead a team of their own.
    await agent(members[0]!);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const sizes = await db
      .selectFrom('agents')
      .select(['id', 'team_size'])
      .where('id', 'in', [big, small, alone, members[0]!, members[1]!])
      .execute();
    expect(Object.fromEntries(sizes.map((row) => [Number(row.id), Number(row.team_size)]))).toEqual({
      [big]: 5,
      [small]: 1,
      [alone]: 0,
      [members[0]!]: 1,
      [members[1]!]: 0,
    });
  });
});
