import { sql, type Kysely } from 'kysely';

// Billing (docs/billing.md): projections of the `billing` streams, one per policy. The account is the policy's
// billing state and payment method; instalments are its schedule, found by the daily run through one index of
// the day each is next collected; refunds are the outcomes the payment service gave. Dates are business dates
// kept as 'YYYY-MM-DD' text: they sort as days and read back exactly as written.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('method', 'text')
    .addColumn('last4', 'text')
    .addColumn('term_effective', 'text', (c) => c.notNull())
    .addColumn('term_expiration', 'text', (c) => c.notNull())
    .addColumn('first_missed_on', 'text')
    .addColumn('lapsed_on', 'text')
    .addColumn('billed_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collected_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('billing_accounts_pk', ['line', 'policy_number'])
    .execute();
  await db.schema
    .createTable('billing_instalments')
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // scheduled → paid | declined (retried on collect_on) → paid | failed (no more retries) ; void when ended.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('billed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // The next day the run charges it (its due date, then the dunning retries); null when nothing is to charge.
    .addColumn('collect_on', 'text')
    .addColumn('last_reason', 'text')
    .addColumn('charge_id', 'text')
    .addColumn('paid_on', 'text')
    .addPrimaryKeyConstraint('billing_instalments_pk', ['line', 'policy_number', 'seq'])
    .execute();
  // The daily run's one query: what is to be charged on or before the day.
  await sql`create index billing_instalments_collect on billing_instalments (status, collect_on)
              where collect_on is not null`.execute(db);
  await db.schema
    .createTable('billing_refunds')
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('billing_refunds_pk', ['line', 'policy_number', 'key'])
    .execute();
}
