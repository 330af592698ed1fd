import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import {
  ContactResponse,
  LocationListResponse,
  LocationResponse,
  type Contact,
  type ContactCreate,
  type ContactUpdate,
  type Location,
  type LocationCreate,
  type LocationUpdate,
} from '../schemas/entities';
import { entityKeys } from './entities';

// /v2/entities/{entityId}/locations and their contacts.
const base = (entityId: number) => `/v2/entities/${entityId}/locations`;

export const locationsQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...entityKeys.one(entityId), 'locations'],
    queryFn: async ({ signal }) =>
      LocationListResponse.parse(await apiRequest(base(entityId), { signal })).data,
  });

export async function createLocation(entityId: number, body: LocationCreate): Promise<Location> {
  return LocationResponse.parse(await apiRequest(base(entityId), { method: 'POST', body })).data;
}

export async function updateLocation(
  entityId: number,
  locationId: number,
  body: LocationUpdate,
): Promise<Location> {
  return LocationResponse.parse(
    await apiRequest(`${base(entityId)}/${locationId}`, { method: 'PATCH', body }),
  ).data;
}

export async function deleteLocation(entityId: number, locationId: number): Promise<void> {
  await apiRequest(`${base(entityId)}/${locationId}`, { method: 'DELETE' });
}

export async function createContact(
  entityId: number,
  locationId: number,
  body: ContactCreate,
): Promise<Contact> {
  const path = `${base(entityId)}/${locationId}/contacts`;
  return ContactResponse.parse(await apiRequest(path, { method: 'POST', body })).data;
}

export async function updateContact(
  entityId: number,
  locationId: number,
  contactId: number,
  body: ContactUpdate,
): Promise<Contact> {
  const path = `${base(entityId)}/${locationId}/contacts/${contactId}`;
  return ContactResponse.parse(await apiRequest(path, { method: 'PATCH', body })).data;
}

export async function deleteContact(entityId: number, locationId: number, contactId: number): Promise<void> {
  await apiRequest(`${base(entityId)}/${locationId}/contacts/${contactId}`, { method: 'DELETE' });
}
