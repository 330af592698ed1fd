import type { Kysely } from 'kysely';

// Renters payment methods (docs/payments.md "Renters payment methods"): the read tables of the
// renters_payment_account stream (one account per customer, its methods) and the setup intents, which are
// the payment service's working rows (like payment_sessions, not projections).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('renters_payment_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().unique())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('renters_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    // The processor's token for the method; never a card or account number.
    .addColumn('processor_payment_method_id', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('billing_zip_code', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('is_primary', 'boolean', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('renters_payment_methods_customer')
    .on('renters_payment_methods')
    .columns(['customer_id', 'added_at'])
    .execute();
  await db.schema
    .createTable('renters_setup_intents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // created → tokenized → attached.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('type_code', 'text')
    .addColumn('last4', 'text')
    .addColumn('billing_zip_code', 'text')
    .addColumn('method_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
