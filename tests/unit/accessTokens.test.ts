import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '../../src/server/auth/accessTokens';

const secret = 'x'.repeat(48);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  it('round-trips the user and session', () => {
    const claims = verifyAccessToken(issueAccessToken(7, 'session-1', secret, 60), secret);
    expect(claims).toMatchObject({ sub: '7', sid: 'session-1' });
  });

  it('refuses expired tokens, other secrets and tampered payloads', () => {
    const token = issueAccessToken(7, 's', secret, 60, Date.now() - 120_000);
    expect(verifyAccessToken(token, secret)).toBeNull();
    expect(verifyAccessToken(issueAccessToken(7, 's', secret, 60), 'y'.repeat(48))).toBeNull();
    const [header, , signature] = issueAccessToken(7, 's', secret, 60).split('.');
    const forged = `${header}.${b64({ sub: '1', sid: 's', jti: 'j', iat: 0, exp: 9_999_999_999 })}.${signature}`;
    expect(verifyAccessToken(forged, secret)).toBeNull();
  });

  it('refuses alg none and any header but HS256', () => {
    const payload = b64({ sub: '1', sid: 's', jti: 'j', iat: 0, exp: 9_999_999_999 });
    expect(verifyAccessToken(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, secret)).toBeNull();
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}`;
    const sig = createHmac('sha512', secret).update(hs512).digest('base64url');
    expect(verifyAccessToken(`${hs512}.${sig}`, secret)).toBeNull();
    expect(verifyAccessToken('garbage', secret)).toBeNull();
  });
});
