import type { Updateable } from 'kysely';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import type { EntityContactsTable, EntityLocationsTable } from '../../store/tables/entityTables';
import {
  ContactAdded,
  ContactRemoved,
  ContactUpdated,
  DiscountStatesSet,
  ENTITY_DETAIL_EVENTS,
  LocationAdded,
  LocationRemoved,
  LocationUpdated,
  QuoteSourceAdded,
  QuoteSourceUpdated,
  UnderwritingQuestionsSet,
  type ContactFields,
  type LocationFields,
} from './entityDetailEvents';
import { ENTITY_STREAM } from './entityEvents';

// Read tables of an entity's details, kept in step with the entity stream. The entity row's version and
// audit columns follow every detail event too, so a client's `version` is the stream's.

function locationColumns(f: Partial<LocationFields>): Updateable<EntityLocationsTable> {
  const columns: Updateable<EntityLocationsTable> = {
    loc_type: f.locType,
    name: f.name,
    address_1: f.address1,
    address_2: f.address2,
    city: f.city,
    state_code: f.stateCode,
    zip: f.zip,
    is_enabled: f.isEnabled,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

function contactColumns(f: Partial<ContactFields>): Updateable<EntityContactsTable> {
  const columns: Updateable<EntityContactsTable> = {
    name: f.name,
    phone: f.phone,
    extension: f.extension,
    email: f.email,
    notes: f.notes,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

async function projectDetail(trx: Trx, event: StoredEvent, entityId: number): Promise<void> {
  const at = event.recordedAt;
  switch (event.type) {
    case 'entity.locationAdded': {
      const { locationId, ...fields } = LocationAdded.parse(event.data);
      await trx
        .insertInto('entity_locations')
        .values({
          id: locationId,
          entity_id: entityId,
          loc_type: fields.locType,
          name: fields.name,
          address_1: fields.address1,
          address_2: fields.address2,
          city: fields.city,
          state_code: fields.stateCode,
          zip: fields.zip,
          is_enabled: fields.isEnabled,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return;
    }
    case 'entity.locationUpdated': {
      const { locationId, ...fields } = LocationUpdated.parse(event.data);
      await trx
        .updateTable('entity_locations')
        .set({ ...locationColumns(fields), updated_at: at })
        .where('id', '=', locationId)
        .execute();
      return;
    }
    case 'entity.locationRemoved': {
      const { locationId } = LocationRemoved.parse(event.data);
      await trx.deleteFrom('entity_contacts').where('location_id', '=', locationId).execute();
      await trx.deleteFrom('entity_locations').where('id', '=', locationId).execute();
      return;
    }
    case 'entity.contactAdded': {
      const { contactId, locationId, ...fields } = ContactAdded.parse(event.data);
      await trx
        .insertInto('entity_contacts')
        .values({
          id: contactId,
          location_id: locationId,
          entity_id: entityId,
          ...fields,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return;
    }
    case 'entity.contactUpdated': {
      const { contactId, ...fields } = ContactUpdated.parse(event.data);
      await trx
        .updateTable('entity_contacts')
        .set({ ...contactColumns(fields), updated_at: at })
        .where('id', '=', contactId)
        .execute();
      return;
    }
    case 'entity.contactRemoved': {
      const { contactId } = ContactRemoved.parse(event.data);
      await trx.deleteFrom('entity_contacts').where('id', '=', contactId).execute();
      return;
    }
    case 'entity.underwritingQuestionsSet': {
      const { links } = UnderwritingQuestionsSet.parse(event.data);
      await trx.deleteFrom('entity_underwriting_questions').where('entity_id', '=', entityId).execute();
      if (links.length > 0) {
        await trx
          .insertInto('entity_underwriting_questions')
          .values(
            links.map((l) => ({
              id: l.id,
              entity_id: entityId,
              uw_question_id: l.questionId,
              enabled: l.enabled,
            })),
          )
          .execute();
      }
      return;
    }
    case 'entity.quoteSourceAdded': {
      const e = QuoteSourceAdded.parse(event.data);
      await trx
        .insertInto('entity_quote_sources')
        .values({
          id: e.quoteSourceId,
          entity_id: entityId,
          code: e.code,
          name: e.name,
          is_enabled: e.isEnabled,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return;
    }
    case 'entity.quoteSourceUpdated': {
      const e = QuoteSourceUpdated.parse(event.data);
      await trx
        .updateTable('entity_quote_sources')
        .set({
          ...(e.name !== undefined ? { name: e.name } : {}),
          ...(e.isEnabled !== undefined ? { is_enabled: e.isEnabled } : {}),
          updated_at: at,
        })
        .where('id', '=', e.quoteSourceId)
        .execute();
      return;
    }
    case 'entity.discountStatesSet': {
      const { stateCodes } = DiscountStatesSet.parse(event.data);
      await trx.deleteFrom('entity_discount_states').where('entity_id', '=', entityId).execute();
      if (stateCodes.length > 0) {
        await trx
          .insertInto('entity_discount_states')
          .values(stateCodes.map((state_code) => ({ entity_id: entityId, state_code })))
          .execute();
      }
      return;
    }
  }
}

const DETAIL_EVENTS: ReadonlySet<string> = new Set(ENTITY_DETAIL_EVENTS);

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (!DETAIL_EVENTS.has(event.type)) return;
  const entityId = Number(event.streamId);
  await projectDetail(trx, event, entityId);
  await trx
    .updateTable('entities')
    .set({ updated_at: event.recordedAt, updated_by: event.metadata.userId, version: event.version })
    .where('id', '=', entityId)
    .execute();
}

export const entityDetailsProjection: ProjectionSpec = { streamType: ENTITY_STREAM, each: project };
