/**
 * Indexes of the team page: a leader's members newest first, and the leader shares each member's
 * orders earned the leader, so the team list and its sums read one leader's rows and never scan a table.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('agents_leader_team_at_idx').on('agents').columns(['leader_id', 'team_at']).execute();
  await db.schema
    .createIndex('share_orders_agent_type_attract_idx')
    .on('share_orders')
    .columns(['agent_id', 'share_type', 'attract_agent_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('share_orders_agent_type_attract_idx').execute();
  await db.schema.dropIndex('agents_leader_team_at_idx').execute();
}
