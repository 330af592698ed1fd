// Versions of a rate table: the rows of a table (or of one part of it, e.g. one factor type) that share an
// effective date form a version; the version in force on a date is the latest one on or before it, and it
// replaces the earlier one as a whole (a key missing from it is no longer filed).
export function inForce<T extends { effective_date: string }>(
  rows: readonly T[],
  date: string,
  partOf: (row: T) => string = () => '',
): T[] {
  const latest = new Map<string, string>();
  for (const row of rows) {
    if (row.effective_date > date) continue;
    const part = partOf(row);
    const seen = latest.get(part);
    if (seen === undefined || row.effective_date > seen) latest.set(part, row.effective_date);
  }
  return rows.filter((row) => latest.get(partOf(row)) === row.effective_date && row.effective_date <= date);
}
