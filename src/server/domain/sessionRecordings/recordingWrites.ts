import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  MAX_BATCH_BYTES,
  MAX_RECORDING_BYTES,
  type AppendEventsBody,
} from '../../../api/schemas/sessionRecordings';
import type { Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { Invalid, notFound } from '../domainErrors';
import { TooLarge } from './tooLarge';

// Support recordings of portal sessions (docs/session-recording.md): support telemetry, kept in plain tables
// beside the event store, not business facts. Their instants are the business clock's (the request's
// `businessAt`), which the retention work reads.

// Starts a recording of the caller's session, for the entity they act for.
export async function startRecording(db: Db, principal: Principal, at: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('session_recordings')
    .values({
      id,
      user_id: principal.userId,
      entity_id: principal.acting.id,
      started_at: at,
      last_event_at: at,
    })
    .execute();
  return id;
}

// rrweb events hold page text; PostgreSQL's jsonb holds neither NUL nor half of a surrogate pair, which
// JSON.stringify writes as \u escapes. Refused as input rather than failing in the database.
const UNSTORABLE = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

export interface Appended {
  id: string;
  eventCount: number;
  sizeBytes: number;
}

// Appends one batch to the caller's own recording. Another user's recording, or one that is gone, answers
// not found, so ids of others' recordings are not confirmed. A batch sent again under its sequence is stored
// once and answers the recording as it stands.
export async function appendEvents(
  db: Db,
  principal: Principal,
  recordingId: string,
  batch: AppendEventsBody,
  at: Date,
): Promise<Appended> {
  const json = JSON.stringify(batch.events);
  if (UNSTORABLE.test(json))
    throw new Invalid({
      events: ['The events hold a character that cannot be stored (NUL or a lone surrogate).'],
    });
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_BATCH_BYTES)
    throw new TooLarge({ events: [`A batch may hold at most ${MAX_BATCH_BYTES / 1024} KiB of events.`] });
  return db.transaction().execute(async (trx) => {
    const recording = await trx
      .selectFrom('session_recordings')
      .select(['id', 'user_id', 'event_count', 'size_bytes'])
      .where('id', '=', recordingId)
      .forUpdate()
      .executeTakeFirst();
    if (!recording || recording.user_id !== principal.userId) throw notFound('session recording');
    const size = Number(recording.size_bytes);
    const stored = await trx
      .selectFrom('session_recording_chunks')
      .select('sequence')
      .where('recording_id', '=', recordingId)
      .where('sequence', '=', batch.sequence)
      .executeTakeFirst();
    if (stored) return { id: recordingId, eventCount: recording.event_count, sizeBytes: size };
    if (size + bytes > MAX_RECORDING_BYTES)
      throw new TooLarge({
        events: [
          `A recording may hold at most ${MAX_RECORDING_BYTES / 1024 / 1024} MiB of events; start a new one.`,
        ],
      });
    await trx
      .insertInto('session_recording_chunks')
      .values({
        recording_id: recordingId,
        sequence: batch.sequence,
        events: sql`${json}::jsonb`,
        received_at: at,
      })
      .execute();
    const eventCount = recording.event_count + batch.events.length;
    await trx
      .updateTable('session_recordings')
      .set({ last_event_at: at, event_count: eventCount, size_bytes: size + bytes })
      .where('id', '=', recordingId)
      .execute();
    return { id: recordingId, eventCount, sizeBytes: size + bytes };
  });
}
