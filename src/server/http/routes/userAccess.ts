import type { User } from '../../../api/schemas/users';
import { entityScope, type Principal } from '../../access/principal';
import { findUser } from '../../domain/users/userQueries';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { notFound } from '../errors';
import { z } from 'zod';
import { integerParam } from '../../../api/schemas/params';

// What every user route checks beyond its privilege: the target is in the caller's entity scope (else 404,
// so other agencies' ids are not confirmed); the rules of managing it are the domain's (users/userRules.ts).
export const UserParams = z.object({ id: integerParam('id') });

export async function loadUser(db: Db | Trx, id: number, principal: Principal): Promise<User> {
  const user = await findUser(db, id, entityScope(principal));
  if (!user) throw notFound('user');
  return user;
}
