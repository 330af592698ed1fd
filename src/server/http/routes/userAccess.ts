import type { User } from '../../../api/schemas/users';
import { entityScope, type Principal } from '../../access/principal';
import { holdsAll } from '../../domain/roles/privilegeGrants';
import { findUser } from '../../domain/users/userQueries';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { HttpError, ValidationFailed, notFound } from '../errors';
import { z } from 'zod';
import { integerParam } from '../../../api/schemas/params';

// What every user route checks beyond its privilege: the target is in the caller's entity scope (else 404,
// so other agencies' ids are not confirmed) and holds nothing the caller does not (else 403).
export const UserParams = z.object({ id: integerParam('id') });

export async function loadUser(db: Db | Trx, id: number, principal: Principal): Promise<User> {
  const user = await findUser(db, id, entityScope(principal));
  if (!user) throw notFound('user');
  return user;
}

// Managing someone who holds more than you (changing their e-mail, password, roles or status) would be a way
// to become them.
export function requireManageable(principal: Principal, user: User): void {
  if (!holdsAll(principal, user.priv_codes)) {
    throw new HttpError(403, 'You cannot manage a user who holds privileges you do not hold yourself.');
  }
}

// Status changes of one's own account go through someone else, so nobody locks themselves out by accident.
export function refuseSelf(principal: Principal, user: User, message: string): void {
  if (principal.userId === user.id) throw new ValidationFailed({ id: [message] }, message);
}
