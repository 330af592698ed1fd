import { sql } from 'kysely';
import { roleAggregate } from './roleAggregate';
import { execute } from '../../store/aggregate';
import type { EventMetadata, NewEvent, Trx } from '../../store/eventStore';
import type { RoleEventType } from './roleEvents';

// Commands of the role stream; each goes through execute(), so the lifecycle statechart decides.
export async function createRole(
  trx: Trx,
  // The owner is the house when left out (docs/decisions/012).
  input: { roleName: string; roleDesc: string; privilegeCodes: string[]; ownerEntityId?: number | null },
  metadata: EventMetadata,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('role_id_seq')::int as id`.execute(trx);
  const id = rows[0]!.id;
  await execute(trx, roleAggregate, String(id), [{ type: 'role.created', data: { id, ...input } }], metadata);
  return id;
}

export interface RoleChanges {
  // Only the fields that change.
  fields: { roleName?: string; roleDesc?: string };
  privileges?: { privilegeCodes: string[]; added: string[]; removed: string[] };
}

// Appends role.updated and/or role.privilegesSet; nothing when nothing changes.
export async function changeRole(
  trx: Trx,
  id: number,
  changes: RoleChanges,
  metadata: EventMetadata,
  expectedVersion: number,
): Promise<void> {
  const events: NewEvent<RoleEventType>[] = [];
  if (Object.keys(changes.fields).length > 0) events.push({ type: 'role.updated', data: changes.fields });
  if (changes.privileges) events.push({ type: 'role.privilegesSet', data: changes.privileges });
  if (events.length === 0) return;
  await execute(trx, roleAggregate, String(id), events, metadata, expectedVersion);
}

export async function deleteRole(
  trx: Trx,
  id: number,
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<void> {
  await execute(
    trx,
    roleAggregate,
    String(id),
    [{ type: 'role.deleted', data: {} }],
    metadata,
    expectedVersion,
  );
}
