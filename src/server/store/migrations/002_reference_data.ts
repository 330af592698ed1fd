import type { Kysely } from 'kysely';
import { PRIVILEGES, US_STATES } from './frozen/002_reference_data';

// Reference data lives in plain tables seeded here (DESIGN.md "Event sourcing").
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const ids = new Map(PRIVILEGES.map((p, i) => [p.code, i + 1]));
  await db
    .insertInto('privileges')
    .values(
      PRIVILEGES.map((p) => ({
        id: ids.get(p.code),
        parent_priv_id: p.parent ? ids.get(p.parent) : null,
        priv_code: p.code,
        priv_desc: p.description,
        is_grantable: p.grantable,
      })),
    )
    .execute();
  await db
    .insertInto('states')
    .values(US_STATES.map(([code, name]) => ({ code, name })))
    .execute();
}
