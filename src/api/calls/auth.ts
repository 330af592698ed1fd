import { apiRequest } from '../client';
import type { LoginRequest, TokenResponse } from '../schemas/auth';

// POST /v2/auth (login, logout) of SPEC §7; the password reset pair is in ./passwordReset.
// The refresh grant lives in the client, which retries the call that found the token expired.
// The session service calls these from the first script, which leaves zod out: the answers' schemas load
// alongside the call.
const authSchemas = () => import('../schemas/auth');

export async function login(credentials: LoginRequest): Promise<TokenResponse> {
  const [answer, { TokenResponse }] = await Promise.all([
    apiRequest('/v2/auth', { method: 'POST', body: credentials }),
    authSchemas(),
  ]);
  return TokenResponse.parse(answer);
}

export async function revokeRefreshToken(refreshToken: string): Promise<string> {
  const body = { grantType: 'revoke', refreshToken };
  const [answer, { LogoutResponse }] = await Promise.all([
    apiRequest('/v2/auth', { method: 'POST', body }),
    authSchemas(),
  ]);
  return LogoutResponse.parse(answer).message;
}
