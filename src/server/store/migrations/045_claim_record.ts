import { sql, type Kysely } from 'kysely';

// SPEC §3's claim record (docs/pet-claims.md): the claim's source, diagnosis and treatment dates as its
// submission tells them, and the moments it was assessed, reassessed and closed. Claims submitted before
// this carry none of the first four in their events, so those stay null; the moments are read from the
// log's decisions and closings, as the projection now keeps them. Conditions become {ailmentId,
// description}, the ailment id unknown (null) for the conditions named by description alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('claims')
    .addColumn('source', 'text')
    .addColumn('diagnosis', 'text')
    .addColumn('treatment_start', 'date')
    .addColumn('treatment_end', 'date')
    .addColumn('assessed_at', 'timestamptz')
    .addColumn('reassessed_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await upgradeClaimRows(db);
}

// The rows the claims already had, brought to the new shape; exported so a test can run it over a claim
// written the old way. Safe to run again: conditions already as objects and moments already set stay as
// they are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function upgradeClaimRows(db: Kysely<any>): Promise<void> {
  await sql`
    update claims
       set conditions = (
             select coalesce(jsonb_agg(case jsonb_typeof(c.value)
                                         when 'string' then jsonb_build_object('ailmentId', null, 'description', c.value)
                                         else c.value end order by c.n), '[]'::jsonb)
               from jsonb_array_elements(conditions) with ordinality as c(value, n))`.execute(db);
  // A claim takes one decision (approved or denied) and is closed once, so the first of each is its moment.
  await sql`
    update claims
       set assessed_at = coalesce(assessed_at, (
             select min(e.recorded_at) from events e
              where e.stream_type = 'claim' and e.stream_id = claims.id::text
                and e.type in ('claim.approved', 'claim.denied'))),
           closed_at = coalesce(closed_at, (
             select min(e.recorded_at) from events e
              where e.stream_type = 'claim' and e.stream_id = claims.id::text
                and e.type = 'claim.closed'))`.execute(db);
}
