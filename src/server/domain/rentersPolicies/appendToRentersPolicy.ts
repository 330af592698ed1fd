import { startOfBusinessDay } from '../../../calendar';
import { rentersPolicyFacts, rentersStatusOn } from '../../../machines/rentersRecordFlags';
import { execute } from '../../store/aggregate';
import {
  VersionConflictError,
  readStream,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
  type Trx,
} from '../../store/eventStore';
import { rentersPolicyAggregate } from './rentersPolicyAggregate';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicyEvents';
import { businessDate } from '../../../calendar';

// Appends to an existing renters policy's stream. A pending cancellation whose date has come, or a
// non-renewal whose date has come, is written first ("took effect"), so the log catches up with the day
// before anything is decided on it (docs/decisions/008); the machine then checks every event. With
// `expectedVersion` (the version a decision was made at) a stream that moved on since is a version conflict,
// not a machine refusal, so a racing commit can reload and judge again.
export async function appendToRentersPolicy(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  events: readonly NewEvent[],
  // The business day the command is given on, unless the caller works another day.
  today: string = businessDate(metadata.at),
  expectedVersion?: number,
): Promise<StoredEvent[]> {
  const stored = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const version = stored.at(-1)?.version ?? 0;
  if (expectedVersion !== undefined && expectedVersion !== version)
    throw new VersionConflictError(RENTERS_POLICY_STREAM, policyNumber, expectedVersion);
  const facts = rentersPolicyFacts(stored.map(rentersPolicyStatusEvent));
  const { due } = rentersStatusOn(facts, today);
  // Dated at the start of the day it took effect, as the daily policy-dates work dates it.
  const caughtUp: NewEvent[] = due.map(({ type }) => {
    const on = type === 'renters.cancellationTookEffect' ? facts.cancelDate : facts.nonRenewEffectiveDate;
    return { type, data: {}, ...(on && { recordedAt: startOfBusinessDay(on) }) };
  });
  return execute(
    trx,
    rentersPolicyAggregate,
    policyNumber,
    [...caughtUp, ...events],
    metadata,
    expectedVersion === undefined ? undefined : version,
  );
}
