import { rentersPolicyFacts, rentersStatusOn } from '../../../machines/rentersRecordFlags';
import { execute } from '../../store/aggregate';
import {
  readStream,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
  type Trx,
} from '../../store/eventStore';
import { rentersPolicyAggregate } from '../aggregates';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicyEvents';
import { utcToday } from './rentersPolicyNumbers';

// Appends to an existing renters policy's stream. A pending cancellation whose date has come, or a
// non-renewal whose date has come, is written first ("took effect"), so the log catches up with the day
// before anything is decided on it (docs/decisions/008); the machine then checks every event.
export async function appendToRentersPolicy(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  events: readonly NewEvent[],
  today: string = utcToday(),
): Promise<StoredEvent[]> {
  const stored = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const { due } = rentersStatusOn(rentersPolicyFacts(stored.map(rentersPolicyStatusEvent)), today);
  const caughtUp: NewEvent[] = due.map(({ type }) => ({ type, data: {} }));
  return execute(trx, rentersPolicyAggregate, policyNumber, [...caughtUp, ...events], metadata);
}
