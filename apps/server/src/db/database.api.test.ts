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
});
