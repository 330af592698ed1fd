import { sql } from 'kysely';
import type { Db } from './db';

export interface StreamEventRow {
  version: number;
  type: string;
  data: Record<string, unknown>;
  recorded_at: Date;
  // The acting user of the event's metadata, when one acted.
  actor_id: number | null;
}

// The events of one stream, oldest first, with the id of the user who appended each.
export async function streamEventRows(
  db: Db,
  streamType: string,
  streamId: string,
): Promise<StreamEventRow[]> {
  return db
    .selectFrom('events as e')
    .select([
      'e.version',
      'e.type',
      'e.data',
      'e.recorded_at',
      sql<number | null>`(e.metadata->>'userId')::int`.as('actor_id'),
    ])
    .where('e.stream_type', '=', streamType)
    .where('e.stream_id', '=', streamId)
    .orderBy('e.version')
    .execute();
}
