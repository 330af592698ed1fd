import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { changePassword } from '../domain/users/userCommands';
import { passwordLinkMail, type PasswordLinkKind } from '../mail/mails';
import type { Db } from '../store/db';
import { logQueued, type Mail } from './outbox';
import { hashPassword } from './passwords';
import { hashToken, revokeAllSessions } from './sessions';

const RESET_TTL_MS = 60 * 60 * 1000;
// An invitation is a reset link that waits longer: a new user may not read their mail within the hour.
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Sends a reset link when the e-mail belongs to an enabled user; callers answer the same either way so the
// endpoint does not tell which e-mails have accounts, neither by its answer nor by its time. Writing the link
// and its mail used to cost a known address two commits, each waiting for the disk (20 ms against 7 ms for an
// unknown address on PostgreSQL). Now every request runs the same transaction and statement, which writes
// the two rows for a known address and nothing otherwise, and does not wait for its commit to reach the disk
// (tests/api/authTiming.test.ts). A crash in that moment may lose the mail; the user, told "if an account
// exists, we have sent a link", asks again.
export async function requestPasswordReset(
  db: Db,
  log: FastifyBaseLogger,
  email: string,
  portalOrigin: string,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  const link = passwordLink(user ?? { email, first_name: '' }, portalOrigin, 'password-reset');
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL synchronous_commit TO OFF`.execute(trx);
    await storePasswordLink(trx, user?.id ?? null, link);
  });
  if (user) logQueued(log, link.mail);
}

// Mails a single-use link to /reset-password: a reset (valid an hour) or a new user's invitation (a week).
export async function sendPasswordLink(
  db: Db,
  log: FastifyBaseLogger,
  user: { id: number; email: string; first_name: string },
  portalOrigin: string,
  kind: PasswordLinkKind,
): Promise<void> {
  const link = passwordLink(user, portalOrigin, kind);
  await storePasswordLink(db, user.id, link);
  logQueued(log, link.mail);
}

interface PasswordLink {
  token: string;
  expiresAt: Date;
  mail: Mail;
}

function passwordLink(
  user: { email: string; first_name: string },
  portalOrigin: string,
  kind: PasswordLinkKind,
): PasswordLink {
  const token = randomBytes(32).toString('base64url');
  const link = `${portalOrigin}/reset-password?${new URLSearchParams({ token, email: user.email })}`;
  const { subject, text, html } = passwordLinkMail(kind, { firstName: user.first_name }, link);
  return {
    token,
    expiresAt: new Date(Date.now() + (kind === 'user-invite' ? INVITE_TTL_MS : RESET_TTL_MS)),
    mail: { kind, recipient: user.email, subject, body: text, html, payload: { link } },
  };
}

// The link and its mail in one statement, so there is never one without the other. With no user it runs the
// same statement, which finds no row to write: an unknown address costs what a known one does. A new link
// voids the user's older ones (reset or invitation): only the newest mail's link sets a password, so a flood
// of requests leaves one valid link, not one per mail. The older rows are marked spent in the same statement;
// the new row is not among them (a statement's parts see the table as it was when it began).
async function storePasswordLink(db: Db, userId: number | null, link: PasswordLink): Promise<void> {
  const { mail } = link;
  await sql`
    WITH target AS (SELECT id FROM users WHERE id = ${userId}),
    voided AS (
      UPDATE password_resets SET used_at = now()
      WHERE user_id IN (SELECT id FROM target) AND used_at IS NULL
    ),
    reset AS (
      INSERT INTO password_resets (token_hash, user_id, expires_at)
      SELECT ${hashToken(link.token)}, id, ${link.expiresAt} FROM target
    )
    INSERT INTO outbox (kind, recipient, subject, body, html, payload)
    SELECT ${mail.kind}, ${mail.recipient}, ${mail.subject}, ${mail.body}, ${mail.html},
      ${JSON.stringify(mail.payload)}::jsonb
    FROM target`.execute(db);
}

// Spends every outstanding link of a user: after a password is set by hand, or the user is deactivated.
export async function spendPasswordLinks(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// Returns false when the token is unknown, used, expired or not for this e-mail.
export async function resetPassword(
  db: Db,
  input: { email: string; token: string; password: string },
  requestId: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.token_hash',
        'r.user_id',
        'r.expires_at',
        'r.used_at',
        'u.email',
        'u.is_enabled',
        'u.entity_id',
      ])
      .where('r.token_hash', '=', hashToken(input.token))
      .forUpdate()
      .executeTakeFirst();
    if (
      !reset ||
      reset.used_at ||
      !reset.is_enabled ||
      reset.expires_at.getTime() <= Date.now() ||
      reset.email.toLowerCase() !== input.email.toLowerCase()
    ) {
      return false;
    }
    // This link is spent, and so is every other outstanding link of the user.
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
    await changePassword(trx, reset.user_id, passwordHash, 'reset', {
      // Nobody acts for another entity through a reset link: the user acts as themselves, for their entity.
      userId: reset.user_id,
      entityId: reset.entity_id,
      requestId,
      // Security, not business: the change is dated by the real clock, as the link's expiry is read by it.
      at: new Date(),
    });
    await revokeAllSessions(trx, reset.user_id, 'password reset');
    return true;
  });
}
