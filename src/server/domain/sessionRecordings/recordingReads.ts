import { sql } from 'kysely';
import type { SessionRecording, SessionRecordingsQuery } from '../../../api/schemas/sessionRecordings';
import { serverTimestamp } from '../../../calendar';
import type { Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { fetchPage, likePattern } from '../../store/paging';
import type { PageMeta } from '../../../api/schemas/paging';
import { Forbidden, notFound } from '../domainErrors';

// Replaying a session shows what a user of any agency saw, so beyond session_recording_view (the route's
// check) only users of the root entity, the top of every agency tree, may read recordings: the privilege
// granted to an agency's user opens nothing (docs/session-recording.md "Who may replay").
export function requireRootEntityUser(principal: Principal): void {
  const depth = principal.entityPath.split('/').filter(Boolean).length;
  if (depth !== 1) throw new Forbidden('Session recordings are replayed only by users of the root entity.');
}

function recordings(db: Db) {
  return db
    .selectFrom('session_recordings as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('entities as e', 'e.id', 'r.entity_id')
    .select([
      'r.id',
      'r.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'r.entity_id',
      'e.entity_code',
      'e.entity_name',
      'r.started_at',
      'r.last_event_at',
      'r.event_count',
      'r.size_bytes',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof recordings>['executeTakeFirstOrThrow']>>;

function recordingOut(row: Row): SessionRecording {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: name || `User ${row.user_id}`,
    user_email: row.email,
    entity_id: row.entity_id,
    entity_code: row.entity_code,
    entity_name: row.entity_name,
    started_at: serverTimestamp(row.started_at),
    last_event_at: serverTimestamp(row.last_event_at),
    event_count: row.event_count,
    size_bytes: Number(row.size_bytes),
  };
}

export async function listRecordings(
  db: Db,
  principal: Principal,
  query: SessionRecordingsQuery,
): Promise<{ data: SessionRecording[]; meta: PageMeta }> {
  requireRootEntityUser(principal);
  const { page, limit, sort, order, filter } = query;
  let rows = recordings(db);
  if (filter.user_id !== undefined) rows = rows.where('r.user_id', '=', filter.user_id);
  if (filter.user !== undefined) {
    const pattern = likePattern(filter.user);
    rows = rows.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
      ]),
    );
  }
  rows = rows.orderBy(`r.${sort}`, order).orderBy('r.id', order);
  const { rows: found, meta } = await fetchPage(rows, page, limit);
  return { data: found.map(recordingOut), meta };
}

export async function recordingEvents(db: Db, principal: Principal, recordingId: string) {
  requireRootEntityUser(principal);
  const row = await recordings(db).where('r.id', '=', recordingId).executeTakeFirst();
  if (!row) throw notFound('session recording');
  const chunks = await db
    .selectFrom('session_recording_chunks')
    .select(['sequence', 'events'])
    .where('recording_id', '=', recordingId)
    .orderBy('sequence')
    .execute();
  return {
    recording: recordingOut(row),
    chunks: chunks.map((c) => ({ sequence: c.sequence, events: c.events as Record<string, unknown>[] })),
  };
}
