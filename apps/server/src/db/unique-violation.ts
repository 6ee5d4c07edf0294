/**
 * Whether a database error is a unique-constraint violation, on either dialect: the key a concurrent writer won is
 * the database's answer to a race, which the caller turns into its own Chinese error instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  // PostgreSQL's SQLSTATE unique_violation; better-sqlite3's extended result code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
