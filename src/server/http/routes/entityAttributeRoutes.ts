import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITY_ACCESS } from '../../../api/entityAccess';
import {
  AttributeFormResponse,
  EntityAttributesResponse,
  EntityAttributesUpdate,
} from '../../../api/schemas/attributes';
import { integerParam } from '../../../api/schemas/params';
import { loadAttributeDefinitions, loadAttributeForm } from '../../domain/attributes/attributeForms';
import { validateAttributeSave } from '../../domain/attributes/attributeValidation';
import { setEntityAttributes } from '../../domain/entities/entityCommands';
import { loadAttributeValues } from '../../domain/entities/entityQueries';
import type { Db } from '../../store/db';
import { ValidationFailed } from '../errors';
import { requirePrincipal } from '../routeTable';
import { ENTITY_CHANGE_CONFLICTS, can, entityFor, metadataOf } from './entityRouteSupport';

// Entity settings (SPEC §3 "Attribute form"): the form, and each entity's values. Agency users see only
// exposed settings and change only those that are not read-only; entity administrators see and change all.
const EntityParams = z.object({ entityId: integerParam('entityId') });

export function entityAttributeRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db } = options;
  // The business day, for rules such as "after today".
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/attribute-forms',
    {
      config: { access: ENTITY_ACCESS.settingsView },
      schema: { response: { 200: AttributeFormResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const exposedOnly = !can(principal, ENTITY_ACCESS.internalSettings);
      return { data: await loadAttributeForm(db, { exposedOnly }) };
    },
  );

  r.get(
    '/v2/entities/:entityId/attributes',
    {
      config: { access: ENTITY_ACCESS.settingsView },
      schema: { params: EntityParams, response: { 200: EntityAttributesResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const exposedOnly = !can(principal, ENTITY_ACCESS.internalSettings);
      return { data: await loadAttributeValues(db, entity.id, { exposedOnly }) };
    },
  );

  r.patch(
    '/v2/entities/:entityId/attributes',
    {
      config: { access: ENTITY_ACCESS.settingsEdit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: {
        params: EntityParams,
        body: EntityAttributesUpdate,
        response: { 200: EntityAttributesResponse },
      },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const rights = {
        editReadonly: can(principal, ENTITY_ACCESS.readonlySettings),
        seeInternal: can(principal, ENTITY_ACCESS.internalSettings),
      };
      const [definitions, stored] = await Promise.all([
        loadAttributeDefinitions(db),
        db
          .selectFrom('entity_attributes')
          .select(['attrib_id', 'attrib_value', 'data_url'])
          .where('entity_id', '=', entity.id)
          .execute(),
      ]);
      const storedById = new Map(
        stored.map((s) => [s.attrib_id, { value: s.attrib_value, dataUrl: s.data_url }]),
      );
      const { changes, errors } = validateAttributeSave(
        definitions,
        request.body.attributes,
        storedById,
        rights,
        today(),
      );
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      if (changes.length > 0) {
        await db
          .transaction()
          .execute((trx) => setEntityAttributes(trx, entity.id, changes, metadataOf(request, principal)));
      }
      return { data: await loadAttributeValues(db, entity.id, { exposedOnly: !rights.seeInternal }) };
    },
  );
}
