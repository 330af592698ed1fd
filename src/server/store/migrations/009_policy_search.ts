import { sql, type Kysely } from 'kysely';

// Pet policy search (src/server/domain/policies/policySearch.ts): an index for every filter and for the
// default sort. Text filters are prefix matches, so their indexes use text_pattern_ops, which serves
// `like 'abc%'` whatever the database's collation (a plain btree does only under the C collation). Trigram
// indexes would serve contains-matches too, but PGlite has no pg_trgm. Every expression is written exactly
// as the search writes it, or the planner cannot match them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // The default sort (purchase date, newest first) and the purchase date range; matter id breaks ties.
    sql`create index policies_purchase_sort on policies (purchase_date, matter_id)`,
    sql`create index policies_effective_sort on policies (effective_date, matter_id)`,
    sql`create index policies_inception_sort on policies (inception_date, matter_id)`,
    sql`create index policies_expiration_sort on policies (expiration_date, matter_id)`,
    sql`create index policies_number_prefix on policies (policy_number text_pattern_ops)`,
    sql`create index policies_pet_name_prefix on policies (lower(pet_name) text_pattern_ops)`,
    sql`create index policies_state on policies (state, purchase_date)`,
    sql`create index policies_status on policies (status_code, purchase_date)`,
    sql`create index policies_init_pay on policies (init_pay_successful, purchase_date)`,
    sql`create index customers_email_prefix on customers (lower(email) text_pattern_ops)`,
    sql`create index customers_full_name_prefix
      on customers (lower(first_name || ' ' || last_name) text_pattern_ops)`,
    sql`create index customers_last_name_prefix on customers (lower(last_name) text_pattern_ops)`,
    sql`create index customers_phone_digits
      on customers (regexp_replace(phone, '[^0-9]', '', 'g') text_pattern_ops)`,
  ];
  for (const statement of statements) await statement.execute(db);
  // Superseded by policies_purchase_sort, which leads with the same column.
  await sql`drop index if exists policies_purchase_date`.execute(db);
}
