import { sql, type Kysely } from 'kysely';

// A renters cancellation took back as written premium only the premium part of its refund, so a monthly policy
// cancelled or lapsed after a few instalments kept nearly all its written premium, and its agency all its
// commission. It takes back the term's premium less what the cover earned now, as a pet cancellation does
// (docs/commission.md): this migration restates the cancellations already in premium_adjustments, and the
// reinstatements that give their premium back. Statements already generated keep their lines; a pending one is
// brought up to date by the month-end work (docs/commission.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    with cancels as (
      select e.position,
             e.data->>'method' as method,
             (e.data->>'earnedPremiumCents')::bigint as earned,
             (select (t.data->>'termPremiumCents')::bigint
                from events t
               where t.stream_type = e.stream_type
                 and t.stream_id = e.stream_id
                 and t.type in ('renters.policyIssued', 'renters.renewed')
                 and t.position < e.position
               order by t.position desc
               limit 1) as term_premium
        from events e
       where e.type = 'renters.cancelled')
    update premium_adjustments a
       set premium_cents = -(case when c.method = 'FLAT' then c.term_premium else c.term_premium - c.earned end)
      from cancels c
     where a.event_id = c.position
       and c.term_premium is not null
       and (c.method = 'FLAT' or c.earned is not null)`.execute(db);
  await sql`
    update premium_adjustments a
       set premium_cents = -(select b.premium_cents
                               from premium_adjustments b
                              where b.policy_number = a.policy_number
                                and b.event_code in ('CN', 'FC')
                                and b.event_id < a.event_id
                              order by b.event_id desc
                              limit 1)
     where a.line = 'RENTERS'
       and a.event_code = 'RI'
       and exists (select 1
                     from premium_adjustments b
                    where b.policy_number = a.policy_number
                      and b.event_code in ('CN', 'FC')
                      and b.event_id < a.event_id)`.execute(db);
}
