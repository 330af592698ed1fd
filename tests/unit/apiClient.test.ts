import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { raiseActionError } from '../../src/api/actionAnswer';
import { actingEntityStore, sessionEntityStore } from '../../src/api/actingEntity';
import { fetchMyEntities } from '../../src/api/calls/myEntities';
import { apiRequest, configureClient, type HttpMethod } from '../../src/api/client';
import { ApiError, ValidationError } from '../../src/api/httpErrors';
import { inflight } from '../../src/api/inflight';
import { toQueryString } from '../../src/api/queryString';
import { tokenStore } from '../../src/api/tokens';

// The SPEC §7 client against a scripted fetch: headers, query strings, errors, refresh, expiry.

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Answer = { status: number; body?: unknown };

let seen: Seen[];
let answers: ((request: Seen) => Answer)[];
const onAuthError = vi.fn();

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  sessionEntityStore.clear();
  seen = [];
  answers = [];
  onAuthError.mockReset();
  configureClient({ baseURL: 'http://portal.test', onAuthError });
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const entry: Seen = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const next = answers.shift();
    const answer = next ? next(entry) : { status: 200, body: { ok: true } };
    return json(answer.status, answer.body);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (a: Answer) => answers.push(() => a);

describe('headers', () => {
  it('sends the client id, the bearer token and a valid acting agent entity code', async () => {
    tokenStore.save({ accessToken: 'acc-1', refreshToken: 'ref-1' });
    actingEntityStore.set('1234-5678-AB');
    await apiRequest('/v2/my/profile');
    const { headers } = seen[0]!;
    expect(headers.get('x-client-id')).toBe('agent-portal/2.0.11');
    expect(headers.get('authorization')).toBe('Bearer acc-1');
    expect(headers.get('agententitycode')).toBe('1234-5678-AB');
  });

  it("sends the session's own entity on every authenticated call once the session names it (SPEC §7)", async () => {
    tokenStore.save({ accessToken: 'acc-1', refreshToken: 'ref-1' });
    const agency = {
      id: 7,
      parentEntityId: 3,
      entityCode: '1234-5678-AC',
      entityName: 'Northwind Pet Agency — Austin',
      typeCode: 'AGENCY',
      trackingCode: null,
      childCount: 0,
      canQuote: true,
    };
    // Before the session names the entity, nothing is sent; an agency user never picks one.
    await apiRequest('/v2/my/profile');
    expect(seen[0]!.headers.has('agententitycode')).toBe(false);
    answer({ status: 200, body: { data: [agency], acting: { ...agency, attributes: [] } } });
    await fetchMyEntities();
    const calls: [string, HttpMethod][] = [
      ['/v1/quote/action', 'POST'],
      ['/v1/quotes', 'POST'],
      ['/v2/policies', 'POST'],
      ['/v2/bank-accounts', 'POST'],
      ['/v2/dashboard/statistics', 'GET'],
      ['/v2/renters/quotes', 'POST'],
      ['/v2/renters/policies', 'GET'],
    ];
    for (const [path, method] of calls)
      await apiRequest(path, { method, body: method === 'POST' ? {} : undefined });
    for (const request of seen.slice(2))
      expect(request.headers.get('agententitycode'), request.url).toBe('1234-5678-AC');
    // Never stored: a reload or another user's sign-in cannot inherit it.
    expect(localStorage.getItem('portal.agentEntityCode')).toBeNull();
    // A chosen entity wins, and the answer for it does not become the session's own.
    actingEntityStore.set('1234-5679-AD');
    const chosen = { ...agency, id: 8, entityCode: '1234-5679-AD' };
    answer({ status: 200, body: { data: [agency, chosen], acting: { ...chosen, attributes: [] } } });
    await fetchMyEntities();
    await apiRequest('/v2/dashboard/statistics');
    expect(seen.at(-1)!.headers.get('agententitycode')).toBe('1234-5679-AD');
    actingEntityStore.clear();
    await apiRequest('/v2/dashboard/statistics');
    expect(seen.at(-1)!.headers.get('agententitycode')).toBe('1234-5678-AC');
    // Without a token the code is not sent.
    tokenStore.clear();
    await apiRequest('/v2/my/profile');
    expect(seen.at(-1)!.headers.has('agententitycode')).toBe(false);
  });

  it('drops a malformed agent entity code (SPEC §5)', async () => {
    localStorage.setItem('portal.agentEntityCode', '1234-567-AB');
    await apiRequest('/v2/my/entities');
    expect(seen[0]!.headers.has('agententitycode')).toBe(false);
  });

  it('sends no agent header on login and no token or agent header on public calls', async () => {
    tokenStore.save({ accessToken: 'acc-1', refreshToken: 'ref-1' });
    actingEntityStore.set('1234-5678-AB');
    await apiRequest('/v2/auth', { method: 'POST', body: { email: 'a@b.test', password: 'x' } });
    await apiRequest('/v1/public/entity-brands', { public: true });
    expect(seen[0]!.headers.has('agententitycode')).toBe(false);
    expect(seen[1]!.headers.has('agententitycode')).toBe(false);
    expect(seen[1]!.headers.has('authorization')).toBe(false);
    expect(seen[1]!.headers.get('x-client-id')).toBe('agent-portal/2.0.11');
  });

  it('sends JSON bodies', async () => {
    await apiRequest('/v2/auth', { method: 'POST', body: { email: 'a@b.test', password: 'x' } });
    expect(seen[0]!.headers.get('content-type')).toContain('application/json');
    expect(seen[0]!.body).toEqual({ email: 'a@b.test', password: 'x' });
  });
});

describe('query strings', () => {
  it('uses brackets for arrays and drops empty values', () => {
    expect(
      toQueryString({
        states: ['TX', 'CA'],
        name: '',
        missing: undefined,
        none: null,
        page: 1,
        f: { a: '', b: 'x' },
      }),
    ).toBe('states[]=TX&states[]=CA&page=1&f[b]=x');
  });

  it('appends the query to the path', async () => {
    await apiRequest('/v2/quotes', { query: { stateCode: ['TX'], zip: '' } });
    expect(seen[0]!.url).toBe('http://portal.test/v2/quotes?stateCode[]=TX');
  });
});

describe('errors', () => {
  it('turns a 422 into a ValidationError with the field messages', async () => {
    answer({ status: 422, body: { message: 'Bad.', errors: { email: ['Nope.'], junk: 'not a list' } } });
    const error = await apiRequest('/v2/auth', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe('Bad.');
    expect((error as ValidationError).fields).toEqual({ email: ['Nope.'] });
  });

  it('defaults the validation message', async () => {
    answer({ status: 422, body: { errors: {} } });
    const error = await apiRequest('/v2/entities', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect((error as ValidationError).message).toBe('Validation error.');
  });

  it.each([419, 503])('expires the session on %i', async (status) => {
    answer({ status, body: { message: 'Gone.' } });
    const error = await apiRequest('/v2/my/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(onAuthError).toHaveBeenCalledWith(status);
  });

  it('does not expire the session when login itself is refused', async () => {
    answer({ status: 401, body: { message: 'No.' } });
    await apiRequest('/v2/auth', { method: 'POST', body: {} }).catch(() => undefined);
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it('passes 403 to the caller without expiring the session', async () => {
    answer({ status: 403, body: { message: 'Forbidden.' } });
    const error = await apiRequest('/v2/admin').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe('Forbidden.');
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it('raises the string error of an action wrapper answer', () => {
    expect(() => raiseActionError({ data: { error: 'Plan not offered in TX.' } })).toThrow(
      'Plan not offered in TX.',
    );
    expect(raiseActionError({ data: { plans: [] } })).toEqual({ data: { plans: [] } });
  });
});

describe('token refresh', () => {
  it('refreshes once on 401 and retries the call with the new token', async () => {
    tokenStore.save({ accessToken: 'old', refreshToken: 'ref-1' });
    answer({ status: 401, body: { message: 'Expired.' } });
    answers.push((r) => {
      expect(r.body).toEqual({ grantType: 'refresh_token', refreshToken: 'ref-1' });
      return {
        status: 200,
        body: { tokenType: 'Bearer', expiresIn: 900, accessToken: 'new', refreshToken: 'ref-2' },
      };
    });
    answer({ status: 200, body: { data: 1 } });
    await expect(apiRequest('/v2/my/profile')).resolves.toEqual({ data: 1 });
    expect(seen[2]!.headers.get('authorization')).toBe('Bearer new');
    expect(tokenStore.refresh()).toBe('ref-2');
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it('expires the session when the refresh is refused', async () => {
    tokenStore.save({ accessToken: 'old', refreshToken: 'ref-1' });
    answer({ status: 401, body: { message: 'Expired.' } });
    answer({ status: 401, body: { message: 'Refresh token reused.' } });
    await expect(apiRequest('/v2/my/profile')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(2);
    expect(onAuthError).toHaveBeenCalledWith(401);
  });

  it('logs a refresh answer it fails to validate as "Failed to validate object." and ends the session (SPEC §5)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    tokenStore.save({ accessToken: 'old', refreshToken: 'ref-1' });
    answer({ status: 401, body: { message: 'Expired.' } });
    answer({ status: 200, body: { tokenType: 'Bearer', accessToken: 42 } });
    await expect(apiRequest('/v2/my/profile')).rejects.toBeInstanceOf(ApiError);
    expect(logged).toHaveBeenCalledWith('Failed to validate object.', expect.any(Array));
    expect(onAuthError).toHaveBeenCalledWith(401);
    expect(tokenStore.access()).toBe('old');
    logged.mockRestore();
  });

  it('uses the tokens another tab saved meanwhile instead of presenting a spent refresh token', async () => {
    tokenStore.save({ accessToken: 'old', refreshToken: 'ref-1' });
    answers.push(() => {
      // Another tab refreshed while this call was on its way.
      tokenStore.save({ accessToken: 'from-other-tab', refreshToken: 'ref-2' });
      return { status: 401, body: { message: 'Expired.' } };
    });
    answer({ status: 200, body: { data: 2 } });
    await expect(apiRequest('/v2/my/profile')).resolves.toEqual({ data: 2 });
    expect(seen.map((r) => r.url)).toEqual([
      'http://portal.test/v2/my/profile',
      'http://portal.test/v2/my/profile',
    ]);
    expect(seen[1]!.headers.get('authorization')).toBe('Bearer from-other-tab');
    expect(tokenStore.refresh()).toBe('ref-2');
  });

  it('refreshes under the lock every tab of the portal shares', async () => {
    const held: string[] = [];
    let refreshedInsideLock = false;
    vi.stubGlobal('navigator', {
      locks: {
        // request(name, callback) or request(name, options, callback); always free here.
        request: async (name: string, ...rest: unknown[]) => {
          const work = rest.at(-1) as (lock: object) => Promise<unknown>;
          held.push(name);
          try {
            return await work({ name });
          } finally {
            held.pop();
          }
        },
      },
    });
    tokenStore.save({ accessToken: 'old', refreshToken: 'ref-1' });
    answer({ status: 401, body: { message: 'Expired.' } });
    answers.push(() => {
      refreshedInsideLock = held.includes('portal.tokenRefresh');
      return {
        status: 200,
        body: { tokenType: 'Bearer', expiresIn: 900, accessToken: 'new', refreshToken: 'ref-2' },
      };
    });
    answer({ status: 200, body: { data: 3 } });
    await expect(apiRequest('/v2/my/profile')).resolves.toEqual({ data: 3 });
    expect(refreshedInsideLock).toBe(true);
    expect(held).toEqual([]);
  });

  it('waits, after another tab held the lock, for the tokens that tab saved instead of refreshing', async () => {
    vi.stubGlobal('navigator', {
      locks: {
        // Taken by another tab: ifAvailable answers null; the waiting request is granted once that tab is done,
        // and its tokens reach this tab's storage a moment later.
        request: async (_name: string, ...rest: unknown[]) => {
          const work = rest.at(-1) as (lock: object | null) => Promise<unknown>;
          if (rest.length === 2) return work(null);
          setTimeout(() => tokenStore.save({ accessToken: 'from-other-tab', refreshToken: 'ref-2' }), 100);
          return work({});
        },
      },
    });
    tokenStore.save({ accessToken: 'old', refreshToken: 'ref-1' });
    answer({ status: 401, body: { message: 'Expired.' } });
    answer({ status: 200, body: { data: 4 } });
    await expect(apiRequest('/v2/my/profile')).resolves.toEqual({ data: 4 });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers.get('authorization')).toBe('Bearer from-other-tab');
  });

  it('expires at once on 401 when there is no refresh token', async () => {
    answer({ status: 401, body: { message: 'Unauthenticated.' } });
    await expect(apiRequest('/v2/my/profile')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
    expect(onAuthError).toHaveBeenCalledWith(401);
  });
});

describe('requests in flight', () => {
  it('counts a request while it runs', async () => {
    const counts: number[] = [];
    const stop = inflight.subscribe(() => counts.push(inflight.getSnapshot()));
    await apiRequest('/v2/my/profile');
    stop();
    expect(counts).toEqual([1, 0]);
  });
});
