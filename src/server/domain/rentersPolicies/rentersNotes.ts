import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { serverTimestamp } from '../../../calendar';
import type { AddRentersNote, RentersNote } from '../../../api/schemas/rentersNotes';
import type { Db } from '../../store/db';
import type { EventMetadata } from '../../store/eventStore';
import { fetchPage } from '../../store/paging';
import { Invalid } from '../domainErrors';
import { appendNoteInTurn } from '../matters/appendNoteInTurn';
import type { NoteAdded } from '../matters/matterEvents';
import { appendToRentersPolicy } from './appendToRentersPolicy';
import { RENTERS_POLICY_STREAM } from './rentersPolicyEvents';
import type { RentersPolicyRef } from './rentersPolicyScope';

// A renters policy's notes (SPEC §3 Note, docs/renters-policy-record.md "Notes"): renters.noteAdded on the
// policy's stream, read from policy_notes newest first. An INTERNAL note is for staff: an agency's user may
// neither write one (it would be hidden from its own writer) nor be answered one.

export async function addRentersNote(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  note: AddRentersNote,
  staff: boolean,
): Promise<string> {
  if (note.visibility === 'INTERNAL' && !staff)
    throw new Invalid({
      'data.visibility': ['Only administrators and internal agents may keep a note internal.'],
    });
  const noteId = randomUUID();
  const data: NoteAdded = {
    noteId,
    note: note.content,
    priority: note.priority,
    visibility: note.visibility,
  };
  // Taken whatever was written meanwhile, in its turn (appendNoteInTurn): a note never conflicts.
  await appendNoteInTurn(db, { type: RENTERS_POLICY_STREAM, id: ref.policyNumber }, (trx) =>
    appendToRentersPolicy(trx, metadata, ref.policyNumber, [
      { type: 'renters.noteAdded', data: { ...data } },
    ]),
  );
  return noteId;
}

function noteRows(db: Db, policyNumber: string, staff: boolean) {
  let query = db
    .selectFrom('policy_notes as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .select([
      'n.id',
      'n.note',
      'n.priority',
      'n.source',
      'n.visibility',
      'n.created_at',
      'u.id as user_id',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('user_name'),
    ])
    .where('n.policy_number', '=', policyNumber);
  if (!staff) query = query.where('n.visibility', '=', 'AGENT');
  return query;
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof noteRows>['executeTakeFirstOrThrow']>>;
const noteOut = (n: NoteRow): RentersNote => ({
  id: n.id,
  content: n.note,
  priority: n.priority as RentersNote['priority'],
  source: n.source as RentersNote['source'],
  visibility: n.visibility as RentersNote['visibility'],
  created_at: serverTimestamp(n.created_at),
  created_by: n.user_id === null ? null : { id: n.user_id, name: n.user_name ?? '' },
});

export async function rentersNotesPage(
  db: Db,
  policyNumber: string,
  page: { page: number; limit: number },
  staff: boolean,
) {
  const { rows, meta } = await fetchPage(
    noteRows(db, policyNumber, staff).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc'),
    page.page,
    page.limit,
  );
  return { data: rows.map(noteOut), meta };
}

export async function rentersNoteAnswer(db: Db, policyNumber: string, noteId: string) {
  return {
    data: noteOut(
      await noteRows(db, policyNumber, true).where('n.id', '=', noteId).executeTakeFirstOrThrow(),
    ),
  };
}
