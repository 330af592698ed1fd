import { sql } from 'kysely';
import type { Db } from './db';
import { PROJECTION_TABLES, REPLAY_LOOKUP_INDEXES, REPLAY_ORDER } from '../domain/aggregates';
import { syncEntityDetailSequences } from '../domain/entities/entitySequences';
import { replayStreamTypes, type ReplayOptions } from './bulkReplay';
import { projectedStreamTypes } from './eventStore';
import { withoutSecondaryIndexes } from './secondaryIndexes';

// Clears every projection and replays the whole log through the projections, one stream type at a time in
// REPLAY_ORDER (bulk where the type's projections have a bulk form), in one transaction so readers never
// see a half-built table; a bulk rebuild drops and rebuilds the tables' secondary indexes, so readers wait
// for it instead of reading the old rows. Returns the number of events replayed. `bulk: false` replays every event through
// the per-event projections, as appends ran them (to compare the two).
export async function rebuildProjections(db: Db, options: ReplayOptions = {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const table of PROJECTION_TABLES) await trx.deleteFrom(table).execute();
    const unordered = projectedStreamTypes().filter((t) => !REPLAY_ORDER.some((group) => group.includes(t)));
    if (unordered.length > 0) throw new Error(`No replay order for stream types ${unordered.join(', ')}`);
    const replay = async () => {
      let events = 0;
      for (const group of REPLAY_ORDER) events += await replayStreamTypes(trx, group, options);
      return events;
    };
    // The event-by-event replay stands for appends as they ran, indexes and all.
    const count =
      options.bulk === false
        ? await replay()
        : await withoutSecondaryIndexes(trx, PROJECTION_TABLES, REPLAY_LOOKUP_INDEXES, replay);
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
