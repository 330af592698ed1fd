import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// Compact HS256 JWTs. Only HS256 with our secret is accepted: `alg: none` or any other header is refused.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const Claims = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.string().min(1),
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof Claims>;

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function issueAccessToken(
  userId: number,
  sessionId: string,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const claims: AccessClaims = {
    sub: String(userId),
    sid: sessionId,
    jti: randomUUID(),
    iat,
    exp: iat + ttlSeconds,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(body, secret)}`;
}

export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: AccessClaims;
  try {
    claims = Claims.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (claims.exp <= Math.floor(now / 1000)) return null;
  return claims;
}
