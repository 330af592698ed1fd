import { sql, type Kysely } from 'kysely';

// Premium adjustments were dated by the UTC day of their event, so a sale made after 6 PM in Chicago counted on
// the next day, and on a month's last evening in the next month's statement and premium report. They are
// dated by the business day now (docs/conventions.md "One business clock"): each row takes the day its event
// was recorded on in the business time zone. This migration knows the default zone only; a deployment that
// configured another rebuilds the projections (`npm run projections:rebuild`). Statements already generated
// keep their lines; a pending one is brought up to date by the month-end work (docs/commission.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update premium_adjustments a
       set "on" = (e.recorded_at at time zone 'America/Chicago')::date
      from events e
     where e.position = a.event_id
       and a."on" <> (e.recorded_at at time zone 'America/Chicago')::date`.execute(db);
}
