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
import { createEntity, setEntityActive, updateEntity } from '../../domain/entities/entityCommands';
import type { EntityFields } from '../../domain/entities/entityEvents';
import { findEntityInScope, loadEntityView, searchEntities } from '../../domain/entities/entityQueries';
import { checkEntityCode, checkEntityFields, type FieldErrors } from '../../domain/entities/entityValidation';
import type { Db } from '../../store/db';
import { HttpError, ValidationFailed, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { streamHistory } from '../../domain/streamHistory';
import { requirePrincipal } from '../routeTable';
import { can, entityFor, metadataOf } from './entityRouteSupport';
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
    const scope = entityScope(principal);
    const entity = await findEntityInScope(db, entityId, scope);
    if (!entity) throw notFound('entity');
    return {
      data: await loadEntityView(db, entity, {
        settings: settingsShownTo(principal),
        scope,
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
      config: { access: ENTITY_ACCESS.view },
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
      const reactivate = body.status_code === 'ACTIVE' && entity.status_code !== 'ACTIVE';
      if (entity.status_code !== 'ACTIVE' && !reactivate && Object.keys(changes).length > 0) {
        throw new HttpError(409, 'Reactivate the entity before editing it.');
      }
      if (reactivate && entity.master_entity_id !== null) {
        const parent = await db
          .selectFrom('entities')
          .select('status_code')
          .where('id', '=', entity.master_entity_id)
          .executeTakeFirst();
        if (parent?.status_code !== 'ACTIVE') throw new HttpError(409, 'Reactivate the parent entity first.');
      }
      failIfAny(
        await checkEntityFields(db, changes, {
          scope,
          current: {
            id: entity.id,
            path: entity.path,
            typeCode: entity.type_code,
            canQuote: entity.can_quote,
          },
        }),
      );
      if (!reactivate && Object.keys(changes).length === 0) {
        if (body.version !== undefined && body.version !== entity.version) {
          throw new HttpError(409, 'The record was changed by someone else. Reload it and try again.');
        }
        return view(principal, entity.id);
      }
      const metadata = metadataOf(request, principal);
      await db.transaction().execute(async (trx) => {
        let expected = body.version;
        if (reactivate) {
          await setEntityActive(trx, entity.id, true, metadata, expected);
          expected = undefined;
        }
        if (Object.keys(changes).length > 0) await updateEntity(trx, entity.id, changes, metadata, expected);
      });
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
      if (entity.status_code !== 'ACTIVE') throw new HttpError(409, 'The entity is already inactive.');
      if (entity.id === principal.entityId)
        throw new HttpError(409, 'You cannot deactivate your own entity.');
      // No cascade: an agency's children are deactivated (or moved) one by one, on purpose.
      const { n } = await db
        .selectFrom('entities')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('master_entity_id', '=', entity.id)
        .where('status_code', '=', 'ACTIVE')
        .executeTakeFirstOrThrow();
      const active = Number(n);
      if (active > 0) {
        throw new HttpError(
          409,
          `${entity.entity_name} has ${active} active child ${active === 1 ? 'entity' : 'entities'}. Deactivate or move ${active === 1 ? 'it' : 'them'} first.`,
        );
      }
      await db.transaction().execute(async (trx) => {
        await setEntityActive(trx, entity.id, false, metadataOf(request, principal));
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
