/**
 * Serialises work on one key inside a transaction. PostgreSQL takes a transaction-scoped advisory lock;
 * SQLite needs nothing because Kysely runs every SQLite transaction on its single connection, one at a time.
 */
import { sql, type Transaction } from 'kysely';
import type { DialectKind } from './database.js';
import type { Database } from './schema.js';

export async function lockKey(trx: Transaction<Database>, kind: DialectKind, key: string): Promise<void> {
  if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
