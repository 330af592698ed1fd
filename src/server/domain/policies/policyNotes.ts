import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { fetchPage } from '../../store/paging';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata } from '../../store/eventStore';
import { policyAggregate } from './policyAggregate';
import { appendNoteInTurn } from '../matters/appendNoteInTurn';
import { matterEvent } from '../matters/matterEvents';

// Notes on a policy: policy.noteAdded on the policy's stream, read back newest first. A note never conflicts
// with another write (appendNoteInTurn).
export async function addNote(
  db: Db,
  metadata: EventMetadata,
  policyNumber: string,
  note: string,
): Promise<string> {
  const noteId = randomUUID();
  await appendNoteInTurn(db, { type: policyAggregate.streamType, id: policyNumber }, (trx) =>
    execute(trx, policyAggregate, policyNumber, [matterEvent.noteAdded({ noteId, note })], metadata),
  );
  return noteId;
}

function noteRows(db: Db, policyNumber: string) {
  return db
    .selectFrom('policy_notes as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .select([
      'n.id',
      'n.note',
      'n.created_at',
      'u.id as user_id',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('user_name'),
    ])
    .where('n.policy_number', '=', policyNumber);
}

export async function listNotes(db: Db, policyNumber: string, page: number, limit: number) {
  return fetchPage(
    noteRows(db, policyNumber).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc'),
    page,
    limit,
  );
}

export async function findNote(db: Db, policyNumber: string, noteId: string) {
  return noteRows(db, policyNumber).where('n.id', '=', noteId).executeTakeFirstOrThrow();
}
