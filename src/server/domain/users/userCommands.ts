import { sql } from 'kysely';
import { userAggregate } from '../aggregates';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import type { UserType } from '../../store/schema';

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
