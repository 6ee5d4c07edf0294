/** Opens the database of the configured profile: SQLite (WAL, synchronous FULL, foreign keys on) or PostgreSQL. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type LogEvent } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Database } from './schema.js';
import { ReadWriteSqliteDialect } from './sqlite-driver.js';
import { cacheStatements } from './statement-cache.js';

export type Db = Kysely<Database>;
export type DialectKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DialectKind;
  destroy(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export interface OpenOptions {
  /** PostgreSQL: the schema put first on the search_path (tests give every file its own). */
  schema?: string;
  /** PostgreSQL: the pool size. */
  max?: number;
  /** Hears every query the app runs (the query-plan tests read them to EXPLAIN each). */
  onQuery?: (query: CompiledQuery) => void;
}

export function openDatabase(config: AppConfig['database'], options: OpenOptions = {}): DatabaseHandle {
  if (config.kind === 'postgres') {
    // Counts and epoch-millisecond columns are BIGINT; they stay far below 2^53, so numbers are safe.
    const types = {
      getTypeParser: (oid: number, format?: string) =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format as 'text'),
    };
    const pool = new pg.Pool({
      connectionString: config.url,
      max: options.max ?? 10,
      types,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    pool.on('connect', (client) => prepareStatements(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logOf(options) });
    return { db, kind: 'postgres', destroy: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: a commit is on disk before it is acknowledged. WAL with NORMAL can lose the last commits on a power cut,
  // and a lost commit can be a paid order (ADR 0009 has the measured cost).
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<Database>({
    dialect: new ReadWriteSqliteDialect(cacheStatements(sqlite), openReader(config.file)),
    log: logOf(options),
  });
  return { db, kind: 'sqlite', destroy: () => db.destroy() };
}

/**
 * The read-only second connection for reads outside transactions (`sqlite-driver.ts`); none for an in-memory
 * database, which a second connection would not share. Opened after the writer has set WAL mode.
 */
function openReader(file: string): SQLite.Database | null {
  if (file === ':memory:' || file === '') return null;
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return cacheStatements(reader);
}

/** Distinct SQL texts a PostgreSQL connection prepares as named statements; later texts run unnamed. */
export const PG_PREPARED_PER_CONNECTION = 500;

/**
 * Server-side prepared statements on PostgreSQL: the connection parses and plans a query's text once and then only
 * binds and executes it. node-postgres does this for queries given a `name`; each connection names the first
 * `PG_PREPARED_PER_CONNECTION` distinct texts it sees (the app's queries are a fixed set, bar `in (...)` lists of
 * varying length), so what a connection keeps stays bounded without deallocating anything.
 */
function prepareStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values)) return query(text, values, callback);
    let name = names.get(text);
    if (name === undefined && names.size < PG_PREPARED_PER_CONNECTION) {
      name = `cc_${names.size}`;
      names.set(text, name);
    }
    return name === undefined ? query(text, values, callback) : query({ name, text, values }, callback);
  };
}

function logOf(options: OpenOptions): ((event: LogEvent) => void) | undefined {
  const { onQuery } = options;
  return onQuery && ((event) => onQuery(event.query));
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
