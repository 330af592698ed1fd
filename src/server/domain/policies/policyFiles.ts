import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Invalid } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata } from '../../store/eventStore';
import { policyAggregate } from './policyAggregate';
import { storeContent } from '../matters/contentStore';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES, mediaType, sanitizeFileName, sniffType } from '../matters/fileTypes';
import { matterEvent } from '../matters/matterEvents';

export interface Upload {
  name: string;
  declaredType: string;
  bytes: Uint8Array;
}

// Checks an upload before anything is stored: size, an accepted type, and content that is what it claims.
export function checkUpload(upload: Upload): { name: string; contentType: (typeof UPLOAD_TYPES)[number] } {
  const fail = (message: string) => new Invalid({ file: [message] });
  if (upload.bytes.byteLength === 0) throw fail('The file is empty.');
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw fail('The file must be at most 10 MB.');
  const declared = mediaType(upload.declaredType);
  const sniffed = sniffType(upload.bytes);
  if (!(UPLOAD_TYPES as readonly string[]).includes(declared) || !sniffed) {
    throw fail('The file must be a PDF, PNG, JPEG or plain text file.');
  }
  if (sniffed !== declared) {
    throw fail(`The file's content is not ${declared}; it looks like ${sniffed}.`);
  }
  return { name: sanitizeFileName(upload.name, sniffed), contentType: sniffed };
}

export async function attachFile(
  db: Db,
  metadata: EventMetadata,
  policyNumber: string,
  upload: Upload,
): Promise<string> {
  const checked = checkUpload(upload);
  const fileId = randomUUID();
  await db.transaction().execute(async (trx) => {
    const content = await storeContent(trx, upload.bytes, checked.contentType);
    await execute(
      trx,
      policyAggregate,
      policyNumber,
      [matterEvent.fileAttached({ fileId, name: checked.name, ...content })],
      metadata,
    );
  });
  return fileId;
}

function fileRows(db: Db, policyNumber: string) {
  return db
    .selectFrom('policy_files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .select([
      'f.id',
      'f.name',
      'f.content_type',
      'f.size',
      'f.uploaded_at',
      'f.content_id',
      'u.id as user_id',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('user_name'),
    ])
    .where('f.policy_number', '=', policyNumber);
}

export async function listFiles(db: Db, policyNumber: string) {
  return fileRows(db, policyNumber).orderBy('f.uploaded_at', 'desc').orderBy('f.id').execute();
}

export async function findFile(db: Db, policyNumber: string, fileId: string) {
  return fileRows(db, policyNumber).where('f.id', '=', fileId).executeTakeFirst();
}
