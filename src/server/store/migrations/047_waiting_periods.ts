import { sql, type Kysely } from 'kysely';

// Waiting periods per plan and category (docs/rating.md "Waiting periods"): a rate table like the others,
// versioned by effective date per plan, so a new filing can change a plan's periods from a date on. Every
// plan is seeded from the first filing's date with the filed defaults: accident 2 days, illness 14 days,
// knee (cruciate) ligament 6 months, wellness none. The general start date has no waiting period.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_waiting_periods')
    .addColumn('plan_code', 'text', (c) => c.notNull().references('pet_plans.plan_code'))
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('ACCIDENT', 'ILLNESS', 'KNEE_LIGAMENT', 'WELLNESS')`),
    )
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`unit in ('DAY', 'MONTH')`))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value >= 0`))
    .addPrimaryKeyConstraint('rate_waiting_periods_pkey', ['plan_code', 'category', 'effective_date'])
    .execute();
  await sql`
    insert into rate_waiting_periods (plan_code, category, effective_date, unit, value)
    select p.plan_code, d.category, date '2025-01-01', d.unit, d.value
    from pet_plans p
    cross join (values
      ('ACCIDENT', 'DAY', 2),
      ('ILLNESS', 'DAY', 14),
      ('KNEE_LIGAMENT', 'MONTH', 6),
      ('WELLNESS', 'DAY', 0)
    ) as d (category, unit, value)`.execute(db);
}
