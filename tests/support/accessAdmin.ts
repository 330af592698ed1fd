import { expect } from 'vitest';
import { RoleResponse, type Role, type RoleCreateRequest } from '../../src/api/schemas/roles';
import { UserCreatedResponse, type User, type UserCreateRequest } from '../../src/api/schemas/users';
import type { Api, ApiResponse, RequestOptions } from './http';

// Role and user administration through the API, as the portal does it.
export const TEST_PASSWORD = 'a-test-password-2026';

let sequence = 0;
// A name no other test of this run uses (test servers share nothing, but tests in one file share a server).
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(sequence++).toString(36)}`;
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(sequence++).toString(36)}@example.test`;

export interface AdminApi {
  patch(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse>;
  put(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse>;
  del(path: string, options?: RequestOptions): Promise<ApiResponse>;
  // Access token of a user, logging in once per password.
  tokenOf(email: string, password?: string): Promise<string>;
  createRole(token: string, body: RoleCreateRequest): Promise<Role>;
  // A user with a password, so tests can sign in as them.
  createUser(token: string, body: Partial<UserCreateRequest> & { entity: string }): Promise<User>;
}

export function adminApi(api: () => Api): AdminApi {
  const tokens = new Map<string, string>();
  return {
    patch: (path, body, options) => api().request('PATCH', path, { ...options, body }),
    put: (path, body, options) => api().request('PUT', path, { ...options, body }),
    del: (path, options) => api().request('DELETE', path, options),
    async tokenOf(email, password) {
      const key = `${email}\n${password ?? ''}`;
      if (!tokens.has(key)) tokens.set(key, (await api().login(email, password)).accessToken);
      return tokens.get(key)!;
    },
    async createRole(token, body) {
      const response = await api().post('/v2/roles', body, { token });
      expect(response.status, response.text).toBe(201);
      return RoleResponse.parse(response.body).data;
    },
    async createUser(token, body) {
      const response = await api().post(
        '/v2/users',
        {
          fname: 'Test',
          lname: 'User',
          email: uniqueEmail('user'),
          password: TEST_PASSWORD,
          password_confirmation: TEST_PASSWORD,
          ...body,
        },
        { token },
      );
      expect(response.status, response.text).toBe(201);
      return UserCreatedResponse.parse(response.body).data;
    },
  };
}
