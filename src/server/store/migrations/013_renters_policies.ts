import { sql, type Kysely } from 'kysely';

// Renters policies (issue 6): the policy number sequence and the read table of the renters_policy stream
// (src/server/domain/rentersPolicies), with indexes for the search's filters and sorts. Text filters are
// prefix matches written exactly as rentersPolicySearch.ts writes them, so text_pattern_ops serves them
// whatever the collation (as migration 009 does for pets).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence renters_policy_number_seq start 1`.execute(db);
  await db.schema
    .createTable('renters_policies')
    .addColumn('policy_number', 'text', (c) => c.primaryKey())
    .addColumn('matter_id', 'integer', (c) => c.notNull().unique())
    .addColumn('policy_version', 'integer', (c) => c.notNull())
    .addColumn('quote_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('rewrite_of', 'text')
    .addColumn('rewritten_as', 'text')
    .addColumn('machine_state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'text', (c) => c.notNull())
    .addColumn('term_interval', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('property_line_1', 'text', (c) => c.notNull())
    .addColumn('property_line_2', 'text')
    .addColumn('property_city', 'text', (c) => c.notNull())
    .addColumn('property_zip', 'text', (c) => c.notNull())
    .addColumn('term_premium_cents', 'integer', (c) => c.notNull())
    .addColumn('taxes_cents', 'integer', (c) => c.notNull())
    .addColumn('fees_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('next_bill_due', 'date')
    .addColumn('next_bill_cents', 'integer')
    .addColumn('sold_on', 'date', (c) => c.notNull())
    .addColumn('inception_date', 'date', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('expiration_date', 'date', (c) => c.notNull())
    .addColumn('cancellation_date', 'date')
    .addColumn('non_renew', 'boolean', (c) => c.notNull())
    .addColumn('non_renew_effective_date', 'date')
    .execute();
  const statements = [
    // The default sort (sold, newest first) and the sold range; matter id breaks ties.
    sql`create index renters_policies_sold_sort on renters_policies (sold_on, matter_id)`,
    sql`create index renters_policies_effective_sort on renters_policies (effective_date, matter_id)`,
    sql`create index renters_policies_number_prefix on renters_policies (policy_number text_pattern_ops)`,
    sql`create index renters_policies_state on renters_policies (state, sold_on)`,
    sql`create index renters_policies_entity on renters_policies (entity_id)`,
    sql`create index renters_policies_customer on renters_policies (customer_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
