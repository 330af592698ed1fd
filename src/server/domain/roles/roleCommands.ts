import { sql } from 'kysely';
import { roleAggregate } from '../aggregates';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';

export async function createRole(
  trx: Trx,
  input: { roleName: string; roleDesc: string; privilegeCodes: string[] },
  metadata: EventMetadata,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('role_id_seq')::int as id`.execute(trx);
  const id = rows[0]!.id;
  await execute(trx, roleAggregate, String(id), [{ type: 'role.created', data: { id, ...input } }], metadata);
  return id;
}
