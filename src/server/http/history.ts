import { sql } from 'kysely';
import type { HistoryEntry } from '../../api/schemas/history';
import type { Db } from '../store/db';

const SECRET_KEY = /password|hash|token|secret/i;

function redact(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_KEY.test(key)));
}

// The events of one stream, oldest first, with the acting user's name. Callers check access and scope.
export async function streamHistory(db: Db, streamType: string, streamId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('users as u', (join) => join.on(sql`u.id`, '=', sql`(e.metadata->>'userId')::int`))
    .select([
      'e.version',
      'e.type',
      'e.data',
      'e.recorded_at',
      'u.id as actor_id',
      'u.first_name',
      'u.last_name',
    ])
    .where('e.stream_type', '=', streamType)
    .where('e.stream_id', '=', streamId)
    .orderBy('e.version')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    type: row.type,
    recordedAt: row.recorded_at.toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, name: `${row.first_name} ${row.last_name}` },
    changes: redact(row.data),
  }));
}
