import type { Selectable } from 'kysely';
import { takesEvent } from '../../../machines/machineAnswers';
import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import type { EntitiesTable } from '../../store/schema';
import { Conflict, Invalid, Refused } from '../domainErrors';
import { setEntityActive, updateEntity } from './entityCommands';
import type { EntityFields } from './entityEvents';
import { checkEntityFields } from './entityValidation';

// Editing, reactivating and deactivating an entity (SPEC §4): the record lifecycle machine says what an
// active or an inactive entity takes; the rules beside it (a parent before its child, no active children
// left behind, not one's own entity) are the entity's own. The routes parse the request and map the answer.

type EntityRow = Selectable<EntitiesTable>;

// The entity's state in the record lifecycle, as its read row holds it.
function lifecycleState(entity: Pick<EntityRow, 'status_code'>): 'active' | 'inactive' {
  return entity.status_code === 'ACTIVE' ? 'active' : 'inactive';
}

const takes = (entity: Pick<EntityRow, 'status_code'>, event: string) =>
  takesEvent(recordLifecycleMachine, lifecycleState(entity), event);

export interface EntityEdit {
  // The fields whose value differs from the entity's; only these become an event.
  changes: Partial<EntityFields>;
  // The edit asks for the entity to be active (`status_code` ACTIVE).
  active: boolean;
  // The version the caller edited (stale → conflict).
  version: number | undefined;
}

// Applies an edit; returns false when it changes nothing (then nothing is written).
export async function editEntity(
  db: Db,
  entity: EntityRow,
  edit: EntityEdit,
  scope: EntityScope,
  metadata: EventMetadata,
): Promise<boolean> {
  const changes = Object.keys(edit.changes).length > 0;
  const reactivate = edit.active && takes(entity, 'record.reactivate');
  if (changes && !reactivate && !takes(entity, 'record.update')) {
    throw new Refused('Reactivate the entity before editing it.');
  }
  if (reactivate && entity.master_entity_id !== null) {
    const parent = await db
      .selectFrom('entities')
      .select('status_code')
      .where('id', '=', entity.master_entity_id)
      .executeTakeFirst();
    if (!parent || !takes(parent, 'record.update')) throw new Refused('Reactivate the parent entity first.');
  }
  const errors = await checkEntityFields(db, edit.changes, {
    scope,
    current: { id: entity.id, path: entity.path, typeCode: entity.type_code, canQuote: entity.can_quote },
  });
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  if (!reactivate && !changes) {
    if (edit.version !== undefined && edit.version !== entity.version) {
      throw new Conflict('The record was changed by someone else. Reload it and try again.');
    }
    return false;
  }
  await db.transaction().execute(async (trx) => {
    let expected = edit.version;
    if (reactivate) {
      await setEntityActive(trx, entity.id, true, metadata, expected);
      expected = undefined;
    }
    if (changes) await updateEntity(trx, entity.id, edit.changes, metadata, expected);
  });
  return true;
}

// Deactivates an entity, in the caller's transaction (which ends its sessions with it). No cascade: an
// agency's children are deactivated (or moved) one by one, on purpose.
export async function deactivateEntity(
  trx: Trx,
  entity: EntityRow,
  callerEntityId: number,
  metadata: EventMetadata,
): Promise<void> {
  if (!takes(entity, 'record.deactivate')) throw new Refused('The entity is already inactive.');
  if (entity.id === callerEntityId) throw new Refused('You cannot deactivate your own entity.');
  const { n } = await trx
    .selectFrom('entities')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('master_entity_id', '=', entity.id)
    .where('status_code', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  const active = Number(n);
  if (active > 0) {
    const them = active === 1 ? 'it' : 'them';
    throw new Refused(
      `${entity.entity_name} has ${active} active child ${active === 1 ? 'entity' : 'entities'}. Deactivate or move ${them} first.`,
    );
  }
  await setEntityActive(trx, entity.id, false, metadata);
}
