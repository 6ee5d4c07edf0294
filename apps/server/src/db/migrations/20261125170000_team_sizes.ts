/**
 * How many members each leader's team has, kept on the leader's row as members register, so the team
 * page and its summary know the count without counting the whole team on every view. A member's `leader_id` is set
 * once, when they register with the leader's invite code, and agents are never deleted, so registration is the one
 * writer of this count.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('team_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update agents set team_size = (select count(*) from agents m where m.leader_id = agents.id)
    where exists (select 1 from agents m where m.leader_id = agents.id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('agents').dropColumn('team_size').execute();
}
