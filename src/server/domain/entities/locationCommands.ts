import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { Invalid, notFound } from '../domainErrors';
import { US_STATES } from '../usStates';
import { entityAggregate } from './entityAggregate';
import type { ContactFields, LocationFields } from './entityDetailEvents';
import { HEADQUARTERS } from './entityReference';
import { nextId } from './entitySequences';

// Locations of an entity and the contacts at each (SPEC §3). Every change is an event on the entity's
// stream, so it is refused while the entity is inactive (409) and shows in the entity's history.
const STATE_CODES = new Set(US_STATES.map(([code]) => code));

async function checkLocation(
  trx: Trx,
  entityId: number,
  fields: Partial<LocationFields>,
  locationId: number | null,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (fields.stateCode !== undefined && !STATE_CODES.has(fields.stateCode)) {
    errors.state_code = ['The selected state is invalid.'];
  }
  if (fields.locType !== undefined) {
    const type = await trx
      .selectFrom('code_lists')
      .select('code')
      .where('list_name', '=', 'location_type')
      .where('code', '=', fields.locType)
      .where('is_enabled', '=', true)
      .executeTakeFirst();
    if (!type) errors.loc_type = ['The selected location type is invalid.'];
  }
  // One enabled headquarters per entity: it is the entity's headquarters_location.
  const becomesHq = fields.locType === HEADQUARTERS && fields.isEnabled !== false;
  if (becomesHq) {
    let others = trx
      .selectFrom('entity_locations')
      .select('id')
      .where('entity_id', '=', entityId)
      .where('loc_type', '=', HEADQUARTERS)
      .where('is_enabled', '=', true);
    if (locationId !== null) others = others.where('id', '<>', locationId);
    if (await others.executeTakeFirst()) {
      errors.loc_type = ['The entity already has a headquarters location.'];
    }
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

async function locationOf(trx: Trx, entityId: number, locationId: number) {
  const location = await trx
    .selectFrom('entity_locations')
    .selectAll()
    .where('id', '=', locationId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (!location) throw notFound('location');
  return location;
}

async function contactOf(trx: Trx, entityId: number, locationId: number, contactId: number) {
  const contact = await trx
    .selectFrom('entity_contacts')
    .selectAll()
    .where('id', '=', contactId)
    .where('location_id', '=', locationId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (!contact) throw notFound('contact');
  return contact;
}

const append = (
  trx: Trx,
  entityId: number,
  type: string,
  data: Record<string, unknown>,
  meta: EventMetadata,
) => execute(trx, entityAggregate, String(entityId), [{ type, data }], meta);

export async function addLocation(
  trx: Trx,
  entityId: number,
  fields: LocationFields,
  metadata: EventMetadata,
): Promise<number> {
  await checkLocation(trx, entityId, fields, null);
  const locationId = await nextId(trx, 'entity_location_id_seq');
  await append(trx, entityId, 'entity.locationAdded', { locationId, ...fields }, metadata);
  return locationId;
}

export async function updateLocation(
  trx: Trx,
  entityId: number,
  locationId: number,
  changes: Partial<LocationFields>,
  metadata: EventMetadata,
): Promise<void> {
  const current = await locationOf(trx, entityId, locationId);
  if (Object.keys(changes).length === 0) return;
  const merged = {
    locType: changes.locType ?? current.loc_type,
    isEnabled: changes.isEnabled ?? current.is_enabled,
  };
  await checkLocation(trx, entityId, { ...changes, ...merged }, locationId);
  await append(trx, entityId, 'entity.locationUpdated', { locationId, ...changes }, metadata);
}

export async function removeLocation(
  trx: Trx,
  entityId: number,
  locationId: number,
  metadata: EventMetadata,
): Promise<void> {
  await locationOf(trx, entityId, locationId);
  await append(trx, entityId, 'entity.locationRemoved', { locationId }, metadata);
}

function checkContact(fields: Partial<ContactFields>, current?: ContactFields): void {
  const phone = fields.phone !== undefined ? fields.phone : current?.phone;
  const email = fields.email !== undefined ? fields.email : current?.email;
  if (!phone && !email) {
    throw new Invalid({
      phone: ['Give a phone number or an email address.'],
      email: ['Give a phone number or an email address.'],
    });
  }
  const extension = fields.extension !== undefined ? fields.extension : current?.extension;
  if (extension && !phone) throw new Invalid({ extension: ['An extension needs a phone number.'] });
}

export async function addContact(
  trx: Trx,
  entityId: number,
  locationId: number,
  fields: ContactFields,
  metadata: EventMetadata,
): Promise<number> {
  await locationOf(trx, entityId, locationId);
  checkContact(fields);
  const contactId = await nextId(trx, 'entity_contact_id_seq');
  await append(trx, entityId, 'entity.contactAdded', { contactId, locationId, ...fields }, metadata);
  return contactId;
}

export async function updateContact(
  trx: Trx,
  entityId: number,
  locationId: number,
  contactId: number,
  changes: Partial<ContactFields>,
  metadata: EventMetadata,
): Promise<void> {
  const current = await contactOf(trx, entityId, locationId, contactId);
  if (Object.keys(changes).length === 0) return;
  checkContact(changes, current);
  await append(trx, entityId, 'entity.contactUpdated', { contactId, ...changes }, metadata);
}

export async function removeContact(
  trx: Trx,
  entityId: number,
  locationId: number,
  contactId: number,
  metadata: EventMetadata,
): Promise<void> {
  await contactOf(trx, entityId, locationId, contactId);
  await append(trx, entityId, 'entity.contactRemoved', { contactId }, metadata);
}
