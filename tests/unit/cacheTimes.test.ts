import { QueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandQuery } from '../../src/api/calls/brand';
import { attributeFormQuery } from '../../src/api/calls/entitySettings';
import { myEntitiesQuery } from '../../src/api/calls/myEntities';
import { profileQuery } from '../../src/api/calls/profile';
import { breedsQuery } from '../../src/api/calls/quoteActions';
import { configureClient } from '../../src/api/client';
import { createPortalQueryClient } from '../../src/app/queryClient';

// SPEC §4/§9 "Cached lists: brand data refreshes at most hourly; accessible entities every 5 minutes; user
// profile every 3 minutes; the entity attribute list every 30 minutes and never while a refresh is running;
// search option lists after 10 minutes". Each list is asked for again a second before and a second after
// its time (a faked Date), counting the requests the portal makes.
const MINUTE = 60_000;
type Query = FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>;

let calls: string[];
let release: (() => void) | null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  calls = [];
  release = null;
  configureClient({ baseURL: 'http://portal.test', onAuthError: () => {} });
  // The attribute list's request is held until released, to ask again while the first refresh runs.
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push(new URL(request.url).pathname);
    await new Promise<void>((resolve) => (release = resolve));
    return new Response(JSON.stringify({ data: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Each list's query as the portal defines it (its key and freshness), answered by a counting function:
// what is under test is when the portal asks again, not how the answer is read.
async function requestsAround(defined: Query, minutes: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let requests = 0;
  const query: Query = {
    ...defined,
    queryFn: () => {
      requests += 1;
      return Promise.resolve({});
    },
  };
  await client.fetchQuery(query);
  vi.setSystemTime(Date.now() + minutes * MINUTE - 1_000);
  await client.fetchQuery(query);
  const before = requests - 1;
  vi.setSystemTime(Date.now() + 2_000);
  await client.fetchQuery(query);
  return { before, after: requests - 1 - before };
}

describe('cached lists (SPEC §4/§9)', () => {
  it.each([
    ['brand, hourly', brandQuery as Query, 60],
    ['accessible entities, every 5 minutes', myEntitiesQuery as Query, 5],
    ['user profile, every 3 minutes', profileQuery as Query, 3],
    ['search option lists, after 10 minutes', breedsQuery('DOG') as Query, 10],
    ['entity attribute list, every 30 minutes', attributeFormQuery as Query, 30],
  ])('asks for the %s and not sooner', async (_name, query, minutes) => {
    expect(await requestsAround(query, minutes)).toEqual({ before: 0, after: 1 });
  });

  it('never asks for the entity attribute list while a refresh of it is running', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = client.fetchQuery(attributeFormQuery);
    await vi.waitFor(() => expect(release).not.toBeNull());
    const second = client.fetchQuery(attributeFormQuery);
    release!();
    await Promise.all([first, second]);
    expect(calls).toEqual(['/v2/attribute-forms']);
  });
});

// SPEC §8 "Profile, entity or brand refresh failure: logged and ignored"; "Attribute list reload failure:
// logged to the console only". The portal's query client is asked to refresh each list when it is stale and
// the server fails: the failure is logged, and the screens keep the list they had.
describe('a failed refresh of a cached list (SPEC §8)', () => {
  it.each([
    ['brand', brandQuery as Query, 60],
    ['accessible entities', myEntitiesQuery as Query, 5],
    ['user profile', profileQuery as Query, 3],
    ['entity attribute list', attributeFormQuery as Query, 30],
  ])('is logged and the %s kept', async (_name, defined, minutes) => {
    const client = createPortalQueryClient();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    const query: Query = {
      ...defined,
      retry: false,
      queryFn: () => (fail ? Promise.reject(new Error('refresh failed')) : Promise.resolve({ list: 'kept' })),
    };
    await client.fetchQuery(query);
    fail = true;
    vi.setSystemTime(Date.now() + minutes * MINUTE + 1_000);
    await client.refetchQueries({ queryKey: defined.queryKey });
    expect(client.getQueryData(defined.queryKey)).toEqual({ list: 'kept' });
    expect(client.getQueryState(defined.queryKey)?.status).toBe('error');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Could not load'), expect.any(Error));
    logged.mockRestore();
  });
});
