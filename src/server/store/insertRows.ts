import type { Insertable } from 'kysely';
import type { Trx } from './eventStore';
import type { Database } from './schema';

// A statement carries at most 65,535 parameters; stay well under, whatever the row's width.
const MAX_PARAMETERS = 30_000;

// Inserts many rows of one table with few statements, for bulk replays and loads.
export async function insertRows<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const width = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / width));
  for (let i = 0; i < rows.length; i += size) {
    // kysely's generic insert over a table union cannot be typed per table here; rows are checked above.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}
