import { sql } from 'kysely';
import type { Db } from '../../store/db';
import type { StoredEvent } from '../../store/eventStore';
import { POLICY_STREAM } from '../policies/policyEvents';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';

// Reads the pet and renters policy logs for reports and statements: every policy stream with an event of
// `types` recorded in [from, to), each stream whole (its `types` events, in version order), since an event's
// meaning depends on what came before it (a cancellation needs its policy's issue, a reinstatement the
// cancellation it undoes). Callers filter the folded events to the period themselves.

export type PolicyLogEvent = Pick<StoredEvent, 'position' | 'streamType' | 'type' | 'data' | 'recordedAt'>;

export interface PolicyLogWindow {
  types: readonly string[];
  // ISO instants; `to` is exclusive.
  from: string;
  to: string;
  // Only policies issued to this entity, or to any entity whose path starts with `entityPath` (a subtree).
  entityId?: number;
  entityPath?: string;
  // Only these fields of each event's data (dotted for one level down, as 'pet.species'): a report reads a
  // few figures of events that carry whole customers and coverages, and sorts and moves far less.
  fields?: readonly string[];
}

// jsonb_build_object of the fields asked for; absent fields come out as null and are stripped, so a
// reader sees what it would have seen of the whole data.
export function dataFields(fields: readonly string[]) {
  const groups = new Map<string, string[]>();
  for (const field of fields) {
    const [head, tail] = field.split('.') as [string, string | undefined];
    const group = groups.get(head) ?? [];
    if (tail) group.push(tail);
    groups.set(head, group);
  }
  const pairs = [...groups].flatMap(([head, tails]) => [
    sql.lit(head),
    tails.length
      ? sql`jsonb_build_object(${sql.join(tails.flatMap((t) => [sql.lit(t), sql`e.data->${sql.lit(head)}->${sql.lit(t)}`]))})`
      : sql`e.data->${sql.lit(head)}`,
  ]);
  return sql<Record<string, unknown>>`jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs)}))`;
}

const ISSUED_TYPES = ['policy.issued', 'renters.policyIssued'];

export async function readPolicyStreams(db: Db, window: PolicyLogWindow): Promise<PolicyLogEvent[][]> {
  const { types, entityId, entityPath } = window;
  const streams = db
    .selectFrom('events')
    .select(['stream_type', 'stream_id'])
    .distinct()
    .where('stream_type', 'in', [POLICY_STREAM, RENTERS_POLICY_STREAM])
    .where('type', 'in', types)
    .where('recorded_at', '>=', sql<Date>`${window.from}::timestamptz`)
    .where('recorded_at', '<', sql<Date>`${window.to}::timestamptz`);
  let query = db
    .selectFrom('events as e')
    .innerJoin(streams.as('s'), (join) =>
      join.onRef('s.stream_type', '=', 'e.stream_type').onRef('s.stream_id', '=', 'e.stream_id'),
    )
    .select(['e.position', 'e.stream_type', 'e.stream_id', 'e.type', 'e.recorded_at'])
    .select(window.fields ? dataFields(window.fields).as('data') : 'e.data')
    .where('e.type', 'in', [...new Set([...types, ...ISSUED_TYPES])]);
  if (entityId !== undefined || entityPath !== undefined) {
    query = query.where(({ exists, selectFrom }) => {
      let issued = selectFrom('events as i')
        .select('i.position')
        .whereRef('i.stream_type', '=', 'e.stream_type')
        .whereRef('i.stream_id', '=', 'e.stream_id')
        .where('i.type', 'in', ISSUED_TYPES);
      if (entityId !== undefined)
        issued = issued.where(sql<boolean>`(i.data->>'entityId')::int = ${entityId}`);
      if (entityPath !== undefined)
        issued = issued.where(({ exists: inside, selectFrom: from }) =>
          inside(
            from('entities as en')
              .select('en.id')
              .where(sql<boolean>`en.id = (i.data->>'entityId')::int`)
              .where('en.path', 'like', `${entityPath}%`),
          ),
        );
      return exists(issued);
    });
  }
  // Log order is position order, within a stream too: sorting here is cheaper than a database sort of
  // rows that carry their data.
  const rows = (await query.execute()).sort((a, b) => Number(a.position) - Number(b.position));
  const byStream = new Map<string, PolicyLogEvent[]>();
  for (const row of rows) {
    const key = `${row.stream_type}/${row.stream_id}`;
    const list = byStream.get(key) ?? [];
    list.push({
      position: String(row.position),
      streamType: row.stream_type,
      type: row.type,
      data: row.data,
      recordedAt: row.recorded_at,
    });
    byStream.set(key, list);
  }
  return [...byStream.values()];
}

// [from, to) of the UTC days fromDay..toDay (both YYYY-MM-DD, inclusive).
export function utcDayWindow(fromDay: string, toDay: string): { from: string; to: string } {
  const end = new Date(Date.parse(`${toDay}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: `${fromDay}T00:00:00.000Z`, to: end };
}
