import { sql, type Kysely } from 'kysely';

// Once across processes (docs/jobs.md "Two processes"). A piece of daily work for a day is claimed by one
// worker at a time: `claimed_by` names the claim and `lease_until` (the database's clock) how long it holds
// without being renewed; a claim whose lease ran out belonged to a worker that stopped, and may be taken again.
// A move of the sandbox clock is held the same way in the clock's row, so a second move is refused while one
// runs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('daily_work_runs')
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('business_clock')
    .addColumn('moving_by', 'text')
    .addColumn('moving_to', 'text', (c) => c.check(sql`moving_to ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('moving_until', 'timestamptz')
    .execute();
}
