/**
 * SQLite for Kysely with reads beside the writer (ADR 0023). Kysely's own SQLite driver has one connection behind a
 * mutex: every query, a plain read included, waits until the open transaction (if any) commits, and under load the
 * mutex wakes every waiter at each release. Here a query outside a transaction that is a `select` runs on a second,
 * read-only connection at once; everything else — writes, transactions, raw SQL, streams — runs on the writer, one
 * holder at a time, in arrival order.
 *
 * A read on the reader sees the last committed state, never the writer's open transaction: what a read outside a
 * transaction sees on PostgreSQL, which the code is written and tested for. A query inside a transaction (after its
 * `begin`) always runs on the writer, so a transaction reads its own writes.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** One holder at a time, handed over in arrival order (no wake-up of every waiter at each release). */
export class FifoMutex {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  lock(): Promise<void> | void {
    if (!this.held) {
      this.held = true;
      return;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  unlock(): void {
    const next = this.waiting.shift();
    // Handed to the next waiter still held, so nobody can slip in between.
    if (next) next();
    else this.held = false;
  }
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;
const rowBuilders = new WeakMap<SQLite.Statement, RowBuilder>();

/**
 * Rows as objects built in JavaScript from better-sqlite3's arrays: one object literal of the statement's columns,
 * compiled once per statement. better-sqlite3 builds each row object property by property through V8's C++ API,
 * which costs more than the query itself for a row of twenty columns. Same objects: later columns of the same name
 * win, as they do there.
 */
function rowBuilderOf(statement: SQLite.Statement): RowBuilder {
  let build = rowBuilders.get(statement);
  if (!build) {
    const fields = statement.columns().map((column, i) => `${JSON.stringify(column.name)}: values[${i}]`);
    build = new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
    rowBuilders.set(statement, build);
    statement.raw(true);
  }
  return build;
}

function readRows(statement: SQLite.Statement, parameters: unknown[]): Record<string, unknown>[] {
  const build = rowBuilderOf(statement);
  const values = statement.all(parameters) as unknown[][];
  const rows = new Array<Record<string, unknown>>(values.length);
  for (let i = 0; i < values.length; i++) rows[i] = build(values[i]!);
  return rows;
}

function run(database: SQLite.Database, query: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: readRows(statement, parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * A connection as Kysely sees it: it takes the writer only when it first needs it (a write, raw SQL, a stream, a
 * `begin`) and keeps it until Kysely releases the connection, so a transaction holds the writer from `begin` to its
 * end.
 */
class RoutedConnection implements DatabaseConnection {
  holdsWriter = false;

  constructor(private readonly driver: ReadWriteSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reader = this.driver.reader;
    if (!this.holdsWriter && reader && SelectQueryNode.is(query.query)) return run(reader, query) as QueryResult<R>;
    await this.takeWriter();
    return run(this.driver.writer, query) as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select queries');
    // A statement being iterated keeps its connection busy across awaits: the writer, held until the stream ends.
    await this.takeWriter();
    const statement = this.driver.writer.prepare(query.sql);
    const build = rowBuilderOf(statement);
    for (const values of statement.iterate(query.parameters as unknown[])) {
      yield { rows: [build(values as unknown[]) as R] };
    }
  }

  async takeWriter(): Promise<void> {
    if (this.holdsWriter) return;
    await this.driver.mutex.lock();
    this.holdsWriter = true;
  }

  release(): void {
    if (!this.holdsWriter) return;
    this.holdsWriter = false;
    this.driver.mutex.unlock();
  }
}

export class ReadWriteSqliteDriver implements Driver {
  readonly mutex = new FifoMutex();

  constructor(
    readonly writer: SQLite.Database,
    /** Read-only connection to the same file; `null` (an in-memory database) runs every query on the writer. */
    readonly reader: SQLite.Database | null,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  /** SQLite transactions are serializable; like Kysely's own driver, settings meant for PostgreSQL are ignored. */
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    // IMMEDIATE: the write lock is taken at the start (waiting up to the busy timeout for another process's writer),
    // not at the first write. A deferred transaction that read first and then wrote would fail with
    // SQLITE_BUSY_SNAPSHOT, without waiting, whenever another process (`npm run worker`) committed in between.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    this.reader?.close();
    this.writer.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) on the read/write driver. */
export class ReadWriteSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new ReadWriteSqliteDriver(this.writer, this.reader);
  }
}
