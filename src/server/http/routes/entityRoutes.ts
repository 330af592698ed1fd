import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITY_ACCESS } from '../../../api/entityAccess';
import {
  EntityCreate,
  EntityResponse,
  EntitySearchQuery,
  EntitySearchResponse,
  EntityUpdate,
} from '../../../api/schemas/entities';
import { HistoryResponse, type HistoryEntry } from '../../../api/schemas/history';
import { integerParam } from '../../../api/schemas/params';
import { entityScope, type Principal } from '../../access/principal';
import { revokeEntitySessions } from '../../auth/sessions';
import { createEntity } from '../../domain/entities/entityCommands';
import { deactivateEntity, editEntity } from '../../domain/entities/entityLifecycle';
import type { EntityFields } from '../../domain/entities/entityEvents';
import { findEntityInScope, loadEntityView, searchEntities } from '../../domain/entities/entityQueries';
import { checkEntityCode, checkEntityFields, type FieldErrors } from '../../domain/entities/entityValidation';
import type { Db } from '../../store/db';
import { ValidationFailed, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { streamHistory } from '../../domain/streamHistory';
import { requirePrincipal } from '../routeTable';
import { can, entityFor, metadataOf, viewerOf } from './entityRouteSupport';
import { sqlStateOf } from '../../store/sqlState';
import { roleReach } from '../../domain/roles/roleOwnership';

// /v2/entities: search, view, add, edit (and reactivate), deactivate, history (SPEC §3, §4, §7).
const EntityParams = z.object({ entityId: integerParam('entityId') });

type CreateBody = z.output<typeof EntityCreate>;
type UpdateBody = z.output<typeof EntityUpdate>;

// Wire (snake_case) → event fields; fields the body leaves out stay undefined.
function fieldsOf(body: Partial<Omit<CreateBody, 'entity_code'>>): Partial<EntityFields> {
  const fields: Partial<EntityFields> = {
    masterEntityId: body.master_entity_id,
    entityName: body.entity_name,
    dba: body.dba,
    typeCode: body.type_code,
    trackingCode: body.tracking_code,
    trackingCodeType: body.tracking_code_type,
    accountManager: body.account_manager,
    addedToAccounting: body.added_to_accounting,
    payoutFrequency: body.payout_frequency,
    payoutMethod: body.payout_method,
    routingNumber: body.routing_number,
    brandQuoteAppLink: body.brand_quote_app_link,
    canQuote: body.can_quote,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

function failIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

async function typeCanQuote(db: Db, typeCode: string): Promise<boolean> {
  const type = await db
    .selectFrom('entity_types')
    .select('can_quote')
    .where('type_code', '=', typeCode)
    .executeTakeFirst();
  return type?.can_quote ?? false;
}

// The settings as /attributes gives them to the same caller, and none to a caller it refuses.
function settingsShownTo(principal: Principal): 'all' | 'exposed' | 'none' {
  if (!can(principal, ENTITY_ACCESS.settingsView)) return 'none';
  return can(principal, ENTITY_ACCESS.internalSettings) ? 'all' : 'exposed';
}

export function entityRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const view = async (principal: Principal, entityId: number) => {
    // Settings readers without entity_search reach the entity they act for, not the rest of their subtree.
    if (!can(principal, ENTITY_ACCESS.view) && entityId !== principal.acting.id) throw notFound('entity');
    const scope = entityScope(principal);
    const entity = await findEntityInScope(db, entityId, scope);
    if (!entity) throw notFound('entity');
    return {
      data: await loadEntityView(db, entity, {
        settings: settingsShownTo(principal),
        scope,
        viewer: viewerOf(principal),
      }),
    };
  };

  r.get(
    '/v2/entities',
    {
      config: { access: ENTITY_ACCESS.search },
      schema: { querystring: EntitySearchQuery, response: { 200: EntitySearchResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return searchEntities(db, request.query, entityScope(principal));
    },
  );

  r.get(
    '/v2/entities/:entityId',
    {
      config: { access: ENTITY_ACCESS.viewActing },
      schema: { params: EntityParams, response: { 200: EntityResponse } },
    },
    async (request) => view(requirePrincipal(request), request.params.entityId),
  );

  r.post(
    '/v2/entities',
    {
      config: { access: ENTITY_ACCESS.add },
      schema: { body: EntityCreate, response: { 201: EntityResponse } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const scope = entityScope(principal);
      const body = request.body;
      const fields: EntityFields = {
        masterEntityId: body.master_entity_id,
        entityCode: body.entity_code,
        entityName: body.entity_name,
        dba: body.dba ?? null,
        statusCode: 'ACTIVE',
        typeCode: body.type_code,
        trackingCode: body.tracking_code ?? null,
        trackingCodeType: body.tracking_code_type ?? null,
        accountManager: body.account_manager ?? null,
        addedToAccounting: body.added_to_accounting ?? false,
        payoutFrequency: body.payout_frequency ?? null,
        payoutMethod: body.payout_method ?? null,
        routingNumber: body.routing_number ?? null,
        brandQuoteAppLink: body.brand_quote_app_link ?? null,
        // A new entity quotes when its type does, unless told otherwise.
        canQuote: body.can_quote ?? (await typeCanQuote(db, body.type_code)),
      };
      const errors = await checkEntityFields(db, fields, { scope });
      await checkEntityCode(db, fields.entityCode, errors);
      failIfAny(errors);
      let id: number;
      try {
        id = await db
          .transaction()
          .execute((trx) => createEntity(trx, fields, metadataOf(request, principal)));
      } catch (error) {
        // Two adds of one code at once: the later one meets the unique index.
        if (isUniqueViolation(error))
          throw new ValidationFailed({ entity_code: ['The entity code has already been taken.'] });
        throw error;
      }
      return reply.code(201).send(await view(principal, id));
    },
  );

  r.patch(
    '/v2/entities/:entityId',
    {
      config: {
        access: ENTITY_ACCESS.edit,
        conflicts: [
          CONFLICT.staleVersion(),
          'The entity is inactive and the edit does not reactivate it (`status_code` ACTIVE), or it reactivates an entity whose parent is inactive.',
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { params: EntityParams, body: EntityUpdate, response: { 200: EntityResponse } },
    },
    async (request) => {
      const { principal, scope, entity } = await entityFor(db, request, request.params.entityId);
      const body: UpdateBody = request.body;
      const given = fieldsOf(body);
      // Only what differs becomes an event, so the history shows real changes.
      const current = entity as unknown as Record<string, unknown>;
      const changes = Object.fromEntries(
        Object.entries(given).filter(
          ([key, value]) => value !== current[COLUMN_OF[key as keyof typeof COLUMN_OF]],
        ),
      ) as Partial<EntityFields>;
      const edit = { changes, active: body.status_code === 'ACTIVE', version: body.version };
      await editEntity(db, entity, edit, scope, metadataOf(request, principal));
      return view(principal, entity.id);
    },
  );

  r.delete(
    '/v2/entities/:entityId',
    {
      config: {
        access: ENTITY_ACCESS.deactivate,
        conflicts: [
          'The entity is already inactive, is the caller’s own entity, or has active child entities.',
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { params: EntityParams, response: { 200: EntityResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      await db.transaction().execute(async (trx) => {
        await deactivateEntity(trx, entity, principal.entityId, metadataOf(request, principal));
        // Ended, not suspended: the sessions stay refused after a reactivation, as for a deactivated user.
        await revokeEntitySessions(trx, entity.path, 'entity deactivated');
      });
      return view(principal, entity.id);
    },
  );

  r.get(
    '/v2/entities/:entityId/history',
    {
      config: { access: ENTITY_ACCESS.adminView },
      schema: { params: EntityParams, response: { 200: HistoryResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const history = await streamHistory(db, 'entity', String(entity.id), roleReach(principal));
      return { data: history.map(summariseFiles) };
    },
  );
}

// Settings may carry files as data URLs; the history says a file was set, not its bytes.
function summariseFiles(entry: HistoryEntry): HistoryEntry {
  const attributes = entry.changes.attributes;
  if (entry.type !== 'entity.attributesSet' || !Array.isArray(attributes)) return entry;
  const summarised = attributes.map((a: Record<string, unknown>) =>
    typeof a.dataUrl === 'string'
      ? { ...a, dataUrl: `(file, ${Math.ceil((a.dataUrl.length * 3) / 4 / 1024)} KB)` }
      : a,
  );
  return { ...entry, changes: { ...entry.changes, attributes: summarised } };
}

const COLUMN_OF = {
  masterEntityId: 'master_entity_id',
  entityName: 'entity_name',
  dba: 'dba',
  typeCode: 'type_code',
  trackingCode: 'tracking_code',
  trackingCodeType: 'tracking_code_type',
  accountManager: 'account_manager',
  addedToAccounting: 'added_to_accounting',
  payoutFrequency: 'payout_frequency',
  payoutMethod: 'payout_method',
  routingNumber: 'routing_number',
  brandQuoteAppLink: 'brand_quote_app_link',
  canQuote: 'can_quote',
} as const;
