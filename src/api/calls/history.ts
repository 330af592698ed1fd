import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { HistoryResponse, type HistoryEntry } from '../schemas/history';

// GET /v2/{resource}/{id}/history: a record's events, oldest first.
export type HistoryResource = 'entities' | 'roles' | 'users';

export async function fetchHistory(
  resource: HistoryResource,
  id: number,
  signal?: AbortSignal,
): Promise<HistoryEntry[]> {
  return HistoryResponse.parse(await apiRequest(`/v2/${resource}/${id}/history`, { signal })).data;
}

// Keyed under the resource, so invalidating a record's queries refreshes its history too.
export const historyQuery = (resource: HistoryResource, id: number) =>
  queryOptions({
    queryKey: [resource, id, 'history'],
    queryFn: ({ signal }) => fetchHistory(resource, id, signal),
  });
