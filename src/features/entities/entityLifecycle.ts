import type { Entity } from '../../api/schemas/entities';
import { takesEvent } from '../../machines/machineAnswers';
import { recordLifecycleMachine, type RecordLifecycleEvent } from '../../machines/recordLifecycle';

// Whether the record lifecycle machine lets an entity in its status take an event: an active entity is
// edited and deactivated, an inactive one only reactivated. What the user may do is asked separately.
export function entityTakes(
  entity: Pick<Entity, 'status_code'>,
  event: RecordLifecycleEvent['type'],
): boolean {
  return takesEvent(recordLifecycleMachine, entity.status_code === 'ACTIVE' ? 'active' : 'inactive', event);
}
