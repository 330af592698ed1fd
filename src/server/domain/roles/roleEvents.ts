import { z } from 'zod';
import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `role` stream. Privileges are kept by code so the log reads without the privileges table.
export const ROLE_STREAM = 'role';

export const RoleCreated = z.object({
  id: z.number().int(),
  roleName: z.string(),
  roleDesc: z.string(),
  privilegeCodes: z.array(z.string()),
  // The entity owning the role (docs/decisions/012); absent or null is the house, as for every role made
  // before roles had owners.
  ownerEntityId: z.number().int().nullable().optional(),
});
// Only the fields that changed.
export const RoleUpdated = z.object({ roleName: z.string().optional(), roleDesc: z.string().optional() });
// The whole new set; `added` and `removed` say what changed, so the history reads without diffing versions.
export const RolePrivilegesSet = z.object({
  privilegeCodes: z.array(z.string()),
  added: z.array(z.string()).optional(),
  removed: z.array(z.string()).optional(),
});

export type RoleEventType = 'role.created' | 'role.updated' | 'role.privilegesSet' | 'role.deleted';

export function roleLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  switch (event.type) {
    case 'role.created':
      return { type: 'record.create' };
    case 'role.deleted':
      return { type: 'record.delete' };
    default:
      return { type: 'record.update' };
  }
}
