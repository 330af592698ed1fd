import { sql } from 'kysely';
import type { Trx } from './eventStore';

// Runs `load` with the tables' secondary indexes dropped and builds them again after it: building an index
// once over a filled table is several times cheaper than keeping a dozen of them (the search projections'
// sort, prefix and trigram indexes) up to date row by row. Unique and primary-key indexes stay, since the
// projections' conflicts and set-based updates need them, and so do the indexes named in `keep` (those the
// load itself reads by). All of it runs in the caller's transaction, so a failure leaves every index as it
// was; until it commits, others wait to use the tables.
export async function withoutSecondaryIndexes<T>(
  trx: Trx,
  tables: readonly string[],
  keep: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(c.oid) as definition
      from pg_index x
      join pg_class c on c.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
     where t.relnamespace = current_schema()::regnamespace
       and not x.indisunique and not x.indisprimary
       and t.relname = any(${[...tables]}) and c.relname <> all(${[...keep]})
     order by c.relname`.execute(trx);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  const result = await load();
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
  return result;
}
