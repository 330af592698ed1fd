import { sql, type Kysely } from 'kysely';

// The pet quote stream's read tables (src/server/domain/quotes). Indexes serve SPEC §3's quote search
// filters (createdFrom/To, email, customerName, phone, state, zip) and the entity scope join.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('created_by', 'integer')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('start_date', 'date')
    .addColumn('journey_state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('purchased_at', 'timestamptz')
    .addColumn('policy_number', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_entity').on('quotes').column('entity_id').execute();
  await db.schema.createIndex('quotes_created_at').on('quotes').column('created_at').execute();
  await db.schema.createIndex('quotes_state').on('quotes').column('state').execute();
  await db.schema.createIndex('quotes_zip').on('quotes').column('zip').execute();
  await db.schema.createIndex('quotes_policy_number').on('quotes').column('policy_number').execute();
  // Searches match e-mail and names case-insensitively, phone by digits as stored.
  await db.schema
    .createIndex('quotes_email')
    .on('quotes')
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('quotes_customer_name')
    .on('quotes')
    .expression(sql`lower(first_name || ' ' || last_name)`)
    .execute();
  await db.schema.createIndex('quotes_phone').on('quotes').column('phone').execute();

  await db.schema
    .createTable('quote_pets')
    .addColumn('quote_uuid', 'uuid', (c) => c.notNull().references('quotes.uuid').onDelete('cascade'))
    .addColumn('pet_id', 'uuid', (c) => c.notNull())
    .addColumn('pet_index', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('species', 'text', (c) => c.notNull())
    .addColumn('breed', 'text', (c) => c.notNull())
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('answers', 'jsonb')
    .addColumn('declined', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('plan_code', 'text')
    .addColumn('deductible_cents', 'integer')
    .addColumn('reimbursement', 'integer')
    .addColumn('exam_fee', 'boolean')
    .addColumn('wellness_code', 'text')
    .addColumn('monthly_premium_cents', 'integer')
    .addColumn('downpayment_cents', 'integer')
    .addColumn('total_premium_cents', 'integer')
    .addPrimaryKeyConstraint('quote_pets_pk', ['quote_uuid', 'pet_id'])
    .execute();
  await db.schema
    .createIndex('quote_pets_name')
    .on('quote_pets')
    .expression(sql`lower(name)`)
    .execute();
}
