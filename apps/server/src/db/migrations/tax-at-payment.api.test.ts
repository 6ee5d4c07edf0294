/**
 * The tax-at-payment migration: withdrawals already paying or paid keep their withholding as final; of agents that
 * already share an ID number the oldest keeps it, and from then on the database refuses a second holder.
 */
import { OutStatus } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRow } from '../../../test/settlement-fixtures.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-app.js';
import { migratorOf } from '../migrate.js';
import { isUniqueViolation } from '../unique-violation.js';

describe(`tax at payment migration (${testDatabaseKind})`, () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());

  it('keeps one holder per ID hash (the oldest), tolerates many without one, and marks paid withdrawals final', async () => {
    const db = test.database.db;
    const migrator = migratorOf(db, test.target.schema);
    const down = await migrator.migrateTo('20261125170000_team_sizes');
    expect(down.error).toBeUndefined();

    let phone = 13900018000;
    const agent = async (hash: string) => {
      phone += 1;
      const row = await db
        .insertInto('agents')
        .values({
          ...agentRow({ phone: String(phone), nickname: '迁移', invite_code: `TX${phone}`, created_at: 0 }),
          id_card_enc: hash ? 'v1.enc' : '',
          id_card_hash: hash,
          id_card_mask: hash ? '3301**********1234' : '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const oldest = await agent('a'.repeat(64));
    const later = await agent('a'.repeat(64));
    const other = await agent('b'.repeat(64));
    const noIdOne = await agent('');
    const noIdTwo = await agent('');
    const cashOut = async (status: OutStatus, to: string) => {
      const row = await db
        .insertInto('cash_outs')
        .values({
          agent_id: oldest,
          out_status: status,
          amount_fen: 100,
          cash_out_to: to,
          order_no: null,
          created_at: 0,
          finish_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const waiting = await cashOut(OutStatus.Waiting, '2');
    const complete = await cashOut(OutStatus.Complete, '1');
    const pending = await cashOut(OutStatus.Pending, '2');
    const agreed = await cashOut(OutStatus.Agreed, '1');

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const agents = await db
      .selectFrom('agents')
      .select(['id', 'id_card_hash', 'id_card_mask'])
      .where('id', 'in', [oldest, later, other, noIdOne, noIdTwo])
      .orderBy('id')
      .execute();
    expect(agents.map((a) => [Number(a.id), a.id_card_hash.slice(0, 1), a.id_card_mask !== ''])).toEqual([
      [oldest, 'a', true],
      [later, '', false],
      [other, 'b', true],
      [noIdOne, '', false],
      [noIdTwo, '', false],
    ]);
    const finals = await db
      .selectFrom('cash_outs')
      .select(['id', 'tax_final'])
      .where('id', 'in', [waiting, complete, pending, agreed])
      .orderBy('id')
      .execute();
    expect(finals.map((r) => r.tax_final)).toEqual([1, 1, 0, 0]);

    const second = db
      .updateTable('agents')
      .set({ id_card_hash: 'b'.repeat(64) })
      .where('id', '=', later)
      .execute();
    await expect(
      second.then(
        () => null,
        (error: unknown) => isUniqueViolation(error),
      ),
    ).resolves.toBe(true);
  });
});
