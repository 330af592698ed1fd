import { apiRequest } from '../client';
import { LogoutResponse, MessageResponse, TokenResponse, type LoginRequest } from '../schemas/auth';

// POST /v2/auth (login, logout) and the password reset pair of SPEC §7.
// The refresh grant lives in the client, which retries the call that found the token expired.

export async function login(credentials: LoginRequest): Promise<TokenResponse> {
  return TokenResponse.parse(await apiRequest('/v2/auth', { method: 'POST', body: credentials }));
}

export async function revokeRefreshToken(refreshToken: string): Promise<string> {
  const body = { grant_type: 'revoke', refresh_token: refreshToken };
  return LogoutResponse.parse(await apiRequest('/v2/auth', { method: 'POST', body })).message;
}

export interface ForgotPasswordInput {
  email: string;
  // Where the mailed link points; the server appends /reset-password?token=…&email=….
  redirectURL?: string;
}

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  const response = await apiRequest('/v1/password-forgot', { method: 'POST', body: input, public: true });
  return MessageResponse.parse(response).message;
}

export interface ResetPasswordInput {
  email: string;
  password: string;
  passwordConfirmation: string;
  token: string;
}

export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const response = await apiRequest('/v1/password-reset', { method: 'POST', body: input, public: true });
  return MessageResponse.parse(response).message;
}
