import { sql } from 'kysely';
import { expect } from 'vitest';
import { PROJECTION_TABLES, rebuildProjections } from '../../src/server/projections';
import type { Db } from '../../src/server/store/db';

// Checks of the event store as a whole (DESIGN.md "Event sourcing"): every stream's versions run 1..n, and
// the read tables are exactly what a replay of the log makes of them.

export type ProjectionTable = (typeof PROJECTION_TABLES)[number];
export type ReadTables = Record<ProjectionTable, unknown[]>;

// int8 may arrive as a BigInt, which JSON.stringify refuses.
const json = (row: unknown) =>
  JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));

// Row ids a projection draws from a sequence as it inserts, which no event carries: a replay numbers the
// rows afresh. Nothing reads them (a refund is found by its policy number, which is unique).
const SURROGATE_IDS: Partial<Record<ProjectionTable, string>> = { policy_refunds: 'id' };

// Every projection table, each row with every column (but a surrogate id), ordered by the row's JSON so
// that two snapshots compare whatever order the rows lie in.
export async function readTables(db: Db): Promise<ReadTables> {
  const tables = {} as ReadTables;
  for (const table of PROJECTION_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const surrogate = SURROGATE_IDS[table];
    tables[table] = rows
      .map((row) => {
        if (surrogate) delete row[surrogate];
        return { key: json(row), row };
      })
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ row }) => row);
  }
  return tables;
}

export async function eventCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from events`.execute(db);
  return Number(rows[0]!.n);
}

// Replays the whole log into the read tables (`npm run projections:rebuild`) and expects every table to
// come back row for row as it was: an event whose projection row is missing, a row no event explains, or a
// half-applied change all show as a difference. Run it when nothing else writes. Answers the rows compared.
export async function expectRebuildReproducesReadTables(db: Db): Promise<number> {
  const live = await readTables(db);
  const replayed = await rebuildProjections(db);
  expect(replayed).toBe(await eventCount(db));
  const rebuilt = await readTables(db);
  for (const table of PROJECTION_TABLES) {
    expect(rebuilt[table], `${table} rebuilt from the log`).toEqual(live[table]);
  }
  return Object.values(live).reduce((sum, rows) => sum + rows.length, 0);
}

export interface StreamRange {
  stream_type: string;
  stream_id: string;
  n: number;
  first: number;
  last: number;
}

// Streams whose versions are not exactly 1..n (a gap, or not starting at 1); the unique (stream, version)
// key already rules out duplicates.
export async function streamsWithGaps(db: Db): Promise<StreamRange[]> {
  const { rows } = await sql<StreamRange>`
    select stream_type, stream_id, count(*)::int as n, min(version) as first, max(version) as last
    from events
    group by stream_type, stream_id
    having min(version) <> 1 or max(version) <> count(*)`.execute(db);
  return rows;
}

// How many events of this type each stream of the type holds (streams without one are absent).
export async function eventsPerStream(
  db: Db,
  streamType: string,
  eventType: string,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ stream_id: string; n: number }>`
    select stream_id, count(*)::int as n from events
    where stream_type = ${streamType} and type = ${eventType}
    group by stream_id`.execute(db);
  return new Map(rows.map((r) => [r.stream_id, r.n]));
}
