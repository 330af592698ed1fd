import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITY_ACCESS } from '../../../api/entityAccess';
import {
  ContactCreate,
  ContactResponse,
  ContactUpdate,
  LocationCreate,
  LocationListResponse,
  LocationResponse,
  LocationUpdate,
} from '../../../api/schemas/entities';
import { integerParam } from '../../../api/schemas/params';
import type { ContactFields, LocationFields } from '../../domain/entities/entityDetailEvents';
import { loadLocations } from '../../domain/entities/entityQueries';
import {
  addContact,
  addLocation,
  removeContact,
  removeLocation,
  updateContact,
  updateLocation,
} from '../../domain/entities/locationCommands';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { ENTITY_CHANGE_CONFLICTS, entityFor, metadataOf, viewerOf } from './entityRouteSupport';
import type { Principal } from '../../access/principal';

// /v2/entities/{entityId}/locations and their contacts (SPEC §3 Location, Contact; §7 sub-resources).
const EntityParams = z.object({ entityId: integerParam('entityId') });
const LocationParams = EntityParams.extend({ locationId: integerParam('locationId') });
const ContactParams = LocationParams.extend({ contactId: integerParam('contactId') });

type LocationBody = z.output<typeof LocationUpdate>;
type ContactBody = z.output<typeof ContactUpdate>;

function locationFields(b: LocationBody): Partial<LocationFields> {
  const fields: Partial<LocationFields> = {
    locType: b.loc_type,
    name: b.name,
    address1: b.address_1,
    address2: b.address_2,
    city: b.city,
    stateCode: b.state_code,
    zip: b.zip,
    isEnabled: b.is_enabled,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

function contactFields(b: ContactBody): Partial<ContactFields> {
  const fields: Partial<ContactFields> = {
    name: b.name,
    phone: b.phone,
    extension: b.extension,
    email: b.email,
    notes: b.notes,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

export function entityLocationRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const locationView = async (principal: Principal, entityId: number, locationId: number) => {
    const location = (await loadLocations(db, entityId, viewerOf(principal))).find(
      (l) => l.id === locationId,
    );
    if (!location) throw notFound('location');
    return location;
  };

  r.get(
    '/v2/entities/:entityId/locations',
    {
      config: { access: ENTITY_ACCESS.view },
      schema: { params: EntityParams, response: { 200: LocationListResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      return { data: await loadLocations(db, entity.id, viewerOf(principal)) };
    },
  );

  r.post(
    '/v2/entities/:entityId/locations',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: EntityParams, body: LocationCreate, response: { 201: LocationResponse } },
    },
    async (request, reply) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const b = request.body;
      const fields: LocationFields = {
        locType: b.loc_type,
        name: b.name,
        address1: b.address_1,
        address2: b.address_2 ?? null,
        city: b.city,
        stateCode: b.state_code,
        zip: b.zip,
        isEnabled: b.is_enabled ?? true,
      };
      const id = await db
        .transaction()
        .execute((trx) => addLocation(trx, entity.id, fields, metadataOf(request, principal)));
      return reply.code(201).send({ data: await locationView(principal, entity.id, id) });
    },
  );

  r.patch(
    '/v2/entities/:entityId/locations/:locationId',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: LocationParams, body: LocationUpdate, response: { 200: LocationResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { locationId } = request.params;
      await db
        .transaction()
        .execute((trx) =>
          updateLocation(
            trx,
            entity.id,
            locationId,
            locationFields(request.body),
            metadataOf(request, principal),
          ),
        );
      return { data: await locationView(principal, entity.id, locationId) };
    },
  );

  r.delete(
    '/v2/entities/:entityId/locations/:locationId',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: LocationParams },
    },
    async (request, reply) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { locationId } = request.params;
      await db
        .transaction()
        .execute((trx) => removeLocation(trx, entity.id, locationId, metadataOf(request, principal)));
      return reply.code(204).send();
    },
  );

  r.post(
    '/v2/entities/:entityId/locations/:locationId/contacts',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: LocationParams, body: ContactCreate, response: { 201: ContactResponse } },
    },
    async (request, reply) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { locationId } = request.params;
      const b = request.body;
      const fields: ContactFields = {
        name: b.name,
        phone: b.phone ?? null,
        extension: b.extension ?? null,
        email: b.email ?? null,
        notes: b.notes ?? null,
      };
      const id = await db
        .transaction()
        .execute((trx) => addContact(trx, entity.id, locationId, fields, metadataOf(request, principal)));
      const contact = (await locationView(principal, entity.id, locationId)).contacts.find(
        (c) => c.id === id,
      )!;
      return reply.code(201).send({ data: contact });
    },
  );

  r.patch(
    '/v2/entities/:entityId/locations/:locationId/contacts/:contactId',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: ContactParams, body: ContactUpdate, response: { 200: ContactResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { locationId, contactId } = request.params;
      await db
        .transaction()
        .execute((trx) =>
          updateContact(
            trx,
            entity.id,
            locationId,
            contactId,
            contactFields(request.body),
            metadataOf(request, principal),
          ),
        );
      const contact = (await locationView(principal, entity.id, locationId)).contacts.find(
        (c) => c.id === contactId,
      )!;
      return { data: contact };
    },
  );

  r.delete(
    '/v2/entities/:entityId/locations/:locationId/contacts/:contactId',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: ContactParams },
    },
    async (request, reply) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { locationId, contactId } = request.params;
      await db
        .transaction()
        .execute((trx) =>
          removeContact(trx, entity.id, locationId, contactId, metadataOf(request, principal)),
        );
      return reply.code(204).send();
    },
  );
}
