import { apiRequest } from '../client';
import { MessageResponse } from '../schemas/auth';

// The password reset pair of SPEC §7: public calls, without token or agent header.

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
