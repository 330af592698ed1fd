import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { EntityFields } from './entityEvents';

// Checks of entity fields that need the database: references to lists, users and other entities, and the
// hierarchy. Each problem is reported under the wire field's name (422, SPEC §5).
export type FieldErrors = Record<string, string[]>;

export interface EntityContext {
  // The entity being edited; absent when adding one.
  current?: { id: number; path: string; typeCode: string; canQuote: boolean };
  scope: EntityScope;
}

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

async function inCodeList(db: Db | Trx, listName: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('code_lists')
    .select('code')
    .where('list_name', '=', listName)
    .where('code', '=', code)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  return !!row;
}

export async function checkEntityCode(db: Db | Trx, code: string, errors: FieldErrors): Promise<void> {
  const taken = await db
    .selectFrom('entities')
    .select('id')
    .where('entity_code', '=', code)
    .executeTakeFirst();
  if (taken) add(errors, 'entity_code', 'The entity code has already been taken.');
}

async function checkParent(
  db: Db | Trx,
  parentId: number | null,
  context: EntityContext,
  errors: FieldErrors,
): Promise<void> {
  if (parentId === null) {
    add(errors, 'master_entity_id', 'Choose the parent entity.');
    return;
  }
  const parent = await db
    .selectFrom('entities')
    .select(['id', 'path', 'status_code'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  // A parent outside the caller's scope is reported as missing, like every out-of-scope record.
  if (!parent || (context.scope.kind === 'subtree' && !parent.path.startsWith(context.scope.path))) {
    add(errors, 'master_entity_id', 'The selected parent entity is invalid.');
    return;
  }
  if (context.current && parent.path.startsWith(context.current.path)) {
    add(errors, 'master_entity_id', 'An entity cannot be its own parent, or the parent of its own parent.');
    return;
  }
  if (parent.status_code !== 'ACTIVE') add(errors, 'master_entity_id', 'The parent entity is not active.');
}

// Checks the given (possibly partial) fields; fields left out are not checked.
export async function checkEntityFields(
  db: Db | Trx,
  fields: Partial<EntityFields>,
  context: EntityContext,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (fields.masterEntityId !== undefined) await checkParent(db, fields.masterEntityId, context, errors);

  const typeCode = fields.typeCode ?? context.current?.typeCode;
  if (fields.typeCode !== undefined && fields.typeCode !== context.current?.typeCode) {
    const type = await db
      .selectFrom('entity_types')
      .select(['is_enabled'])
      .where('type_code', '=', fields.typeCode)
      .executeTakeFirst();
    if (!type?.is_enabled) add(errors, 'type_code', 'The selected type is invalid.');
  }
  const canQuote = fields.canQuote ?? context.current?.canQuote;
  if (canQuote && typeCode && (fields.canQuote !== undefined || fields.typeCode !== undefined)) {
    const type = await db
      .selectFrom('entity_types')
      .select(['can_quote', 'type_desc'])
      .where('type_code', '=', typeCode)
      .executeTakeFirst();
    if (type && !type.can_quote) add(errors, 'can_quote', `A ${type.type_desc.toLowerCase()} cannot quote.`);
  }

  const lists = [
    ['tracking_code_type', 'tracking_code_type', fields.trackingCodeType],
    ['payout_frequency', 'payout_frequency', fields.payoutFrequency],
    ['payout_method', 'payout_method', fields.payoutMethod],
  ] as const;
  for (const [field, listName, value] of lists) {
    if (value && !(await inCodeList(db, listName, value)))
      add(errors, field, 'The selected value is invalid.');
  }
  if (fields.trackingCode && fields.trackingCodeType === null) {
    add(errors, 'tracking_code_type', 'Choose the type of the tracking code.');
  }

  if (fields.accountManager) {
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', fields.accountManager)
      .where('user_type', 'in', ['admin', 'internal'])
      .where('is_enabled', '=', true)
      .executeTakeFirst();
    if (!manager) add(errors, 'account_manager', 'The selected account manager is invalid.');
  }
  return errors;
}
