import { z } from 'zod';
import { PASSWORD_MAX } from './auth';
import { newPassword, personName, phoneExt, phoneNumber } from './users';

// Own settings: PATCH /v2/my/profile and POST /v2/my/password. camelCase like the rest of the session
// models (SPEC §3 "Session and profile"). The e-mail address is the login and is changed by user admins only.
export const ProfileUpdateRequest = z.strictObject({
  firstName: personName('first name').optional(),
  lastName: personName('last name').optional(),
  phone: phoneNumber.optional(),
  ext: phoneExt.optional(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

export const PasswordChangeRequest = z
  .strictObject({
    currentPassword: z
      .string()
      .min(1, { error: 'The current password field is required.' })
      .max(PASSWORD_MAX),
    password: newPassword,
    passwordConfirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: 'The password confirmation does not match.',
  });
export type PasswordChangeRequest = z.input<typeof PasswordChangeRequest>;
