import type { FastifyRequest } from 'fastify';
import { isAllowed, type AccessCheck } from '../../../api/access';
import { accessSubject, entityScope, isStaff, type Principal } from '../../access/principal';
import type { ActorViewer } from '../../domain/actorNames';
import { findEntityInScope } from '../../domain/entities/entityQueries';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';

// What every entity route needs: the caller, their scope, the entity (404 outside the scope, so ids of
// other agencies are not confirmed) and the metadata of the events it appends.
export { metadataOf } from './userMetadata';

// Every change to an entity's locations, contacts, settings and links is an event on the entity's log, which
// refuses it while the entity is inactive (the record lifecycle), and races like any append.
export const ENTITY_CHANGE_CONFLICTS = [
  'The entity is inactive: reactivate it first.',
  CONFLICT.concurrentWrite,
] as const;

// Whom the caller may be told of by name (docs/security.md, issue 21).
export const viewerOf = (principal: Principal): ActorViewer => ({
  staff: isStaff(principal),
  entityPath: principal.entityPath,
});

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
