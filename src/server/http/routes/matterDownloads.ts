import type { FastifyReply } from 'fastify';
import { attachmentHeader } from '../../domain/matters/fileTypes';
import { readContent } from '../../domain/matters/contentStore';
import type { Db } from '../../store/db';
import { notFound } from '../errors';

// Sends stored bytes as a download: always an attachment, never sniffed into something the browser runs.
export async function sendStored(
  db: Db,
  reply: FastifyReply,
  stored: { name: string; content_type: string; content_id: string },
) {
  const bytes = await readContent(db, stored.content_id);
  if (!bytes) throw notFound('file');
  const type = stored.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : stored.content_type;
  return reply
    .header('content-type', type)
    .header('content-disposition', attachmentHeader(stored.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
