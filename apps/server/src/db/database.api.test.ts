import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestContext } from '../../test/test-app.js';

describe(`database durability (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('acknowledges a commit only once it is on disk', async () => {
    if (ctx.database.kind === 'sqlite') {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(ctx.database.db);
      const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(ctx.database.db);
      expect(journal[0]?.journal_mode).toBe('wal');
      expect(rows[0]?.synchronous).toBe(2); // FULL
    } else {
      const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(ctx.database.db);
      expect(rows[0]?.synchronous_commit).toBe('on');
    }
  });

  it('prepares each query once per connection and reuses it', async () => {
    const run = () => ctx.database.db.selectFrom('agents').select('id').where('phone', '=', '13900000000').execute();
    // SQLite's statement cache has its own test (statement-cache.test.ts).
    if (ctx.database.kind === 'sqlite') return expect(await run()).toEqual([]);
    // PostgreSQL: a named server-side statement, visible to the connection that prepared it; run it on one
    // connection inside a transaction so the check sees the same connection.
    await ctx.database.db.transaction().execute(async (trx) => {
      const query = trx.selectFrom('agents').select('id').where('phone', '=', '13900000000');
      await query.execute();
      await query.execute();
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(trx);
      const prepared = rows.filter((row) => row.statement.includes('from "agents" where "phone" = $1'));
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^cc_\d+$/);
    });
  });
});
