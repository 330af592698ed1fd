import { expect } from 'vitest';
import { TokenResponse } from '../../src/api/schemas/auth';
import { ErrorBody, ValidationErrorBody } from '../../src/api/schemas/errors';
import { AGENT_ENTITY_HEADER } from '../../src/api/version';
import { DEMO_PASSWORD } from './testServer';

// Real HTTP against a started test server: JSON in, status + headers + parsed JSON out.
export interface RequestOptions {
  token?: string;
  // Sent as JSON.
  body?: unknown;
  // Sent as it is (malformed JSON, huge bodies); content type JSON unless `headers` says otherwise.
  rawBody?: string;
  // The agentEntityCode header: the entity a user acts for.
  actingFor?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  // The parsed JSON body, or null when the body is empty or not JSON.
  body: unknown;
}

export interface Api {
  url: string;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  get(path: string, options?: RequestOptions): Promise<ApiResponse>;
  post(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse>;
  // Logs in and returns the parsed token response; fails the test unless the answer is 200.
  login(email: string, password?: string): Promise<TokenResponse>;
  refresh(refreshToken: string): Promise<ApiResponse>;
  logout(refreshToken: string): Promise<ApiResponse>;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function apiFor(url: string): Api {
  const request = async (
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> => {
    const headers: Record<string, string> = {};
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.actingFor) headers[AGENT_ENTITY_HEADER] = options.actingFor;
    Object.assign(headers, options.headers);
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: parseJson(text) };
  };
  const api: Api = {
    url,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    async login(email, password = DEMO_PASSWORD) {
      const response = await request('POST', '/v2/auth', { body: { email, password } });
      expect(response.status, `login of ${email}: ${response.text}`).toBe(200);
      return TokenResponse.parse(response.body);
    },
    refresh: (refreshToken) =>
      request('POST', '/v2/auth', { body: { grantType: 'refresh_token', refreshToken } }),
    logout: (refreshToken) => request('POST', '/v2/auth', { body: { grantType: 'revoke', refreshToken } }),
  };
  return api;
}

// Assertions on SPEC §5/§8 error bodies; each returns the parsed body.
export function expectValidationError(response: ApiResponse, fields: string[]): ValidationErrorBody {
  expect(response.status, response.text).toBe(422);
  const body = ValidationErrorBody.strict().parse(response.body);
  for (const field of fields) expect(body.errors[field], `errors.${field} in ${response.text}`).toBeDefined();
  for (const messages of Object.values(body.errors)) expect(messages.length).toBeGreaterThan(0);
  return body;
}

export function expectError(response: ApiResponse, status: number): ErrorBody {
  expect(response.status, response.text).toBe(status);
  return ErrorBody.strict().parse(response.body);
}
