import type { Kysely } from 'kysely';

// `renters_policies.next_bill_due` was written once, at issue, and never moved with the bills: nothing read it,
// and a query that did would have read a stale date. The next bill's day is billing's (the policy's payments
// and summary read it from the billing schedule, docs/billing.md); the term's later instalment amount
// (`next_bill_cents`) is a fact of the term and stays.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('renters_policies').dropColumn('next_bill_due').execute();
}
