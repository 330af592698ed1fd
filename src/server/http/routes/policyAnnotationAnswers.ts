import type { FastifyReply } from 'fastify';
import type { PolicyDocument, PolicyNote } from '../../../api/schemas/policyMatters';
import { findDocument, listDocuments } from '../../domain/policies/policyDocuments';
import { findNote, listNotes } from '../../domain/policies/policyNotes';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { sendStored } from './matterDownloads';
import { serverTimestamp } from '../../../calendar';

// The answers about a policy's notes and documents, the same for a pet and a renters policy (both lines keep
// them in policy_notes and policy_documents by policy number). The caller has checked privilege and scope.

const iso = (value: Date | string) => serverTimestamp(value);

type NoteRow = Awaited<ReturnType<typeof findNote>>;
const noteOut = (n: NoteRow): PolicyNote => ({
  id: n.id,
  note: n.note,
  createdAt: iso(n.created_at),
  createdBy: n.user_id === null ? null : { id: n.user_id, name: n.user_name ?? '' },
});

export async function notesPage(db: Db, policyNumber: string, page: number, limit: number) {
  const { rows, meta } = await listNotes(db, policyNumber, page, limit);
  return { data: rows.map(noteOut), meta };
}

// The answer to an added note: the note as the list shows it.
export async function noteAnswer(db: Db, policyNumber: string, noteId: string) {
  return { data: noteOut(await findNote(db, policyNumber, noteId)) };
}

export async function documentsAnswer(db: Db, policyNumber: string): Promise<{ data: PolicyDocument[] }> {
  const rows = await listDocuments(db, policyNumber);
  return {
    data: rows.map((d) => ({
      id: d.id,
      type: d.type as PolicyDocument['type'],
      name: d.name,
      contentType: d.content_type,
      size: d.size,
      createdAt: iso(d.created_at),
    })),
  };
}

// A document of this policy only: another policy's document id answers 404 like a missing one.
export async function sendDocument(db: Db, reply: FastifyReply, policyNumber: string, documentId: string) {
  const document = await findDocument(db, policyNumber, documentId);
  if (!document) throw notFound('document');
  return sendStored(db, reply, document);
}
