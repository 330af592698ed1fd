import { z } from 'zod';
import { pageOf, searchQuery } from './paging';
import { recordVersion } from './numbers';

// Roles administration (SPEC §3 "Roles, privileges, users", §7 "Roles"), snake_case on the wire.
// Privileges travel by code (`priv_code`): the log and the requests read without the privileges table.

// Who did something. An agency user is told only the house's name or "Another agency" for actors outside
// their reach, with no id (issue 21).
export const Actor = z.object({ id: z.number().int().nullable(), name: z.string() });
export type Actor = z.infer<typeof Actor>;

export const RoleSearchQuery = searchQuery(
  { name: z.string().max(100), description: z.string().max(200) },
  ['name', 'description', 'updatedAt'],
  { sort: 'name', order: 'asc' },
);
export type RoleFilter = 'name' | 'description';

// The entity owning a role (docs/decisions/012); null is the house.
export const RoleOwner = z.object({ id: z.number().int(), entity_code: z.string(), entity_name: z.string() });
export type RoleOwner = z.infer<typeof RoleOwner>;

export const RoleRow = z.object({
  id: z.number().int(),
  role_name: z.string(),
  role_desc: z.string(),
  owner: RoleOwner.nullable(),
  privilege_count: z.number().int(),
  user_count: z.number().int(),
  updated_at: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;
export const RoleSearchResponse = pageOf(RoleRow);
export type RoleSearchResponse = z.infer<typeof RoleSearchResponse>;

// SPEC §3 "Role-privilege assignment: id, role id, privilege id, assigned at, assigned by". The id is the
// assignment's own (role_id × 1000 + privilege_id, migration 042); privilege_id names the privilege.
export const RolePrivilege = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  privilege_id: z.number().int(),
  parent_priv_id: z.number().int().nullable(),
  priv_code: z.string(),
  priv_desc: z.string(),
  assigned_at: z.string(),
  assigned_by: Actor.nullable(),
});
export type RolePrivilege = z.infer<typeof RolePrivilege>;

export const Role = z.object({
  id: z.number().int(),
  role_name: z.string(),
  role_desc: z.string(),
  owner: RoleOwner.nullable(),
  privileges: z.array(RolePrivilege),
  user_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  created_by: Actor.nullable(),
  updated_at: z.string(),
  updated_by: Actor.nullable(),
});
export type Role = z.infer<typeof Role>;
export const RoleResponse = z.object({ data: Role });

const roleName = z
  .string()
  .trim()
  .min(1, { error: 'The role name field is required.' })
  .max(80, { error: 'The role name may not be greater than 80 characters.' });
const roleDesc = z
  .string()
  .trim()
  .max(255, { error: 'The description may not be greater than 255 characters.' });
const privilegeCodes = z
  .array(z.string().max(64))
  .max(200)
  .refine((codes) => new Set(codes).size === codes.length, { error: 'Each privilege may be listed once.' });

export const RoleCreateRequest = z.strictObject({
  role_name: roleName,
  role_desc: roleDesc.default(''),
  privileges: privilegeCodes.default([]),
});
export type RoleCreateRequest = z.input<typeof RoleCreateRequest>;

// Only what is sent changes; `version` is the one the client edited (a stale one answers 409).
export const RoleUpdateRequest = z.strictObject({
  role_name: roleName.optional(),
  role_desc: roleDesc.optional(),
  privileges: privilegeCodes.optional(),
  version: recordVersion().optional(),
});
export type RoleUpdateRequest = z.input<typeof RoleUpdateRequest>;

// GET /v2/lists/roles: the roles a user can be given, with their privilege codes so a form can tell which
// ones the signed-in user may assign.
export const RoleOption = z.object({
  id: z.number().int(),
  role_name: z.string(),
  role_desc: z.string(),
  priv_codes: z.array(z.string()),
});
export type RoleOption = z.infer<typeof RoleOption>;
export const RoleListResponse = z.object({ data: z.array(RoleOption) });
