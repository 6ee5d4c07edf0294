/** SQL for QR logins: every change is one conditional UPDATE, so two phones or two polls cannot both win. */
import type { Db } from '../../db/database.js';
import type { LoginQrSessionTable } from '../../db/schema.js';

type Row = Omit<LoginQrSessionTable, 'requester_ip' | 'requester_agent'> & {
  requester_ip: string;
  requester_agent: string;
};

export class QrLoginRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Row): Promise<void> {
    await this.db.insertInto('login_qr_sessions').values(row).execute();
  }

  find(id: string): Promise<Row | undefined> {
    return this.db.selectFrom('login_qr_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Waiting → scanned by this agent, or scanned again by the same agent; false when someone else holds it. */
  async scan(id: string, agentId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_qr_sessions')
      .set({ status: 'scanned', agent_id: agentId, scanned_at: now })
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .where((eb) =>
        eb.or([eb('status', '=', 'waiting'), eb.and([eb('status', '=', 'scanned'), eb('agent_id', '=', agentId)])]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Waiting or scanned (by this agent) → `to`. */
  async decide(id: string, agentId: number, to: 'confirmed' | 'cancelled', now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_qr_sessions')
      .set({ status: to, agent_id: agentId, ...(to === 'confirmed' && { confirmed_at: now }) })
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .where((eb) =>
        eb.or([eb('status', '=', 'waiting'), eb.and([eb('status', '=', 'scanned'), eb('agent_id', '=', agentId)])]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Confirmed and not yet collected → collected; true for exactly one caller. */
  async consume(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_qr_sessions')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'confirmed')
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Forgets sessions that ended long ago. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('login_qr_sessions').where('expires_at', '<', before).execute();
  }
}
