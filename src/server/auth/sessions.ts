import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../store/db';
import { issueAccessToken } from './accessTokens';

// Login sessions: a family of single-use refresh tokens. Presenting a used token again means it leaked, so
// the whole family is revoked; a family also ends at its absolute expiry, at logout and on password change.
export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export interface IssuedTokens {
  tokenType: 'Bearer';
  expiresIn: number;
  accessToken: string;
  refreshToken: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

async function issue(db: Db, userId: number, familyId: string, expiresAt: Date, settings: TokenSettings) {
  const refresh = newRefreshToken();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: hashToken(refresh), family_id: familyId, expires_at: expiresAt, used_at: null })
    .execute();
  return {
    tokenType: 'Bearer' as const,
    expiresIn: settings.accessTtlSeconds,
    accessToken: issueAccessToken(userId, familyId, settings.secret, settings.accessTtlSeconds),
    refreshToken: refresh,
  };
}

// Null when the user or their entity was deactivated while the password was being checked. The user's and
// the entity's rows are locked for share first: a deactivation that commits meanwhile is waited for and
// seen, and one that comes later waits for this session and then ends it. Without the lock, a session made
// beside a deactivation outlived it and worked again after a reactivation.
export async function startSession(
  db: Db,
  userId: number,
  settings: TokenSettings,
): Promise<IssuedTokens | null> {
  const familyId = randomUUID();
  const expiresAt = new Date(Date.now() + settings.refreshTtlDays * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom('users as u')
      .innerJoin('entities as e', 'e.id', 'u.entity_id')
      .select('u.id')
      .where('u.id', '=', userId)
      .where('u.is_enabled', '=', true)
      .where('e.status_code', '=', 'ACTIVE')
      .forShare()
      .executeTakeFirst();
    if (!live) return null;
    await trx
      .insertInto('session_families')
      .values({
        id: familyId,
        user_id: userId,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    return issue(trx, userId, familyId, expiresAt, settings);
  });
}

// Returns new tokens, or null when the token is unknown, expired, revoked or reused.
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  settings: TokenSettings,
): Promise<IssuedTokens | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens as t')
      .innerJoin('session_families as f', 'f.id', 't.family_id')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .innerJoin('entities as e', 'e.id', 'u.entity_id')
      .select([
        't.token_hash',
        't.used_at',
        't.expires_at',
        'f.id as family_id',
        'f.expires_at as family_expires_at',
        'f.revoked_at',
        'f.user_id',
        'u.is_enabled',
        'e.status_code',
      ])
      .where('t.token_hash', '=', hashToken(refreshToken))
      // Not the entity's row: a deactivation holding it while it ends this family would deadlock with us.
      .forUpdate(['t', 'f', 'u'])
      .executeTakeFirst();
    if (!row || row.revoked_at || !row.is_enabled || row.status_code !== 'ACTIVE') return null;
    // The family's expiry is the session's absolute end; each token carries it too, so neither outlives it.
    if (Math.min(row.expires_at.getTime(), row.family_expires_at.getTime()) <= Date.now()) return null;
    if (row.used_at) {
      await trx
        .updateTable('session_families')
        .set({ revoked_at: new Date(), revoked_reason: 'refresh token reuse' })
        .where('id', '=', row.family_id)
        .execute();
      return null;
    }
    await trx
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', row.token_hash)
      .execute();
    return issue(trx, row.user_id, row.family_id, row.family_expires_at, settings);
  });
}

export async function revokeByRefreshToken(db: Db, refreshToken: string, reason: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (!row) return false;
  await revokeFamily(db, row.family_id, reason);
  return true;
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await db
    .updateTable('session_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .updateTable('session_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

// Deactivating an entity ends the sessions of every user of it and of the entities beneath it (all inactive
// by then, since deactivation does not cascade), so reactivating it brings none of them back.
export async function revokeEntitySessions(db: Db, entityPath: string, reason: string): Promise<void> {
  await db
    .updateTable('session_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('users as u')
        .innerJoin('entities as e', 'e.id', 'u.entity_id')
        .select('u.id')
        .where('e.path', 'like', `${entityPath}%`),
    )
    .execute();
}

// A password change keeps the session it was made in and ends every other one.
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepFamilyId: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('session_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('id', '<>', keepFamilyId)
    .where('revoked_at', 'is', null)
    .execute();
}
