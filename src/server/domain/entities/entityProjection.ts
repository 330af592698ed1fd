import type { Insertable, Updateable } from 'kysely';
import type { EntitiesTable } from '../../store/schema';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import {
  ENTITY_STREAM,
  EntityAttributesSet,
  EntityCreated,
  EntityUpdated,
  type EntityFields,
} from './entityEvents';

// Read tables `entities` and `entity_attributes`, kept in step with the entity stream.
async function pathOf(trx: Trx, parentId: number | null, id: number): Promise<string> {
  if (parentId === null) return `/${id}/`;
  const parent = await trx
    .selectFrom('entities')
    .select('path')
    .where('id', '=', parentId)
    .executeTakeFirstOrThrow();
  return `${parent.path}${id}/`;
}

const COLUMNS = {
  masterEntityId: 'master_entity_id',
  entityCode: 'entity_code',
  entityName: 'entity_name',
  dba: 'dba',
  statusCode: 'status_code',
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
} as const satisfies Record<keyof EntityFields, keyof EntitiesTable>;

function toColumns(fields: Partial<EntityFields>): Updateable<EntitiesTable> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = fields[key as keyof EntityFields];
    if (value !== undefined) out[column] = value;
  }
  return out as Updateable<EntitiesTable>;
}

async function reroot(trx: Trx, id: number, newPath: string): Promise<void> {
  const children = await trx.selectFrom('entities').select('id').where('master_entity_id', '=', id).execute();
  for (const child of children) {
    const childPath = `${newPath}${child.id}/`;
    await trx.updateTable('entities').set({ path: childPath }).where('id', '=', child.id).execute();
    await reroot(trx, child.id, childPath);
  }
}

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const id = Number(event.streamId);
  const audit = { updated_at: event.recordedAt, updated_by: event.metadata.userId, version: event.version };
  switch (event.type) {
    case 'entity.created': {
      const e = EntityCreated.parse(event.data);
      await trx
        .insertInto('entities')
        .values({
          id,
          ...toColumns(e),
          path: await pathOf(trx, e.masterEntityId, id),
          created_at: event.recordedAt,
          created_by: event.metadata.userId,
          ...audit,
        } as Insertable<EntitiesTable>)
        .execute();
      return;
    }
    case 'entity.updated': {
      const e = EntityUpdated.parse(event.data);
      const path = e.masterEntityId !== undefined ? { path: await pathOf(trx, e.masterEntityId, id) } : {};
      await trx
        .updateTable('entities')
        .set({ ...toColumns(e), ...path, ...audit })
        .where('id', '=', id)
        .execute();
      // A move re-roots the whole subtree under the new path.
      if (path.path) await reroot(trx, id, path.path);
      return;
    }
    case 'entity.attributesSet': {
      const e = EntityAttributesSet.parse(event.data);
      for (const a of e.attributes) {
        await trx
          .insertInto('entity_attributes')
          .values({ entity_id: id, attrib_id: a.attribId, attrib_value: a.value, data_url: a.dataUrl })
          .onConflict((oc) =>
            oc
              .columns(['entity_id', 'attrib_id'])
              .doUpdateSet({ attrib_value: a.value, data_url: a.dataUrl }),
          )
          .execute();
      }
      await trx.updateTable('entities').set(audit).where('id', '=', id).execute();
      return;
    }
    case 'entity.deactivated':
    case 'entity.reactivated':
      await trx
        .updateTable('entities')
        .set({ status_code: event.type === 'entity.deactivated' ? 'INACTIVE' : 'ACTIVE', ...audit })
        .where('id', '=', id)
        .execute();
      return;
  }
}

export const entityProjection: ProjectionSpec = { streamType: ENTITY_STREAM, each: project };
