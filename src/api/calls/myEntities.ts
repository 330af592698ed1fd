import { queryOptions } from '@tanstack/react-query';
import { actingEntityStore, sessionEntityStore } from '../actingEntity';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import type { MyEntitiesResponse } from '../schemas/session';

// GET /v2/my/entities: the entities the user may act for, and the one it acts for now
// (chosen through the agentEntityCode header). The session check asks for it from the first script, which
// leaves zod out: the schema loads alongside the call.
export async function fetchMyEntities(signal?: AbortSignal): Promise<MyEntitiesResponse> {
  // Asked without a chosen entity, the answer's acting entity is the user's own (docs/security.md).
  const ownAnswer = actingEntityStore.get() === null;
  const [answer, schemas] = await Promise.all([
    apiRequest('/v2/my/entities', { signal }),
    import('../schemas/session'),
  ]);
  const entities = schemas.MyEntitiesResponse.parse(answer);
  if (ownAnswer && actingEntityStore.get() === null) sessionEntityStore.set(entities.acting.entityCode);
  return entities;
}

export const myEntitiesQuery = queryOptions({
  queryKey: ['my', 'entities'],
  queryFn: ({ signal }) => fetchMyEntities(signal),
  staleTime: STALE_TIME.accessibleEntities,
});
