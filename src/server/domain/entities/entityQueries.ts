import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityAttributeValue } from '../../../api/schemas/attributes';
import type {
  Entity,
  EntityFilters,
  EntityRef,
  EntitySearchRow,
  EntitySortField,
  Location,
  UrlItem,
} from '../../../api/schemas/entities';
import type { PageMeta, SortOrder } from '../../../api/schemas/paging';
import type { EntityScope } from '../../access/principal';
import { streamEventRows } from '../../store/eventHistory';
import { fetchPage, likePattern } from '../../store/paging';
import type { Db } from '../../store/db';
import { actorOf, actorsFor, type ActorViewer } from '../actorNames';
import { ENTITY_STREAM } from './entityEvents';
import { HEADQUARTERS } from './entityReference';
import { serverTimestamp } from '../../../calendar';

// Read side of entity administration: the search of SPEC §3 and one entity with its details, each limited
// to the caller's entity scope.

export interface EntitySearch {
  page: number;
  limit: number;
  sort: EntitySortField;
  order: SortOrder;
  filter: EntityFilters;
}

const SORT_COLUMNS = {
  entityCode: 'e.entity_code',
  entityName: 'e.entity_name',
  typeCode: 'e.type_code',
  statusCode: 'e.status_code',
  stateCode: 'hq.state_code',
  parentEntityCode: 'p.entity_code',
  updatedAt: 'e.updated_at',
} as const satisfies Record<EntitySortField, string>;

export function scopeFilter(scope: EntityScope, pathColumn: 'e.path') {
  return scope.kind === 'all' ? null : sql<SqlBool>`${sql.ref(pathColumn)} like ${`${scope.path}%`}`;
}

export async function searchEntities(
  db: Db,
  search: EntitySearch,
  scope: EntityScope,
): Promise<{ data: EntitySearchRow[]; meta: PageMeta }> {
  const { filter } = search;
  let query = db
    .selectFrom('entities as e')
    .leftJoin('entities as p', 'p.id', 'e.master_entity_id')
    // At most one enabled headquarters per entity (locationCommands), so the join adds no rows.
    .leftJoin('entity_locations as hq', (join) =>
      join
        .onRef('hq.entity_id', '=', 'e.id')
        .on('hq.loc_type', '=', HEADQUARTERS)
        .on('hq.is_enabled', '=', true),
    )
    .select((eb) => [
      'e.id',
      'e.entity_code',
      'e.entity_name',
      'e.dba',
      'e.type_code',
      'e.status_code',
      'e.master_entity_id',
      'e.can_quote',
      'e.updated_at',
      'p.entity_code as parent_entity_code',
      'p.entity_name as parent_entity_name',
      'hq.city',
      'hq.state_code',
      eb
        .selectFrom('entities as c')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('c.master_entity_id', '=', 'e.id')
        .as('child_count'),
    ]);
  const where: Expression<SqlBool>[] = [];
  const scoped = scopeFilter(scope, 'e.path');
  if (scoped) where.push(scoped);
  if (filter.entityCode) where.push(sql<SqlBool>`e.entity_code ilike ${likePattern(filter.entityCode)}`);
  if (filter.entityName) {
    const pattern = likePattern(filter.entityName);
    where.push(sql<SqlBool>`(e.entity_name ilike ${pattern} or e.dba ilike ${pattern})`);
  }
  if (filter.typeCode) where.push(sql<SqlBool>`e.type_code = ${filter.typeCode}`);
  if (filter.statusCode) where.push(sql<SqlBool>`e.status_code = ${filter.statusCode}`);
  if (filter.parentEntityId) where.push(sql<SqlBool>`e.master_entity_id = ${filter.parentEntityId}`);
  // An entity is in a state when any of its enabled locations is.
  if (filter.stateCode) {
    where.push(sql<SqlBool>`exists (select 1 from entity_locations l
      where l.entity_id = e.id and l.state_code = ${filter.stateCode} and l.is_enabled)`);
  }
  if (where.length > 0) query = query.where((eb) => eb.and(where));
  const column = SORT_COLUMNS[search.sort];
  query = query
    .orderBy(column, (ob) => (search.order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()))
    .orderBy('e.id');
  const { rows, meta } = await fetchPage(query, search.page, search.limit);
  return {
    data: rows.map((r) => ({
      ...r,
      child_count: Number(r.child_count ?? 0),
      city: r.city ?? null,
      state_code: r.state_code ?? null,
      parent_entity_code: r.parent_entity_code ?? null,
      parent_entity_name: r.parent_entity_name ?? null,
      updated_at: serverTimestamp(r.updated_at),
    })),
    meta,
  };
}

// The entity row with its path, or null when it does not exist or lies outside the scope.
export async function findEntityInScope(db: Db, id: number, scope: EntityScope) {
  const entity = await db.selectFrom('entities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!entity) return null;
  if (scope.kind === 'subtree' && !entity.path.startsWith(scope.path)) return null;
  return entity;
}

// Who added each location and contact of the entity and who last changed it: the acting user of the
// first and the last entity-stream event naming it (SPEC §3 "created by, updated by"); the moments are the
// read tables', which the projection takes from the same events.
async function detailAuthors(db: Db, entityId: number) {
  const rows = await streamEventRows(db, ENTITY_STREAM, String(entityId));
  const authors = { location: new Map<number, Authors>(), contact: new Map<number, Authors>() };
  const note = (kind: 'location' | 'contact', id: unknown, actor: number | null) => {
    if (typeof id !== 'number') return;
    const known = authors[kind].get(id);
    authors[kind].set(id, { createdBy: known ? known.createdBy : actor, updatedBy: actor });
  };
  for (const row of rows) {
    if (row.type === 'entity.locationAdded' || row.type === 'entity.locationUpdated') {
      note('location', row.data.locationId, row.actor_id);
    } else if (row.type === 'entity.contactAdded' || row.type === 'entity.contactUpdated') {
      note('contact', row.data.contactId, row.actor_id);
    }
  }
  return authors;
}

interface Authors {
  createdBy: number | null;
  updatedBy: number | null;
}

const iso = (at: Date | string) => serverTimestamp(at);

export async function loadLocations(db: Db, entityId: number, viewer: ActorViewer): Promise<Location[]> {
  const [locations, contacts, authors] = await Promise.all([
    db.selectFrom('entity_locations').selectAll().where('entity_id', '=', entityId).orderBy('id').execute(),
    db.selectFrom('entity_contacts').selectAll().where('entity_id', '=', entityId).orderBy('id').execute(),
    detailAuthors(db, entityId),
  ]);
  const actors = await actorsFor(
    db,
    [...authors.location.values(), ...authors.contact.values()].flatMap((a) => [a.createdBy, a.updatedBy]),
    viewer,
  );
  const audit = (row: { created_at: Date; updated_at: Date }, by: Authors | undefined) => ({
    created_at: iso(row.created_at),
    created_by: actorOf(actors, by?.createdBy),
    updated_at: iso(row.updated_at),
    updated_by: actorOf(actors, by?.updatedBy),
  });
  return locations.map((l) => ({
    id: l.id,
    entity_id: l.entity_id,
    loc_type: l.loc_type,
    name: l.name,
    address_1: l.address_1,
    address_2: l.address_2,
    city: l.city,
    state_code: l.state_code,
    zip: l.zip,
    is_enabled: l.is_enabled,
    contacts: contacts
      .filter((c) => c.location_id === l.id)
      .map((c) => ({
        id: c.id,
        location_id: c.location_id,
        name: c.name,
        phone: c.phone,
        extension: c.extension,
        email: c.email,
        notes: c.notes,
        ...audit(c, authors.contact.get(c.id)),
      })),
    ...audit(l, authors.location.get(l.id)),
  }));
}

// Stored setting values; agency users (exposedOnly) get the exposed settings only.
export async function loadAttributeValues(
  db: Db,
  entityId: number,
  options: { exposedOnly: boolean },
): Promise<EntityAttributeValue[]> {
  let query = db
    .selectFrom('entity_attributes as v')
    .innerJoin('attributes as a', 'a.id', 'v.attrib_id')
    .select(['v.id', 'v.entity_id', 'v.attrib_id', 'v.attrib_value', 'v.data_url'])
    .where('v.entity_id', '=', entityId)
    .orderBy('v.attrib_id');
  if (options.exposedOnly) query = query.where('a.is_exposed', '=', true);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

// SPEC §3 "Url item": the entity's settings of type url that hold an address, labelled as the form labels
// them; a viewer who sees exposed settings only sees their links only.
async function loadUrlItems(db: Db, entityId: number, options: { exposedOnly: boolean }): Promise<UrlItem[]> {
  let query = db
    .selectFrom('entity_attributes as v')
    .innerJoin('attributes as a', 'a.id', 'v.attrib_id')
    .select(['v.id', 'a.label', 'v.attrib_value'])
    .where('v.entity_id', '=', entityId)
    .where('a.type_code', '=', 'url')
    .where('a.is_enabled', '=', true)
    .where('v.attrib_value', 'is not', null)
    .where('v.attrib_value', '<>', '')
    .orderBy('a.sort_order');
  if (options.exposedOnly) query = query.where('a.is_exposed', '=', true);
  const rows = await query.execute();
  return rows.map((r) => ({ id: Number(r.id), label: r.label, url: r.attrib_value ?? '' }));
}

const ref = (e: {
  id: number;
  entity_code: string;
  entity_name: string;
  status_code: string;
}): EntityRef => ({
  id: e.id,
  entity_code: e.entity_code,
  entity_name: e.entity_name,
  status_code: e.status_code,
});

export async function loadEntityView(
  db: Db,
  entity: NonNullable<Awaited<ReturnType<typeof findEntityInScope>>>,
  options: { settings: 'all' | 'exposed' | 'none'; scope: EntityScope; viewer: ActorViewer },
): Promise<Entity> {
  const ancestorIds = entity.path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== entity.id);
  const [ancestorRows, children, locations, attributes, urlItems] = await Promise.all([
    ancestorIds.length > 0
      ? db
          .selectFrom('entities')
          .select(['id', 'entity_code', 'entity_name', 'status_code', 'path'])
          .where('id', 'in', ancestorIds)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('entities')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('master_entity_id', '=', entity.id)
      .executeTakeFirstOrThrow(),
    loadLocations(db, entity.id, options.viewer),
    options.settings === 'none'
      ? Promise.resolve([])
      : loadAttributeValues(db, entity.id, { exposedOnly: options.settings === 'exposed' }),
    options.settings === 'none'
      ? Promise.resolve([])
      : loadUrlItems(db, entity.id, { exposedOnly: options.settings === 'exposed' }),
  ]);
  // Ancestors above an agency user's own entity are outside their scope: the breadcrumb starts at it.
  const visible = ancestorRows
    .filter((a) => options.scope.kind === 'all' || a.path.startsWith(options.scope.path))
    .sort((a, b) => a.path.length - b.path.length);
  const ancestors = visible.map(ref);
  const parentRow = visible.find((a) => a.id === entity.master_entity_id);
  return {
    id: entity.id,
    master_entity_id: entity.master_entity_id,
    entity_code: entity.entity_code,
    entity_name: entity.entity_name,
    dba: entity.dba,
    status_code: entity.status_code,
    type_code: entity.type_code,
    tracking_code: entity.tracking_code,
    tracking_code_type: entity.tracking_code_type,
    account_manager: entity.account_manager,
    added_to_accounting: entity.added_to_accounting,
    payout_frequency: entity.payout_frequency,
    payout_method: entity.payout_method,
    routing_number: entity.routing_number,
    brand_quote_app_link: entity.brand_quote_app_link,
    can_quote: entity.can_quote,
    child_count: Number(children.n),
    attributes,
    url_items: urlItems,
    parent: parentRow ? ref(parentRow) : null,
    ancestors,
    headquarters_location: locations.find((l) => l.loc_type === HEADQUARTERS && l.is_enabled) ?? null,
    locations,
    version: entity.version,
    created_at: serverTimestamp(entity.created_at),
    updated_at: serverTimestamp(entity.updated_at),
    created_by: entity.created_by,
    updated_by: entity.updated_by,
  };
}
