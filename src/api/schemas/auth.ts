import { z } from 'zod';

// POST /v2/auth serves login, refresh and logout (SPEC §7); the body's shape says which.
export const LoginRequest = z.strictObject({
  email: z.email({ error: 'The email must be a valid email address.' }).max(254),
  password: z.string().min(1, { error: 'The password field is required.' }).max(128),
});
export const RefreshRequest = z.strictObject({
  grantType: z.literal('refresh_token'),
  refreshToken: z.string().min(1).max(512),
});
export const LogoutRequest = z.strictObject({
  grantType: z.literal('revoke'),
  refreshToken: z.string().min(1).max(512),
});
export const AuthRequest = z.union([LoginRequest, RefreshRequest, LogoutRequest]);
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenResponse = z.object({
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().positive(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const LogoutResponse = z.object({ message: z.string() });

export const ForgotPasswordRequest = z.strictObject({
  email: z.email({ error: 'The email must be a valid email address.' }).max(254),
  redirectURL: z.url({ error: 'The redirect URL must be a valid URL.' }).max(2048).optional(),
});

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ResetPasswordRequest = z
  .strictObject({
    email: z.email({ error: 'The email must be a valid email address.' }).max(254),
    password: z
      .string()
      .min(PASSWORD_MIN, { error: `The password must be at least ${PASSWORD_MIN} characters.` })
      .max(PASSWORD_MAX, { error: `The password may not be greater than ${PASSWORD_MAX} characters.` }),
    passwordConfirmation: z.string().max(PASSWORD_MAX),
    token: z.string().min(1, { error: 'The token field is required.' }).max(512),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: 'The password confirmation does not match.',
  });

export const MessageResponse = z.object({ message: z.string() });
