import { sql, type Kysely } from 'kysely';
import { DISPOSABLE_EMAIL_DOMAINS } from './frozen/007_purchase';

// Checkout and purchase (docs/purchase.md, docs/payments.md): the payment service's sessions, tokens and
// charges (shared by every server process, so a repeated idempotency key never charges twice), the
// customers and policies read tables of their streams, the policy number sequence, the fraud rule's
// disposable e-mail domains, and the quote's checkout columns.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // The stand-in for the processor's hosted form: a user opens one, then tokenizes a card or account in it.
  await db.schema
    .createTable('payment_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Never a full number: the last four, and how the sandbox will answer a charge (decided when tokenized).
  await db.schema
    .createTable('payment_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expiry', 'text')
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('session_id', 'uuid')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per idempotency key, written once: a second insert under the key finds the first answer.
  await db.schema
    .createTable('payment_charges')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('charge_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_charges_token').on('payment_charges').column('token').execute();

  await sql`create sequence customer_id_seq`.execute(db);
  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address_line_1', 'text', (c) => c.notNull())
    .addColumn('address_line_2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customers_email')
    .on('customers')
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.createIndex('customers_phone').on('customers').column('phone').execute();

  // Policy numbers PET-<state>-<8 digits> from one sequence (docs/purchase.md).
  await sql`create sequence policy_number_seq start 1001`.execute(db);
  // The policy's matter id (SPEC §2 /policies/{matterId}): a plain number for URLs and the back office.
  await sql`create sequence policy_matter_seq start 1`.execute(db);
  await db.schema
    .createTable('policies')
    .addColumn('policy_number', 'text', (c) => c.primaryKey())
    .addColumn('matter_id', 'integer', (c) => c.notNull().unique())
    .addColumn('policy_version', 'integer', (c) => c.notNull())
    .addColumn('quote_uuid', 'uuid', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('pet_id', 'uuid', (c) => c.notNull())
    .addColumn('pet_name', 'text', (c) => c.notNull())
    .addColumn('species', 'text', (c) => c.notNull())
    .addColumn('breed', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('age_at_inception', 'integer', (c) => c.notNull())
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('term_type', 'text', (c) => c.notNull())
    .addColumn('status_code', 'text', (c) => c.notNull())
    .addColumn('brand_code', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('deductible_cents', 'integer', (c) => c.notNull())
    .addColumn('reimbursement', 'integer', (c) => c.notNull())
    .addColumn('annual_coverage_cents', 'integer')
    .addColumn('exam_fee', 'boolean', (c) => c.notNull())
    .addColumn('wellness_code', 'text')
    .addColumn('annual_premium_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_period', 'text', (c) => c.notNull())
    .addColumn('init_pay_successful', 'boolean', (c) => c.notNull())
    .addColumn('purchase_date', 'date', (c) => c.notNull())
    .addColumn('inception_date', 'date', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('expiration_date', 'date', (c) => c.notNull())
    .addColumn('cancel_effective_date', 'date')
    .addColumn('purchased_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('policies_entity').on('policies').column('entity_id').execute();
  await db.schema.createIndex('policies_customer').on('policies').column('customer_id').execute();
  await db.schema.createIndex('policies_quote').on('policies').column('quote_uuid').execute();
  await db.schema.createIndex('policies_purchase_date').on('policies').column('purchase_date').execute();
  await db.schema
    .createIndex('policies_pet_name')
    .on('policies')
    .expression(sql`lower(pet_name)`)
    .execute();

  // Reference data of the fraud rule (docs/purchase.md); not a projection.
  await db.schema
    .createTable('disposable_email_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .execute();
  await db
    .insertInto('disposable_email_domains')
    .values(DISPOSABLE_EMAIL_DOMAINS.map((domain) => ({ domain })))
    .execute();

  await db.schema
    .alterTable('quotes')
    .addColumn('street2', 'text')
    .addColumn('customer_id', 'integer')
    .addColumn('discount_code', 'text')
    .addColumn('fraud_warning', 'text')
    .addColumn('fraud_acknowledged', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('payment_method', 'text')
    .addColumn('payment_last4', 'text')
    .addColumn('payment_period', 'text')
    .addColumn('payment_error_reason', 'text')
    .addColumn('payment_error_message', 'text')
    .addColumn('monthly_downpayment_cents', 'integer')
    .addColumn('monthly_installment_cents', 'integer')
    .addColumn('monthly_total_cents', 'integer')
    .addColumn('annual_total_cents', 'integer')
    .addColumn('charged_cents', 'integer')
    .addColumn('charge_id', 'text')
    .execute();
  await db.schema.alterTable('quote_pets').addColumn('policy_number', 'text').execute();
}
