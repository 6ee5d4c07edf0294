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
  const markers = new Proxy({} as Args, { get: (_target, name) => `${MARKER}${String(name)}` });
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
