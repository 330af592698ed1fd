import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import {
  AttributeFormResponse,
  EntityAttributesResponse,
  type EntityAttributeValue,
  type EntityAttributesUpdate,
} from '../schemas/attributes';
import { entityKeys } from './entities';

// Entity settings: the attribute form (cached 30 minutes, SPEC §9) and each entity's values.
export const attributeFormQuery = queryOptions({
  queryKey: ['attribute-forms'],
  queryFn: async ({ signal }) =>
    AttributeFormResponse.parse(await apiRequest('/v2/attribute-forms', { signal })).data,
  staleTime: STALE_TIME.attributeSections,
});

export const entityAttributesQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...entityKeys.one(entityId), 'attributes'],
    queryFn: async ({ signal }) =>
      EntityAttributesResponse.parse(await apiRequest(`/v2/entities/${entityId}/attributes`, { signal }))
        .data,
  });

export async function saveEntityAttributes(
  entityId: number,
  body: EntityAttributesUpdate,
): Promise<EntityAttributeValue[]> {
  const answer = await apiRequest(`/v2/entities/${entityId}/attributes`, { method: 'PATCH', body });
  return EntityAttributesResponse.parse(answer).data;
}
