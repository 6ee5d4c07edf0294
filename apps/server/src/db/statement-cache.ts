/**
 * Prepared statements kept for reuse. Kysely's SQLite driver prepares every query again on every call, which costs
 * as much as running it; better-sqlite3 statements are reusable, so `prepare` answers the statement it prepared for
 * the same SQL before (least recently used ones leave past `size`). Kysely runs one query at a time on the one
 * SQLite connection (a stream holds it until it ends), so a cached statement is never busy when it is handed out.
 */
import type SQLite from 'better-sqlite3';

export const STATEMENT_CACHE_SIZE = 1000;

export function cacheStatements(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite) as (source: string) => SQLite.Statement;
  const cached = (source: string): SQLite.Statement => {
    let statement = cache.get(source);
    if (statement) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  };
  sqlite.prepare = cached as typeof sqlite.prepare;
  return sqlite;
}
