import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { MessageResponse } from '../schemas/auth';
import type { PageRequest } from '../schemas/paging';
import {
  UserCreatedResponse,
  UserResponse,
  UserSearchResponse,
  type User,
  type UserCreateRequest,
  type UserFilter,
  type UserPasswordRequest,
  type UserSearchResponse as UserPage,
  type UserUpdateRequest,
} from '../schemas/users';
import type { z } from 'zod';

// Users (SPEC §7 "Users: resource with {id} supports create, read, update, delete and deactivate").
// Every key starts with 'users', so a write invalidates searches, records and histories at once.
export const USERS_KEY = ['users'] as const;

export async function searchUsers(
  request: PageRequest<Record<UserFilter, string>>,
  signal?: AbortSignal,
): Promise<UserPage> {
  return UserSearchResponse.parse(await apiRequest('/v2/users', { query: { ...request }, signal }));
}

export const userSearchQuery = (request: PageRequest<Record<UserFilter, string>>) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'search', request],
    queryFn: ({ signal }) => searchUsers(request, signal),
    placeholderData: keepPreviousData,
  });

export async function fetchUser(id: number, signal?: AbortSignal): Promise<User> {
  return UserResponse.parse(await apiRequest(`/v2/users/${id}`, { signal })).data;
}

export const userQuery = (id: number) =>
  queryOptions({ queryKey: [...USERS_KEY, id], queryFn: ({ signal }) => fetchUser(id, signal) });

export type CreatedUser = z.infer<typeof UserCreatedResponse>;

export async function createUser(body: UserCreateRequest): Promise<CreatedUser> {
  return UserCreatedResponse.parse(await apiRequest('/v2/users', { method: 'POST', body }));
}

export async function updateUser(id: number, body: UserUpdateRequest): Promise<User> {
  return UserResponse.parse(await apiRequest(`/v2/users/${id}`, { method: 'PATCH', body })).data;
}

export async function setUserActive(id: number, active: boolean): Promise<User> {
  const path = `/v2/users/${id}/${active ? 'reactivate' : 'deactivate'}`;
  return UserResponse.parse(await apiRequest(path, { method: 'POST' })).data;
}

export async function deleteUser(id: number): Promise<string> {
  return MessageResponse.parse(await apiRequest(`/v2/users/${id}`, { method: 'DELETE' })).message;
}

export async function setUserPassword(id: number, body: UserPasswordRequest): Promise<string> {
  return MessageResponse.parse(await apiRequest(`/v2/users/${id}/password`, { method: 'PUT', body })).message;
}

export async function sendUserPasswordReset(id: number): Promise<string> {
  return MessageResponse.parse(await apiRequest(`/v2/users/${id}/password-reset`, { method: 'POST' }))
    .message;
}
