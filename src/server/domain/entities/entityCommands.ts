import { sql } from 'kysely';
import { entityAggregate } from './entityAggregate';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import type { EntityFields } from './entityEvents';

export async function createEntity(trx: Trx, fields: EntityFields, metadata: EventMetadata): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('entity_id_seq')::int as id`.execute(trx);
  const id = rows[0]!.id;
  await execute(
    trx,
    entityAggregate,
    String(id),
    [{ type: 'entity.created', data: { id, ...fields } }],
    metadata,
  );
  return id;
}

export async function setEntityAttributes(
  trx: Trx,
  entityId: number,
  attributes: { attribId: number; value: string | null; dataUrl: string | null }[],
  metadata: EventMetadata,
): Promise<void> {
  await execute(
    trx,
    entityAggregate,
    String(entityId),
    [{ type: 'entity.attributesSet', data: { attributes } }],
    metadata,
  );
}

// Edits the given fields; `expectedVersion` is the version the client edited (stale → 409).
export async function updateEntity(
  trx: Trx,
  entityId: number,
  changes: Partial<EntityFields>,
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<void> {
  await execute(
    trx,
    entityAggregate,
    String(entityId),
    [{ type: 'entity.updated', data: changes }],
    metadata,
    expectedVersion,
  );
}

export async function setEntityActive(
  trx: Trx,
  entityId: number,
  active: boolean,
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<void> {
  const type = active ? 'entity.reactivated' : 'entity.deactivated';
  await execute(trx, entityAggregate, String(entityId), [{ type, data: {} }], metadata, expectedVersion);
}
