import { type Kysely } from 'kysely';

// A quote's tracking information (docs/quote-actions.md "Tracking information"): the partner it came through
// and the client's reference data, set with quote_set_track_info on a stream of its own (`quoteTracking`,
// stream id = the quote's uuid), so it can be set at any step of the journey, a bought quote's included.
// One row per quote that has any; `version` is its stream's, for the next append.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quote_tracking')
    .addColumn('quote_uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_code', 'text')
    .addColumn('partner_name', 'text')
    .addColumn('reference', 'text')
    .addColumn('reference_values', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_tracking_partner').on('quote_tracking').column('partner_code').execute();
}
