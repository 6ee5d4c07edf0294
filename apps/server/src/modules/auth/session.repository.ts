/** SQL for sessions. */
import type { Db } from '../../db/database.js';
import { precompile } from '../../db/precompiled.js';

export class SessionRepository {
  /** Every authorized request that misses the identity cache asks this: compiled once. */
  private readonly byHash;

  constructor(private readonly db: Db) {
    this.byHash = precompile(db, (args: { tokenHash: string }) =>
      db
        .selectFrom('sessions')
        .select(['id', 'agent_id', 'vendor', 'expires_at', 'revoked_at', 'last_seen_at'])
        .where('token_hash', '=', args.tokenHash),
    );
  }

  async insert(row: {
    token_hash: string;
    agent_id: number;
    vendor: string;
    ip: string;
    user_agent: string;
    now: number;
    expires_at: number;
  }): Promise<void> {
    const { now, ...rest } = row;
    await this.db
      .insertInto('sessions')
      .values({ ...rest, created_at: now, last_seen_at: now })
      .execute();
  }

  findByHash(tokenHash: string) {
    return this.byHash.first({ tokenHash });
  }

  async extend(id: number, now: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async revoke(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
