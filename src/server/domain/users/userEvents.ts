import { z } from 'zod';
import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `user` stream. The password hash is kept in the log so a rebuild restores logins; the log is
// never served to clients whole (streamHistory leaves hashes out).
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
  // Registered without a password: the user chooses one through the mailed invitation.
  invited: z.boolean().optional(),
});
// Only the fields that changed.
export const UserUpdated = z.object({
  entityId: z.number().int().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  ext: z.string().nullable().optional(),
  userType: UserType.optional(),
});
// reset: through a mailed link (reset or invitation); change: by the user in own settings; admin: set by hand.
export const UserPasswordChanged = z.object({
  passwordHash: z.string(),
  reason: z.enum(['reset', 'change', 'admin']),
});
// The whole new set; `added` and `removed` say what changed, so the history reads without diffing versions.
export const UserRolesSet = z.object({
  roleIds: z.array(z.number().int()),
  added: z.array(z.number().int()).optional(),
  removed: z.array(z.number().int()).optional(),
});

export type UserEventType =
  | 'user.registered'
  | 'user.updated'
  | 'user.passwordChanged'
  | 'user.rolesSet'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.deleted';

export function userLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  switch (event.type) {
    case 'user.registered':
      return { type: 'record.create' };
    case 'user.deactivated':
      return { type: 'record.deactivate' };
    case 'user.reactivated':
      return { type: 'record.reactivate' };
    case 'user.deleted':
      return { type: 'record.delete' };
    default:
      return { type: 'record.update' };
  }
}
