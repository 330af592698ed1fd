import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import { MyEntitiesResponse } from '../schemas/session';

// GET /v2/my/entities: the entities the user may act for, and the one it acts for now
// (chosen through the agentEntityCode header).
export async function fetchMyEntities(signal?: AbortSignal): Promise<MyEntitiesResponse> {
  return MyEntitiesResponse.parse(await apiRequest('/v2/my/entities', { signal }));
}

export const myEntitiesQuery = queryOptions({
  queryKey: ['my', 'entities'],
  queryFn: ({ signal }) => fetchMyEntities(signal),
  staleTime: STALE_TIME.accessibleEntities,
});
