import { sql, type Kysely } from 'kysely';

// A renters quote's row keeps when its purchase succeeded, as a pet quote's does, so the dashboard counts
// conversions from the read table instead of scanning the event log by type and time. Filled from the log
// for quotes already bought.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('renters_quotes').addColumn('purchased_at', 'timestamptz').execute();
  await sql`
    update renters_quotes as q
       set purchased_at = e.recorded_at
      from events e
     where e.stream_type = 'renters_quote' and e.stream_id = q.id
       and e.type = 'rentersQuote.purchaseSucceeded'`.execute(db);
  await sql`create index renters_quotes_created_at on renters_quotes (created_at)`.execute(db);
  await sql`create index renters_quotes_purchased_at on renters_quotes (purchased_at)`.execute(db);
}
