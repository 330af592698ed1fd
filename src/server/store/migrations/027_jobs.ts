import { sql, type Kysely } from 'kysely';

// Dated work and mail delivery (docs/jobs.md, decision 015). The job runner (pg-boss) keeps its own queue in
// its own schema; these tables are what administrators read: each piece of daily work per business day with
// its outcome, the business clock's one row, and the outbox's delivery attempts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('daily_work_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // Its place in DAILY_WORK when the day was scheduled: a day's pieces run in this order.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('business_date', 'text', (c) =>
      c.notNull().check(sql`business_date ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('due')
        .check(sql`status in ('due', 'running', 'done', 'failed')`),
    )
    .addColumn('summary', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // The runner's job that works it now (or last did): a crash is seen by asking the runner about it.
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('daily_work_runs_name_date', ['name', 'business_date'])
    .execute();
  await sql`create index daily_work_runs_order on daily_work_runs (business_date, position)`.execute(db);
  await sql`create index daily_work_runs_status on daily_work_runs (status, business_date)`.execute(db);

  // One row: how far a QA sandbox moved its clock (every process reads it, so all agree and a restart keeps
  // it) and the last business day whose work was scheduled (catch-up starts after it).
  await db.schema
    .createTable('business_clock')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('offset_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_through', 'text')
    .addColumn('moved_at', 'timestamptz')
    .execute();
  await sql`insert into business_clock (id) values (true)`.execute(db);

  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .execute();
  await sql`create index outbox_unsent on outbox (id) where sent_at is null`.execute(db);
}
