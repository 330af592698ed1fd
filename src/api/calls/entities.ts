import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import {
  EntityResponse,
  EntitySearchResponse,
  type Entity,
  type EntityCreate,
  type EntitySearchQuery,
  type EntityUpdate,
} from '../schemas/entities';

// /v2/entities: search, view, add, edit (and reactivate), deactivate. Every key starts with 'entities', and
// one entity's keys with ['entities', id], so invalidating that refreshes its details, lists and history.
export const entityKeys = {
  all: ['entities'] as const,
  search: ['entities', 'search'] as const,
  one: (id: number) => ['entities', id] as const,
};

export async function searchEntities(
  query: EntitySearchQuery,
  signal?: AbortSignal,
): Promise<EntitySearchResponse> {
  return EntitySearchResponse.parse(await apiRequest('/v2/entities', { query: { ...query }, signal }));
}

export const entitySearchQuery = (query: EntitySearchQuery) =>
  queryOptions({
    queryKey: [...entityKeys.search, query],
    queryFn: ({ signal }) => searchEntities(query, signal),
    placeholderData: keepPreviousData,
  });

export async function fetchEntity(id: number, signal?: AbortSignal): Promise<Entity> {
  return EntityResponse.parse(await apiRequest(`/v2/entities/${id}`, { signal })).data;
}

export const entityQuery = (id: number) =>
  queryOptions({ queryKey: entityKeys.one(id), queryFn: ({ signal }) => fetchEntity(id, signal) });

export async function createEntity(body: EntityCreate): Promise<Entity> {
  return EntityResponse.parse(await apiRequest('/v2/entities', { method: 'POST', body })).data;
}

export async function updateEntity(id: number, body: EntityUpdate): Promise<Entity> {
  return EntityResponse.parse(await apiRequest(`/v2/entities/${id}`, { method: 'PATCH', body })).data;
}

export async function deactivateEntity(id: number): Promise<Entity> {
  return EntityResponse.parse(await apiRequest(`/v2/entities/${id}`, { method: 'DELETE' })).data;
}

export async function reactivateEntity(id: number): Promise<Entity> {
  return updateEntity(id, { status_code: 'ACTIVE' });
}
