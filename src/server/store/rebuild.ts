import { sql } from 'kysely';
import type { Db } from './db';
import { PROJECTION_TABLES } from '../domain/aggregates';
import { syncEntityDetailSequences } from '../domain/entities/entitySequences';
import { projectionsOf, toStoredEvent } from './eventStore';

const BATCH = 2000;

// Clears every projection and replays the whole log through the projections, in one transaction so readers
// never see a half-built table. Returns the number of events replayed.
export async function rebuildProjections(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const table of PROJECTION_TABLES) await trx.deleteFrom(table).execute();
    let after = '0';
    let count = 0;
    for (;;) {
      const rows = await trx
        .selectFrom('events')
        .selectAll()
        .where('position', '>', after)
        .orderBy('position')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const event = toStoredEvent(row);
        for (const projection of projectionsOf(event.streamType)) await projection(trx, event);
      }
      count += rows.length;
      if (rows.length < BATCH) break;
      after = String(rows.at(-1)!.position);
    }
    // Ids are taken from sequences; keep them ahead of the replayed records.
    for (const [table, sequence] of [
      ['entities', 'entity_id_seq'],
      ['roles', 'role_id_seq'],
      ['users', 'user_id_seq'],
      ['commission_rules', 'commission_rule_id_seq'],
      ['commission_statements', 'commission_statement_id_seq'],
      ['commission_statement_overrides', 'commission_override_id_seq'],
    ] as const) {
      await sql`select setval(${sequence}, greatest((select max(id) from ${sql.table(table)}), 1))`.execute(
        trx,
      );
    }
    await syncEntityDetailSequences(trx);
    return count;
  });
}
