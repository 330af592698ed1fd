import { sql, type Kysely } from 'kysely';

// Quote search rows took SPEC §3's camelCase names (docs/spec-conformance.md), and with them the ids of two
// columns a saved view may list: `pet_names` became `petNames`, `referring_entity` became `referringEntity`.
// Saved views of the quotes table keep their columns, in their order, under the new ids.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update table_views
       set state = jsonb_set(state, '{columns}', (
             select coalesce(jsonb_agg(case c.id
                                         when 'pet_names' then 'petNames'
                                         when 'referring_entity' then 'referringEntity'
                                         else c.id end order by c.n), '[]'::jsonb)
               from jsonb_array_elements_text(state -> 'columns') with ordinality as c(id, n)))
     where table_key = 'quotes' and jsonb_typeof(state -> 'columns') = 'array'`.execute(db);
}
