import type { FastifyBaseLogger } from 'fastify';

// Mail is written to the outbox table, which the mail job delivers (the password links write theirs with the
// link, in one statement: src/server/auth/passwordReset.ts). Its subject and parts come from a template
// (src/server/mail/mails.ts). The log says that a mail was queued, to whom and what about, but never its body:
// a reset mail carries a link that is as good as a password.
export interface Mail {
  kind: string;
  recipient: string;
  subject: string;
  // The plain-text part and the HTML part.
  body: string;
  html: string;
  payload: Record<string, unknown>;
}

export function logQueued(log: FastifyBaseLogger, mail: Mail): void {
  log.info({ mail: { kind: mail.kind, recipient: mail.recipient, subject: mail.subject } }, 'mail queued');
}
