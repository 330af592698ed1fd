import type { Kysely } from 'kysely';

// The attempts billing has claimed before asking the payment service to charge (docs/billing.md "One charge
// per instalment"): one row per charge key, naming the payment method the attempt charges. Two processes that
// would charge the same instalment's attempt (the daily run and a staff "Pay now", or two "Pay now" with two
// cards) race to insert it; only the claim's method is ever charged under that key. Not a projection: a
// rebuild keeps it, as it keeps the payment service's own tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_charge_claims')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
