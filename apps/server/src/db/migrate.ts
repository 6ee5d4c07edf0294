/** Runs the timestamped migrations, in order, on either database. */
import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * The app's migrations on `db`; `schema` names the PostgreSQL schema that holds the migration tables when it is not
 * `public` (tests, which also use it to migrate down and up again).
 */
export function migratorOf(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema && { migrationTableSchema: schema }),
  });
}

export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const { error, results } = await migratorOf(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
