import { z } from 'zod';
import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `user` stream. The password hash is kept in the log so a rebuild restores logins; the log is
// never served to clients whole.
export const USER_STREAM = 'user';

export const UserType = z.enum(['admin', 'internal', 'external']);

export const UserRegistered = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  ext: z.string().nullable(),
  userType: UserType,
  passwordHash: z.string(),
  roleIds: z.array(z.number().int()),
  emailVerified: z.boolean(),
});
export const UserUpdated = z.object({
  entityId: z.number().int().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  ext: z.string().nullable().optional(),
  userType: UserType.optional(),
});
export const UserPasswordChanged = z.object({
  passwordHash: z.string(),
  reason: z.enum(['reset', 'change', 'admin']),
});
export const UserRolesSet = z.object({ roleIds: z.array(z.number().int()) });

export function userLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  if (event.type === 'user.registered') return { type: 'record.create' };
  if (event.type === 'user.deactivated') return { type: 'record.deactivate' };
  if (event.type === 'user.reactivated') return { type: 'record.reactivate' };
  return { type: 'record.update' };
}
