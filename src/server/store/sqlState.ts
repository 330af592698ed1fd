// The SQLSTATE a PostgreSQL (or PGlite) error carries in `code`, if the error is one of theirs.
export function sqlStateOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

// Whether the error carries one of these SQLSTATEs.
export const hasSqlState = (error: unknown, codes: ReadonlySet<string>): boolean =>
  codes.has(sqlStateOf(error) ?? '');
