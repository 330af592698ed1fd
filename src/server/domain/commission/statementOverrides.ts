import { sql } from 'kysely';
import { isEditable, type StatementState } from '../../../machines/commissionStatement';
import { Invalid, notFound, Refused } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { statementAggregate } from './statementAggregate';
import type { OverrideData } from './statementEvents';

// Overrides of a statement (SPEC §3 "Statement override"): an amount of a given type with a note, added,
// changed or deleted (softly: it stays in the history) only while the statement is pending, since they are
// part of what the reviewer approves. Each change is an event of the statement's stream.

export interface OverrideFields {
  typeCode: string;
  amountCents: number;
  note: string | null;
}

async function editableStatement(trx: Trx, statementId: number) {
  const statement = await trx
    .selectFrom('commission_statements')
    .select(['id', 'state'])
    .where('id', '=', statementId)
    .forUpdate()
    .executeTakeFirst();
  if (!statement) throw notFound('commission statement');
  if (!isEditable(statement.state as StatementState)) {
    throw new Refused('Overrides change only while the statement is pending: unapprove it first.');
  }
}

async function checkType(trx: Trx, typeCode: string) {
  const type = await trx
    .selectFrom('commission_override_types')
    .select('is_enabled')
    .where('override_code', '=', typeCode)
    .executeTakeFirst();
  if (!type?.is_enabled) throw new Invalid({ 'data.type_code': ['The selected override type is invalid.'] });
}

async function liveOverride(trx: Trx, statementId: number, overrideId: number): Promise<OverrideData> {
  const row = await trx
    .selectFrom('commission_statement_overrides')
    .select(['id', 'type_code', 'amount_cents', 'note'])
    .where('statement_id', '=', statementId)
    .where('id', '=', overrideId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound('override');
  return {
    overrideId: row.id,
    typeCode: row.type_code,
    amountCents: Number(row.amount_cents),
    note: row.note,
  };
}

const append = (
  trx: Trx,
  statementId: number,
  type: string,
  data: Record<string, unknown>,
  metadata: EventMetadata,
) => execute(trx, statementAggregate, String(statementId), [{ type, data }], metadata);

export async function addOverride(
  trx: Trx,
  statementId: number,
  fields: OverrideFields,
  metadata: EventMetadata,
): Promise<number> {
  await editableStatement(trx, statementId);
  await checkType(trx, fields.typeCode);
  const { rows } = await sql<{ id: number }>`select nextval('commission_override_id_seq')::int as id`.execute(
    trx,
  );
  const overrideId = rows[0]!.id;
  const data: OverrideData = { overrideId, ...fields };
  await append(trx, statementId, 'statement.overrideAdded', data, metadata);
  return overrideId;
}

export async function updateOverride(
  trx: Trx,
  statementId: number,
  overrideId: number,
  changes: Partial<OverrideFields>,
  metadata: EventMetadata,
): Promise<void> {
  await editableStatement(trx, statementId);
  const current = await liveOverride(trx, statementId, overrideId);
  if (changes.typeCode !== undefined) await checkType(trx, changes.typeCode);
  const data: OverrideData = { ...current, ...changes, overrideId };
  await append(trx, statementId, 'statement.overrideUpdated', data, metadata);
}

export async function deleteOverride(
  trx: Trx,
  statementId: number,
  overrideId: number,
  metadata: EventMetadata,
): Promise<void> {
  await editableStatement(trx, statementId);
  await liveOverride(trx, statementId, overrideId);
  await append(trx, statementId, 'statement.overrideDeleted', { overrideId }, metadata);
}
