import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { AGENT_ENTITY_CODE } from './params';
import { pageOf, searchQuery } from './paging';
import { Actor } from './roles';
import { positiveId, recordVersion } from './numbers';

// Users administration (SPEC §3 "Roles, privileges, users", §7 "Users"), snake_case on the wire. Requests use
// SPEC's user create request names (fname, lname, email, phone, ext, password, entity, roles); `entity` is the
// agent entity code and `roles` are role ids.

export const UserType = z.enum(['admin', 'internal', 'external']);
export type UserType = z.infer<typeof UserType>;

export const USER_STATUSES = ['active', 'inactive'] as const;

export const UserSearchQuery = searchQuery(
  {
    entityCode: z.string().max(20),
    userName: z.string().max(120),
    emailAddress: z.string().max(254),
    phoneNumber: z.string().max(30),
    roleName: z.string().max(100),
    status: z.enum(USER_STATUSES),
  },
  ['userName', 'emailAddress', 'phoneNumber', 'entityCode', 'updatedAt'],
  { sort: 'userName', order: 'asc' },
);
export type UserFilter = 'entityCode' | 'userName' | 'emailAddress' | 'phoneNumber' | 'roleName' | 'status';

export const UserEntity = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  entity_name: z.string(),
  type_code: z.string(),
});

export const UserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  ext: z.string().nullable(),
  entity: UserEntity,
  roles: z.array(z.string()),
  user_type: UserType,
  is_enabled: z.boolean(),
  updated_at: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;
export const UserSearchResponse = pageOf(UserRow);
export type UserSearchResponse = z.infer<typeof UserSearchResponse>;

export const User = UserRow.omit({ roles: true }).extend({
  roles: z.array(z.object({ id: z.number().int(), role_name: z.string() })),
  // Effective privilege codes of the user's roles (a parent privilege includes its children).
  priv_codes: z.array(z.string()),
  is_admin: z.boolean(),
  email_verified_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  created_by: Actor.nullable(),
  updated_by: Actor.nullable(),
});
export type User = z.infer<typeof User>;
export const UserResponse = z.object({ data: User });

// Person fields shared with own settings. Phone numbers keep their digits only, so a search by number finds
// them however they were typed.
export const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(60, { error: `The ${label} may not be greater than 60 characters.` });

export const phoneNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().+-]/g, ''))
  .pipe(z.string().regex(/^(\d{7,15})?$/, { error: 'The phone must be 7 to 15 digits.' }))
  .transform((v) => v || null)
  .nullable();

export const phoneExt = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, { error: 'The extension must be up to 6 digits.' })
  .transform((v) => v || null)
  .nullable();

export const newPassword = z
  .string()
  .min(PASSWORD_MIN, { error: `The password must be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `The password may not be greater than ${PASSWORD_MAX} characters.` });

const email = z
  .string()
  .trim()
  .pipe(z.email({ error: 'The email must be a valid email address.' }).max(254));

const entityCode = z
  .string()
  .trim()
  .regex(AGENT_ENTITY_CODE, { error: 'The entity must be an agent entity code like 1234-5678-AB.' })
  .transform((v) => v.toUpperCase());

const roleIds = z
  .array(positiveId('The role'))
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each role may be listed once.' });

const matching = (v: { password?: string | undefined; password_confirmation?: string | undefined }) =>
  v.password === undefined || v.password === v.password_confirmation;
const MISMATCH = {
  path: ['password_confirmation'],
  error: 'The password confirmation does not match.',
};

// Without a password the user is invited: a mailed link lets them choose one. Setting one needs
// user_assign_passwd.
export const UserCreateRequest = z
  .strictObject({
    fname: personName('first name'),
    lname: personName('last name'),
    email,
    phone: phoneNumber.optional(),
    ext: phoneExt.optional(),
    password: newPassword.optional(),
    password_confirmation: z.string().max(PASSWORD_MAX).optional(),
    entity: entityCode,
    roles: roleIds.default([]),
    // Administrators are users of the house entity; the flag is refused for any other entity.
    is_admin: z.boolean().default(false),
  })
  .refine(matching, MISMATCH);
export type UserCreateRequest = z.input<typeof UserCreateRequest>;

export const UserUpdateRequest = z.strictObject({
  fname: personName('first name').optional(),
  lname: personName('last name').optional(),
  email: email.optional(),
  phone: phoneNumber.optional(),
  ext: phoneExt.optional(),
  entity: entityCode.optional(),
  roles: roleIds.optional(),
  is_admin: z.boolean().optional(),
  version: recordVersion().optional(),
});
export type UserUpdateRequest = z.input<typeof UserUpdateRequest>;

// PUT /v2/users/{id}/password (user_assign_passwd).
export const UserPasswordRequest = z
  .strictObject({ password: newPassword, password_confirmation: z.string().max(PASSWORD_MAX) })
  .refine(matching, MISMATCH);
export type UserPasswordRequest = z.input<typeof UserPasswordRequest>;

export const UserCreatedResponse = z.object({
  data: User,
  // True when the user was mailed an invitation to choose their password.
  invited: z.boolean(),
});
