import { z } from 'zod';
import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';
import type { EntityDetailEventType } from './entityDetailEvents';

// Events of the `entity` stream: an agency (or the house) in the hierarchy.
export const ENTITY_STREAM = 'entity';

export const EntityFields = z.object({
  masterEntityId: z.number().int().nullable(),
  entityCode: z.string(),
  entityName: z.string(),
  dba: z.string().nullable(),
  statusCode: z.string(),
  typeCode: z.string(),
  trackingCode: z.string().nullable(),
  trackingCodeType: z.string().nullable(),
  accountManager: z.number().int().nullable(),
  addedToAccounting: z.boolean(),
  payoutFrequency: z.string().nullable(),
  payoutMethod: z.string().nullable(),
  routingNumber: z.string().nullable(),
  brandQuoteAppLink: z.string().nullable(),
  canQuote: z.boolean(),
});
export type EntityFields = z.infer<typeof EntityFields>;

export const EntityCreated = z.object({ id: z.number().int(), ...EntityFields.shape });
export const EntityUpdated = EntityFields.partial();
export const EntityAttributesSet = z.object({
  attributes: z.array(
    z.object({ attribId: z.number().int(), value: z.string().nullable(), dataUrl: z.string().nullable() }),
  ),
});

export type EntityEventType =
  | 'entity.created'
  | 'entity.updated'
  | 'entity.attributesSet'
  | 'entity.deactivated'
  | 'entity.reactivated'
  | EntityDetailEventType;

// Every change of details (locations, contacts, links, settings) is an edit: allowed only while active.
export function entityLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  switch (event.type) {
    case 'entity.created':
      return { type: 'record.create' };
    case 'entity.deactivated':
      return { type: 'record.deactivate' };
    case 'entity.reactivated':
      return { type: 'record.reactivate' };
    default:
      return { type: 'record.update' };
  }
}
