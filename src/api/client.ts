import { ofetch, type FetchResponse } from 'ofetch';
import { agentEntityCodeToSend } from './actingEntity';
import { ApiError, NETWORK_ERROR_MESSAGE, ValidationError } from './httpErrors';
import { inflight } from './inflight';
import { withQuery } from './queryString';
import { normaliseFieldErrors } from './schemas/fieldErrors';
import { tokenStore } from './tokens';
import { validateObject } from './validateObject';
import { AGENT_ENTITY_HEADER, CLIENT_ID, CLIENT_ID_HEADER } from './version';

// The one HTTP client of the portal (SPEC §7). Call modules in ./calls parse what it returns.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthErrorStatus = 401 | 419 | 503;

export interface ApiRequest {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, unknown>;
  // Public calls carry neither the token nor the acting agent header.
  public?: boolean;
  signal?: AbortSignal;
  // File calls (PDF, CSV) answer binary content.
  responseType?: 'json' | 'blob';
}

export interface ClientOptions {
  // Where the agent API lives; the portal is served by it, so the default is the page's origin.
  baseURL?: string;
  // SPEC §8: 401, 419 and 503 expire the session.
  onAuthError?: (status: AuthErrorStatus) => void;
}

const AUTH_PATH = '/v2/auth';
const AUTH_ERROR_STATUSES: readonly number[] = [401, 419, 503];

const options: ClientOptions = {};

export function configureClient(next: ClientOptions): void {
  Object.assign(options, next);
}

// POST /v2/auth is login, refresh and logout: its own failures are answered by the caller,
// never by expiring the session, and it never acts for an agent entity.
function isAuthCall(path: string): boolean {
  return path === AUTH_PATH || path.startsWith(`${AUTH_PATH}?`);
}

function headersFor(path: string, request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID };
  if (request.public) return headers;
  const token = tokenStore.access();
  if (token) headers.Authorization = `Bearer ${token}`;
  const agentEntityCode = agentEntityCodeToSend();
  if (token && agentEntityCode && !isAuthCall(path)) headers[AGENT_ENTITY_HEADER] = agentEntityCode;
  return headers;
}

async function send(path: string, request: ApiRequest): Promise<FetchResponse<unknown>> {
  try {
    return await ofetch.raw<unknown, 'json' | 'blob'>(withQuery(path, request.query), {
      baseURL: options.baseURL,
      method: request.method ?? 'GET',
      // ofetch serialises plain objects as JSON and sets the content type.
      body: request.body as Record<string, unknown> | undefined,
      headers: headersFor(path, request),
      signal: request.signal,
      responseType: request.responseType ?? 'json',
      ignoreResponseError: true,
      // Retrying is the caller's choice (TanStack Query), never hidden in the client.
      retry: 0,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

// Tabs of one browser share the tokens (local storage) and each refresh token works once: a second tab that
// presented the same refresh token would look like theft and end the session everywhere. So a refresh runs
// under a lock that every tab of the origin shares (Web Locks), and a tab that got the lock after another tab
// had refreshed finds a new access token in storage and uses it instead of refreshing again. Storage reaches
// other tabs' processes a moment after it is written, so a tab that had to wait for the lock also waits a
// moment for the new tokens to arrive before it refreshes itself (docs/security.md "Two tabs").
const REFRESH_LOCK = 'portal.tokenRefresh';
const ARRIVAL_WAIT_MS = 2_000;

function underRefreshLock<T>(work: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work(false);
  return locks
    .request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { done: await work(false) } : null))
    .then((free) => (free ? free.done : locks.request(REFRESH_LOCK, () => work(true))));
}

// Resolves once storage holds an access token other than `rejected`, or after `ms`.
function tokenReplaced(rejected: string | null, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const replaced = () => {
      const access = tokenStore.access();
      return !!access && access !== rejected;
    };
    if (replaced()) return resolve();
    const poll = setInterval(() => {
      if (!replaced()) return;
      clearInterval(poll);
      clearTimeout(stop);
      resolve();
    }, 25);
    const stop = setTimeout(() => {
      clearInterval(poll);
      resolve();
    }, ms);
  });
}

let refreshing: Promise<boolean> | null = null;

// One refresh for however many calls of this tab found the access token expired at the same moment.
function refreshTokens(rejectedAccessToken: string | null): Promise<boolean> {
  refreshing ??= underRefreshLock(async (waited) => {
    if (waited) await tokenReplaced(rejectedAccessToken, ARRIVAL_WAIT_MS);
    const access = tokenStore.access();
    if (access && access !== rejectedAccessToken) return true;
    const refreshToken = tokenStore.refresh();
    if (!refreshToken) return false;
    try {
      // The answer's schema brings zod, which the first script does without: it loads during the call.
      const [response, { TokenResponse }] = await Promise.all([
        send(AUTH_PATH, {
          method: 'POST',
          body: { grantType: 'refresh_token', refreshToken },
        }),
        import('./schemas/auth'),
      ]);
      const tokens = response.ok && validateObject(TokenResponse, response._data);
      if (!tokens) return false;
      tokenStore.save(tokens);
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message || undefined;
  }
  return undefined;
}

function toError(response: FetchResponse<unknown>): ApiError {
  const body = response._data;
  if (response.status === 422) {
    const errors = body && typeof body === 'object' && 'errors' in body ? body.errors : undefined;
    return new ValidationError(messageOf(body), normaliseFieldErrors(errors), body);
  }
  return new ApiError(
    response.status,
    messageOf(body) ?? (response.statusText || `HTTP ${response.status}`),
    body,
    response.headers.get('x-request-id') ?? undefined,
  );
}

export async function apiRequest(path: string, request: ApiRequest = {}): Promise<unknown> {
  inflight.start();
  try {
    const accessToken = tokenStore.access();
    let response = await send(path, request);
    const mayRefresh = response.status === 401 && !request.public && !isAuthCall(path);
    if (mayRefresh && (await refreshTokens(accessToken))) response = await send(path, request);
    if (response.ok) return response._data ?? null;
    if (AUTH_ERROR_STATUSES.includes(response.status) && !isAuthCall(path)) {
      options.onAuthError?.(response.status as AuthErrorStatus);
    }
    throw toError(response);
  } finally {
    inflight.end();
  }
}
