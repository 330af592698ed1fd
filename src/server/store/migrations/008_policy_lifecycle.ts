import { sql, type Kysely } from 'kysely';

// The pet policy lifecycle (docs/decisions/006, docs/cancellation.md): why a policy was cancelled, the refund
// record of each committed cancellation (a projection of `policy.cancelled`; the policy's payments list reads
// it), and the payment service's refunds (shared by every server process, one row per idempotency key).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('policies').addColumn('cancel_reason', 'text').execute();

  await db.schema
    .createTable('policy_refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) => c.notNull().unique())
    .addColumn('matter_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_on', 'date', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The payment service's refund id; null while none was issued (nothing to refund, or not yet answered).
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('policy_refunds_matter').on('policy_refunds').column('matter_id').execute();

  await db.schema
    .createTable('payment_refunds')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('charge_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_refunds_charge').on('payment_refunds').column('charge_id').execute();
}
