import { sql } from 'kysely';
import { userAggregate } from './userAggregate';
import { execute } from '../../store/aggregate';
import type { EventMetadata, NewEvent, Trx } from '../../store/eventStore';
import type { UserType } from '../../store/schema';
import type { UserEventType } from './userEvents';

// Commands of the user stream; each goes through execute(), so the lifecycle statechart decides.
export interface RegisterUser {
  entityId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  ext: string | null;
  userType: UserType;
  passwordHash: string;
  roleIds: number[];
  emailVerified: boolean;
  invited?: boolean;
}

export async function registerUser(trx: Trx, input: RegisterUser, metadata: EventMetadata): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('user_id_seq')::int as id`.execute(trx);
  const id = rows[0]!.id;
  await execute(
    trx,
    userAggregate,
    String(id),
    [{ type: 'user.registered', data: { id, ...input } }],
    metadata,
  );
  return id;
}

export async function changePassword(
  trx: Trx,
  userId: number,
  passwordHash: string,
  reason: 'reset' | 'change' | 'admin',
  metadata: EventMetadata,
): Promise<void> {
  await execute(
    trx,
    userAggregate,
    String(userId),
    [{ type: 'user.passwordChanged', data: { passwordHash, reason } }],
    metadata,
  );
}

export interface UserChanges {
  // Only the fields that change.
  fields: {
    entityId?: number;
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string | null;
    ext?: string | null;
    userType?: UserType;
  };
  roles?: { roleIds: number[]; added: number[]; removed: number[] };
}

// Appends user.updated and/or user.rolesSet; nothing when nothing changes.
export async function changeUser(
  trx: Trx,
  userId: number,
  changes: UserChanges,
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<void> {
  const events: NewEvent<UserEventType>[] = [];
  if (Object.keys(changes.fields).length > 0) events.push({ type: 'user.updated', data: changes.fields });
  if (changes.roles) events.push({ type: 'user.rolesSet', data: changes.roles });
  if (events.length === 0) return;
  await execute(trx, userAggregate, String(userId), events, metadata, expectedVersion);
}

export type UserStatusEvent = 'user.deactivated' | 'user.reactivated' | 'user.deleted';

export async function changeUserStatus(
  trx: Trx,
  userId: number,
  type: UserStatusEvent,
  metadata: EventMetadata,
): Promise<void> {
  await execute(trx, userAggregate, String(userId), [{ type, data: {} }], metadata);
}
