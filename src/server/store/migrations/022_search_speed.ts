import { sql, type Kysely } from 'kysely';

// Searches over a large book (issue 10). A search's page is a deferred join (src/server/domain/policies/
// policySearch.ts): the page's keys are read in the order of an index on (sort value, tie-breaker), so an
// offset skips index entries, and only the page's rows are joined. Each sort key of the pet policy, renters
// policy and quote searches gets such an index, in the direction pairs its search asks for; every
// expression is written exactly as the search writes it, or the planner cannot match them.
//
// The quote search's name and phone filters are contains-matches, which no btree serves: trigram (pg_trgm)
// indexes do. pg_trgm is created in the public schema when the database has it (PostgreSQL's contrib does;
// PGlite only when opened with its pg_trgm extension), so dropping a schema of the app, as every test run
// does, can never drop the extension with every other schema's trigram indexes; without it the filters
// still work, by reading the table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // Pet policies. Purchase, effective, inception and expiration dates have theirs (migration 009), and the
    // policy number is the primary key (unique, so no tie to break).
    sql`create index policies_pet_name_sort on policies (lower(pet_name), matter_id)`,
    sql`create index policies_state_sort on policies (state, matter_id)`,
    sql`create index policies_status_sort on policies (status_code, matter_id)`,
    // Serves everything the single-column index did.
    sql`drop index if exists policies_pet_name`,
    // The full-name sort of both policy searches walks the customers in name order (the prefix index of
    // migration 009 uses text_pattern_ops, which orders only under the C collation).
    sql`create index customers_full_name_sort on customers (lower(first_name || ' ' || last_name))`,
    // The name filter's prefix indexes carry the names (to check the match) and the id, so the customers it
    // matches come from the indexes alone (src/server/domain/search/policyholderSearch.ts).
    sql`create index customers_last_name_prefix_ids
      on customers (lower(last_name) text_pattern_ops) include (last_name, id)`,
    sql`create index customers_full_name_prefix_ids
      on customers (lower(first_name || ' ' || last_name) text_pattern_ops) include (first_name, last_name, id)`,
    sql`drop index if exists customers_last_name_prefix`,
    sql`drop index if exists customers_full_name_prefix`,
    // Renters policies: sold and effective dates have theirs (migration 013).
    sql`create index renters_policies_state_sort on renters_policies (state, matter_id)`,
    // Quotes sort with unrated customers and unpurchased quotes last in either direction, and the uuid breaks
    // ties in the sort's direction (src/server/domain/quotes/quoteSearch.ts): a nullable key needs an index
    // per direction; the creation time is never null and one index serves both.
    sql`create index quotes_created_sort on quotes (created_at, uuid)`,
    sql`create index quotes_purchased_sort on quotes (purchased_at, uuid)`,
    sql`create index quotes_purchased_sort_desc on quotes (purchased_at desc nulls last, uuid desc)`,
    sql`create index quotes_state_sort on quotes (state, uuid)`,
    sql`create index quotes_state_sort_desc on quotes (state desc nulls last, uuid desc)`,
    sql`create index quotes_customer_name_sort on quotes (lower(${quoteCustomerName}), uuid)`,
    sql`create index quotes_customer_name_sort_desc
      on quotes (lower(${quoteCustomerName}) desc nulls last, uuid desc)`,
    // Superseded by the sort indexes above, which lead with the same columns; the name index was on an
    // expression no query writes.
    sql`drop index if exists quotes_created_at`,
    sql`drop index if exists quotes_state`,
    sql`drop index if exists quotes_customer_name`,
  ];
  for (const statement of statements) await statement.execute(db);

  const trigrams = await trigramSchema(db);
  if (trigrams) {
    const ops = sql`${sql.id(trigrams)}.gin_trgm_ops`;
    await sql`create index quotes_customer_name_trigram on quotes using gin (${quoteCustomerName} ${ops})`.execute(
      db,
    );
    await sql`create index quotes_phone_digits_trigram on quotes using gin (${quotePhoneDigits} ${ops})`.execute(
      db,
    );
  }
  // Without statistics of the filtered expressions the planner takes a contains-match for a rare one, and
  // sorts every "garcia" of a million quotes where following the creation-time index finds a page of them
  // in a few hundred rows.
  await sql`create statistics quotes_customer_name_stats on (${quoteCustomerName}) from quotes`.execute(db);
  await sql`create statistics quotes_phone_digits_stats on (${quotePhoneDigits}) from quotes`.execute(db);
  await sql`analyze quotes`.execute(db);
}

// The quote search's expressions (quoteSearch.ts), immutable so they can be indexed.
const quoteCustomerName = sql`nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '')`;
const quotePhoneDigits = sql`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`;

// The schema pg_trgm lives in, created in public when the database offers it and the role may; null when
// it cannot be had. Test servers migrate their schemas side by side on one database: the lock makes the
// second wait for the first's transaction, and then find the extension rather than create it twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(hashtext('pg_trgm extension'))`.execute(db);
  const installed = async () => {
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension x join pg_namespace n on n.oid = x.extnamespace
       where x.extname = 'pg_trgm'`.execute(db);
    return rows[0]?.schema ?? null;
  };
  const existing = await installed();
  if (existing) return existing;
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
       and has_database_privilege(current_database(), 'CREATE')
       and exists (select 1 from pg_namespace where nspname = 'public')
       and has_schema_privilege('public', 'CREATE') as ok`.execute(db);
  if (!rows[0]?.ok) return null;
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  return installed();
}
