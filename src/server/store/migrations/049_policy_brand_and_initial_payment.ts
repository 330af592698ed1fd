import { sql, type Kysely } from 'kysely';

// Every pet policy's brand and initial payment as the projection now writes them (docs/pet-policy-record.md):
// the portal's one brand (`default`) where the row held none, and an initial payment that did not succeed
// where the policy's quote had a purchase declined before the one that paid. A projection rebuild gives the
// same rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update policies set brand_code = 'default' where brand_code is null`.execute(db);
  await sql`
    update policies p set init_pay_successful = false
     where p.init_pay_successful
       and exists (select 1 from events e
                    where e.stream_type = 'quote' and e.type = 'quote.purchaseFailed'
                      and e.stream_id = p.quote_uuid::text)`.execute(db);
}
