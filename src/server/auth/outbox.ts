import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../store/db';

// Mail is written to the outbox table, which a real mail adapter sends from. The log says that a mail was
// queued, to whom and what about, but never its body: a reset mail carries a link that is as good as a password.
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
  log.info({ mail: { kind: mail.kind, recipient: mail.recipient, subject: mail.subject } }, 'mail queued');
}
