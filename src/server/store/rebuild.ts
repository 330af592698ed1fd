import { sql } from 'kysely';
import type { Db } from './db';
import { replayStreamTypes, type ReplayOptions } from './bulkReplay';
import { installProjections, type ProjectionSpec, type Trx } from './eventStore';
import type { Database } from './schema';
import { withoutSecondaryIndexes } from './secondaryIndexes';

// What a rebuild needs to know of the projections, handed in by the server (src/server/projections.ts): the
// store knows no domain.
export interface ProjectionRegistry {
  projections: readonly ProjectionSpec[];
  // The order the log is replayed in, as groups of stream types (store/bulkReplay.ts).
  replayOrder: readonly (readonly string[])[];
  // The tables the projections fill, in the order a rebuild clears them (children first).
  tables: readonly (keyof Database & string)[];
  // Secondary indexes a bulk replay reads by, kept while the others are dropped.
  lookupIndexes: readonly string[];
  // Work after the replay, in its transaction.
  afterReplay?: (trx: Trx) => Promise<void>;
}

// Clears every projection and replays the whole log through the projections, one stream type at a time in
// the registry's replay order (bulk where the type's projections have a bulk form), in one transaction so readers never
// see a half-built table; a bulk rebuild drops and rebuilds the tables' secondary indexes, so readers wait
// for it instead of reading the old rows. Returns the number of events replayed. `bulk: false` replays every event through
// the per-event projections, as appends ran them (to compare the two).
export async function rebuildProjections(
  db: Db,
  registry: ProjectionRegistry,
  options: ReplayOptions = {},
): Promise<number> {
  const { projections, replayOrder, tables, lookupIndexes, afterReplay } = registry;
  installProjections(projections);
  return db.transaction().execute(async (trx) => {
    for (const table of tables) await trx.deleteFrom(table).execute();
    const projected = [...new Set(projections.map((p) => p.streamType))];
    const unordered = projected.filter((t) => !replayOrder.some((group) => group.includes(t)));
    if (unordered.length > 0) throw new Error(`No replay order for stream types ${unordered.join(', ')}`);
    const replay = async () => {
      let events = 0;
      for (const group of replayOrder) events += await replayStreamTypes(trx, group, options);
      return events;
    };
    // The event-by-event replay stands for appends as they ran, indexes and all.
    const count =
      options.bulk === false
        ? await replay()
        : await withoutSecondaryIndexes(trx, tables, lookupIndexes, replay);
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
    await afterReplay?.(trx);
    return count;
  });
}
