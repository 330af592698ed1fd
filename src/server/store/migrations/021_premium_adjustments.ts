import { sql, type Kysely } from 'kysely';
import { fillPremiumAdjustments } from './frozen/021_premium_adjustments';
import type { Trx } from '../eventStore';

// The premium adjustments of the policy logs as a table (premiumAdjustmentProjection.ts), read by the net
// written premium report and the dashboard by day (and entity), and by statement generation by month. A
// database that already holds policies gets the table filled from its log here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('premium_adjustments')
    .addColumn('event_id', 'bigint', (c) => c.primaryKey())
    .addColumn('on', 'date', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('species', 'text', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('premium_cents', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index premium_adjustments_on on premium_adjustments ("on", event_id)`.execute(db);
  await sql`create index premium_adjustments_entity_on on premium_adjustments (entity_id, "on")`.execute(db);
  // The migrator runs migrations inside a transaction; the fill reads and writes through it.
  await fillPremiumAdjustments(db as unknown as Trx);
  // Reports and statement generation read the table now, not the log by day: these only slowed appends.
  await sql`drop index if exists events_policy_log`.execute(db);
  await sql`drop index if exists events_commissionable`.execute(db);
}
