import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../store/db';

// Mail is written to the outbox table (a real mail adapter can send from it) and to the log.
export interface Mail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  payload: Record<string, unknown>;
}

export async function enqueueMail(db: Db, log: FastifyBaseLogger, mail: Mail): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ ...mail, payload: JSON.stringify(mail.payload), sent_at: null })
    .execute();
  log.info(
    { mail: { kind: mail.kind, recipient: mail.recipient, subject: mail.subject, body: mail.body } },
    'mail queued',
  );
}
