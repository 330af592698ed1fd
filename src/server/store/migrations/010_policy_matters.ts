import { sql, type Kysely } from 'kysely';

// A policy's matters (SPEC §7 "Policies and matters"): the bytes of stored documents and uploaded files,
// and the read tables of the events that describe them — notes, documents and files of the `policy` stream,
// claims and their payments of the `claim` stream. The read tables carry no foreign keys to other
// projections, so a rebuild may clear and refill them in any order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // Not a projection: the events name a content id and its digest, the bytes live here (written once).
  await db.schema
    .createTable('matter_contents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('policy_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('policy_documents_policy')
    .on('policy_documents')
    .column('policy_number')
    .execute();

  await db.schema
    .createTable('policy_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'uuid', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .execute();
  await db.schema.createIndex('policy_files_policy').on('policy_files').column('policy_number').execute();

  await db.schema
    .createTable('policy_notes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .createIndex('policy_notes_policy')
    .on('policy_notes')
    .columns(['policy_number', 'created_at'])
    .execute();

  // Claim numbers CLM-<8 digits> from their own sequence; the claim id is the stream id.
  await sql`create sequence claim_id_seq start 1`.execute(db);
  await sql`create sequence claim_number_seq start 5001`.execute(db);
  await db.schema
    .createTable('claims')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('claim_number', 'text', (c) => c.notNull().unique())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('loss_date', 'date', (c) => c.notNull())
    .addColumn('reported_date', 'date', (c) => c.notNull())
    .addColumn('conditions', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('claimed_cents', 'integer', (c) => c.notNull())
    .addColumn('approved_cents', 'integer')
    .addColumn('paid_cents', 'integer', (c) => c.notNull())
    .addColumn('decision_reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claims_policy').on('claims').column('policy_number').execute();

  await db.schema
    .createTable('claim_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('claim_id', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'date', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claim_payments_claim').on('claim_payments').column('claim_id').execute();
}
