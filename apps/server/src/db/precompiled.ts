/**
 * Queries compiled once. Kysely turns a builder into SQL on every call, which on a hot path costs more than the
 * query itself; `precompile` builds the query once with marker arguments and, per call, only swaps the markers in
 * the compiled parameters for the call's values. The builder must not branch on its arguments (they are markers
 * when it runs): what varies between calls has to be a parameter.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

const MARKER = '\u0000precompiled-argument:';

export interface Precompiled<Args, Row> {
  /** The compiled SQL (for `EXPLAIN` in tests). */
  readonly sql: string;
  /** All rows of the query for `args`. */
  rows(args: Args): Promise<Row[]>;
  /** The first row, or undefined. */
  first(args: Args): Promise<Row | undefined>;
}

export function precompile<DB, Args extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  build: (args: Args) => Compilable<Row>,
): Precompiled<Args, Row> {
  return compileWith(db, build, new Proxy({} as Args, { get: (_target, name) => markerOf(String(name)) }));
}

/** A precompiled query per combination of given arguments; see `precompileByShape`. */
export interface PrecompiledByShape<Args, Row> {
  /** The compiled SQL for the arguments `args` gives (for `EXPLAIN` in tests). */
  sqlOf(args: Args): string;
  rows(args: Args): Promise<Row[]>;
  first(args: Args): Promise<Row | undefined>;
}

/**
 * A query whose shape depends on which optional arguments are given (a list's filters): compiled once per
 * combination of given arguments, on first use. The builder sees a marker for each given argument and `undefined` for
 * the others, so it may test an argument for `undefined` — and only that: any other use of an argument must be as a
 * parameter. Derived values (a day from a time, say) are computed by the caller and passed as arguments of their own.
 */
export function precompileByShape<DB, Args extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  build: (args: Args) => Compilable<Row>,
): PrecompiledByShape<Args, Row> {
  const byShape = new Map<string, Precompiled<Args, Row>>();
  const of = (args: Args): Precompiled<Args, Row> => {
    const given = Object.keys(args)
      .filter((name) => args[name] !== undefined)
      .sort();
    const shape = given.join(',');
    let query = byShape.get(shape);
    if (!query) {
      query = compileWith(db, build, Object.fromEntries(given.map((name) => [name, markerOf(name)])) as Args);
      byShape.set(shape, query);
    }
    return query;
  };
  return {
    sqlOf: (args) => of(args).sql,
    rows: (args) => of(args).rows(args),
    first: (args) => of(args).first(args),
  };
}

const markerOf = (name: string) => `${MARKER}${name}`;

function compileWith<DB, Args extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  build: (args: Args) => Compilable<Row>,
  markers: Args,
): Precompiled<Args, Row> {
  const compiled = build(markers).compile();
  // Where each parameter comes from: an argument's name, or the constant the builder put there.
  const sources = compiled.parameters.map((value): { arg: keyof Args } | { value: unknown } =>
    typeof value === 'string' && value.startsWith(MARKER) ? { arg: value.slice(MARKER.length) } : { value },
  );
  const rows = async (args: Args): Promise<Row[]> => {
    const parameters = sources.map((source) => ('arg' in source ? args[source.arg] : source.value));
    const query = CompiledQuery.raw(compiled.sql, parameters);
    return (await db.executeQuery<Row>({ ...query, query: compiled.query })).rows;
  };
  return { sql: compiled.sql, rows, first: async (args) => (await rows(args))[0] };
}
