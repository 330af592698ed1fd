import { sql, type Insertable } from 'kysely';
import type { Trx } from './eventStore';
import type { Database } from './schema';

// Rows per statement, and a bound on the statement's size for wide rows (events with big data).
const CHUNK_ROWS = 5_000;
const CHUNK_CHARS = 8_000_000;

const jsonColumnsOf = new Map<string, Promise<Set<string>>>();

// Inserts many rows of one table with few statements, for bulk replays and loads. The rows travel as one
// JSON parameter that json_populate_recordset turns into the table's row type: one parameter however wide
// the rows, and several times faster than a multi-row VALUES list on the embedded database. Rows are
// written as kysely would write them: JSON columns hold JSON text, and a column left out gets its default.
export async function insertRows<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const json = await jsonColumns(trx, table);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  let chunk: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await sql`insert into ${sql.table(table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.table(table)}, ${`[${chunk.join(',')}]`}::json)`.execute(
      trx,
    );
    chunk = [];
    chars = 0;
  };
  for (const row of rows) {
    const text = JSON.stringify(recordOf(row as Record<string, unknown>, json));
    chunk.push(text);
    chars += text.length;
    if (chunk.length >= CHUNK_ROWS || chars >= CHUNK_CHARS) await flush();
  }
  await flush();
}

// A JSON column's value is JSON text in the row (as kysely sends it); in the record it must be the value
// itself, or the column would hold a JSON string.
function recordOf(row: Record<string, unknown>, json: ReadonlySet<string>): Record<string, unknown> {
  if (json.size === 0) return row;
  const record = { ...row };
  for (const column of json) {
    const value = record[column];
    if (typeof value === 'string') record[column] = JSON.parse(value);
  }
  return record;
}

function jsonColumns(trx: Trx, table: string): Promise<Set<string>> {
  let columns = jsonColumnsOf.get(table);
  if (!columns) {
    columns = sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and data_type in ('json', 'jsonb')`
      .execute(trx)
      .then(({ rows }) => new Set(rows.map((r) => r.column_name)));
    // A failed lookup (its transaction aborted) is asked again next time.
    columns.catch(() => jsonColumnsOf.delete(table));
    jsonColumnsOf.set(table, columns);
  }
  return columns;
}
