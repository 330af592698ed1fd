import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import {
  AccountManagerListResponse,
  CodeListResponse,
  EntityOptionListResponse,
  EntityTypeListResponse,
} from '../schemas/entityLists';
import { StateListResponse } from '../schemas/states';

// Reference lists of the entity screens (GET /v2/lists/...), fresh for 10 minutes (SPEC §9 search options).
export type CodeList =
  | 'entity/statuses'
  | 'entity/tracking-code-types'
  | 'entity/location-types'
  | 'payout-frequencies'
  | 'payout-methods';

export const codeListQuery = (list: CodeList) =>
  queryOptions({
    queryKey: ['lists', list],
    queryFn: async ({ signal }) =>
      CodeListResponse.parse(await apiRequest(`/v2/lists/${list}`, { signal })).data,
    staleTime: STALE_TIME.searchOptions,
  });

export const entityTypesQuery = queryOptions({
  queryKey: ['lists', 'entity/types'],
  queryFn: async ({ signal }) =>
    EntityTypeListResponse.parse(await apiRequest('/v2/lists/entity/types', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

export const accountManagersQuery = queryOptions({
  queryKey: ['lists', 'entity/account-managers'],
  queryFn: async ({ signal }) =>
    AccountManagerListResponse.parse(await apiRequest('/v2/lists/entity/account-managers', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

export const statesQuery = queryOptions({
  queryKey: ['lists', 'states'],
  queryFn: async ({ signal }) =>
    StateListResponse.parse(await apiRequest('/v2/lists/states', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

// Entity picker: active entities in the caller's scope matching a term.
export const entityOptionsQuery = (term: string) =>
  queryOptions({
    queryKey: ['lists', 'entities', term],
    queryFn: async ({ signal }) =>
      EntityOptionListResponse.parse(
        await apiRequest('/v2/lists/entities', { query: { term, limit: 15 }, signal }),
      ).data,
    staleTime: STALE_TIME.searchOptions,
  });
