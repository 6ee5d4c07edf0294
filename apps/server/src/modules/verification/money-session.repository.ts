/** SQL for money sessions (ADR 0026): one row per login session, replaced each time a money code opens it. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export class MoneySessionRepository {
  async open(
    trx: Transaction<Database>,
    row: { session_id: number; agent_id: number; device_id: string; opened_at: number; expires_at: number },
  ): Promise<void> {
    await trx
      .insertInto('money_sessions')
      .values(row)
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          device_id: row.device_id,
          opened_at: row.opened_at,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  /** When the money session of this login on this device ends, if it is still open at `now`. */
  async openUntil(
    executor: Kysely<Database>,
    where: { session_id: number; agent_id: number; device_id: string },
    now: number,
  ): Promise<number | undefined> {
    const row = await executor
      .selectFrom('money_sessions')
      .select('expires_at')
      .where('session_id', '=', where.session_id)
      .where('agent_id', '=', where.agent_id)
      .where('device_id', '=', where.device_id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.expires_at;
  }
}
