import type { FastifyRequest } from 'fastify';
import { isAllowed, type AccessCheck } from '../../../api/access';
import { accessSubject, entityScope, type Principal } from '../../access/principal';
import { findEntityInScope } from '../../domain/entities/entityQueries';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { requirePrincipal } from '../routeTable';

// What every entity route needs: the caller, their scope, the entity (404 outside the scope, so ids of
// other agencies are not confirmed) and the metadata of the events it appends.
export { metadataOf } from './userMetadata';

export function can(principal: Principal, check: AccessCheck): boolean {
  return isAllowed(check, accessSubject(principal));
}

export async function entityFor(db: Db, request: FastifyRequest, entityId: number) {
  const principal = requirePrincipal(request);
  const scope = entityScope(principal);
  const entity = await findEntityInScope(db, entityId, scope);
  if (!entity) throw notFound('entity');
  return { principal, scope, entity };
}
