import { useQuery } from '@tanstack/react-query';
import { isAllowed, type AccessCheck } from '../api/access';
import { toAccessSubject } from '../api/accessSubject';
import { myEntitiesQuery } from '../api/calls/myEntities';
import { profileQuery } from '../api/calls/profile';

// The signed-in user's privilege checks for buttons and tabs: the same checks the server applies (SPEC §6).
export function useAccess(): { can(check: AccessCheck): boolean; ready: boolean } {
  const profile = useQuery(profileQuery).data;
  const entities = useQuery(myEntitiesQuery).data;
  const subject = profile ? toAccessSubject(profile, entities?.acting) : null;
  return { can: (check) => isAllowed(check, subject), ready: subject !== null };
}
