/**
 * A row by its natural key, inserted only when it is missing. Looking first matters: an `INSERT … ON CONFLICT DO
 * NOTHING` that meets the row still draws an id (PostgreSQL's sequence, SQLite's AUTOINCREMENT), so re-importing a
 * catalogue would leave ever larger gaps in its ids. The insert keeps its ON CONFLICT guard for a concurrent writer.
 */
export async function ensureRow<Row>(
  find: () => Promise<Row | undefined>,
  insertUnlessConflicting: () => Promise<unknown>,
): Promise<Row> {
  const found = await find();
  if (found !== undefined) return found;
  await insertUnlessConflicting();
  const inserted = await find();
  if (inserted === undefined) throw new Error('a row inserted under its key is not found by it');
  return inserted;
}
