import { sql, type Kysely } from 'kysely';

// The daily reconciliation of the money (docs/reconciliation.md): one row per business day it was run for,
// and the discrepancies that run found. A day's run replaces that day's rows, so running it again for the day
// (a retry, `npm run reconcile`) keeps one answer per day. Not projections: they record what was compared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reconciliation_runs')
    .addColumn('business_date', 'text', (c) =>
      c.primaryKey().check(sql`business_date ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    )
    .addColumn('policies', 'integer', (c) => c.notNull())
    .addColumn('discrepancies', 'integer', (c) => c.notNull())
    // The business clock's moment the run finished (never the database's clock).
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reconciliation_discrepancies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_date', 'text', (c) =>
      c.notNull().references('reconciliation_runs.business_date').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull().check(sql`line in ('pet', 'renters')`))
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('expected_cents', 'bigint')
    .addColumn('found_cents', 'bigint')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await sql`create index reconciliation_discrepancies_day on reconciliation_discrepancies (business_date, id)`.execute(
    db,
  );
}
