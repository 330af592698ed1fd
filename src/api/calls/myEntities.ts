import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import type { MyEntitiesResponse } from '../schemas/session';

// GET /v2/my/entities: the entities the user may act for, and the one it acts for now
// (chosen through the agentEntityCode header). The session check asks for it from the first script, which
// leaves zod out: the schema loads alongside the call.
export async function fetchMyEntities(signal?: AbortSignal): Promise<MyEntitiesResponse> {
  const [answer, schemas] = await Promise.all([
    apiRequest('/v2/my/entities', { signal }),
    import('../schemas/session'),
  ]);
  return schemas.MyEntitiesResponse.parse(answer);
}

export const myEntitiesQuery = queryOptions({
  queryKey: ['my', 'entities'],
  queryFn: ({ signal }) => fetchMyEntities(signal),
  staleTime: STALE_TIME.accessibleEntities,
});
