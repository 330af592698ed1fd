import { sql, type Kysely } from 'kysely';

// Payee bank accounts (docs/payments.md "Bank account verification"): the read table of the bank_account
// stream, one row per verification attempt. The account number is never stored: its last four digits and an
// HMAC fingerprint only. The routing number is public (it names the bank) and kept whole.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entity_bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('routing_number', 'text', (c) => c.notNull())
    .addColumn('account_last4', 'text', (c) => c.notNull())
    .addColumn('account_fingerprint', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('is_rtp_eligible', 'boolean', (c) => c.notNull())
    .addColumn('response_code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_by', 'integer')
    // active | replaced | failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entity_bank_accounts_entity')
    .on('entity_bank_accounts')
    .columns(['entity_id', 'verified_at'])
    .execute();
  // At most one active account per entity: a projection bug would fail loudly instead of paying twice.
  await db.schema
    .createIndex('entity_bank_accounts_one_active')
    .on('entity_bank_accounts')
    .column('entity_id')
    .unique()
    .where(sql<boolean>`status = 'active'`)
    .execute();
}
