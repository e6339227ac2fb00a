/** A unique or primary-key constraint that a concurrent write got to first (PostgreSQL 23505, SQLite's constraint codes). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return true;
  return e.cause !== undefined && e.cause !== error && isUniqueViolation(e.cause);
}
