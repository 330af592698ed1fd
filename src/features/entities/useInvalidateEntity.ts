import { useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../api/calls/entities';
import { myEntitiesQuery } from '../../api/calls/myEntities';

// After a change to an entity: its details, sub-resources and history, the searches, and the session's own
// entity list (acting entity attributes such as dashboard access) are read again.
export function useInvalidateEntity() {
  const queryClient = useQueryClient();
  return async (entityId: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: entityKeys.one(entityId) }),
      queryClient.invalidateQueries({ queryKey: entityKeys.search }),
      queryClient.invalidateQueries({ queryKey: myEntitiesQuery.queryKey }),
    ]);
  };
}
