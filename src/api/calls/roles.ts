import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import { MessageResponse } from '../schemas/auth';
import type { PageRequest } from '../schemas/paging';
import {
  RoleListResponse,
  RoleResponse,
  RoleSearchResponse,
  type Role,
  type RoleCreateRequest,
  type RoleFilter,
  type RoleOption,
  type RoleSearchResponse as RolePage,
  type RoleUpdateRequest,
} from '../schemas/roles';
import { PrivilegeListResponse } from '../schemas/session';
import type { z } from 'zod';

// Roles (SPEC §7 "Roles: create, read, update, delete under roles/{roleId}") and the lists role forms use.
// Every key starts with 'roles', so a write invalidates searches, records, histories and options at once.
export const ROLES_KEY = ['roles'] as const;

export type Privilege = z.infer<typeof PrivilegeListResponse>['data'][number];

export async function searchRoles(
  request: PageRequest<Record<RoleFilter, string>>,
  signal?: AbortSignal,
): Promise<RolePage> {
  return RoleSearchResponse.parse(await apiRequest('/v2/roles', { query: { ...request }, signal }));
}

export const roleSearchQuery = (request: PageRequest<Record<RoleFilter, string>>) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'search', request],
    queryFn: ({ signal }) => searchRoles(request, signal),
    placeholderData: keepPreviousData,
  });

export async function fetchRole(id: number, signal?: AbortSignal): Promise<Role> {
  return RoleResponse.parse(await apiRequest(`/v2/roles/${id}`, { signal })).data;
}

export const roleQuery = (id: number) =>
  queryOptions({ queryKey: [...ROLES_KEY, id], queryFn: ({ signal }) => fetchRole(id, signal) });

export async function createRole(body: RoleCreateRequest): Promise<Role> {
  return RoleResponse.parse(await apiRequest('/v2/roles', { method: 'POST', body })).data;
}

export async function updateRole(id: number, body: RoleUpdateRequest): Promise<Role> {
  return RoleResponse.parse(await apiRequest(`/v2/roles/${id}`, { method: 'PATCH', body })).data;
}

export async function deleteRole(id: number): Promise<string> {
  return MessageResponse.parse(await apiRequest(`/v2/roles/${id}`, { method: 'DELETE' })).message;
}

// GET /v2/lists/roles: live roles with their privilege codes (user forms, the user search's role filter).
export const roleOptionsQuery = queryOptions({
  queryKey: [...ROLES_KEY, 'options'],
  queryFn: async ({ signal }): Promise<RoleOption[]> =>
    RoleListResponse.parse(await apiRequest('/v2/lists/roles', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

// GET /v2/lists/access/privileges: the catalogue, with each privilege's parent (the role form's tree).
export const privilegesQuery = queryOptions({
  queryKey: ['privileges'],
  queryFn: async ({ signal }): Promise<Privilege[]> =>
    PrivilegeListResponse.parse(await apiRequest('/v2/lists/access/privileges', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});
