import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { StoredContent } from './matterEvents';

// Bytes of documents and uploads, in the database so every server process serves the same files and the
// API keeps nothing of its own between requests. Written once, in the transaction of the event naming them.
export async function storeContent(trx: Trx, bytes: Uint8Array, contentType: string): Promise<StoredContent> {
  const contentId = randomUUID();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await trx
    .insertInto('matter_contents')
    .values({ id: contentId, content: bytes, size: bytes.byteLength, sha256 })
    .execute();
  return { contentId, contentType, size: bytes.byteLength, sha256 };
}

export async function readContent(db: Db, contentId: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('matter_contents')
    .select('content')
    .where('id', '=', contentId)
    .executeTakeFirst();
  return row ? Buffer.from(row.content) : null;
}
