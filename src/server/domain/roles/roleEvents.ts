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
});
export const RoleUpdated = z.object({ roleName: z.string().optional(), roleDesc: z.string().optional() });
export const RolePrivilegesSet = z.object({ privilegeCodes: z.array(z.string()) });

export function roleLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  if (event.type === 'role.created') return { type: 'record.create' };
  if (event.type === 'role.deleted') return { type: 'record.deactivate' };
  return { type: 'record.update' };
}
