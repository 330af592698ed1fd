import type { Insertable } from 'kysely';
import { replayInBulk } from '../../store/bulkReplay';
import { readStream, type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import { POLICY_STREAM } from '../policies/policyEvents';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { ADJUSTMENT_TYPES, adjustmentsOfStream, type PremiumAdjustment } from './premiumAdjustments';
import type { PremiumAdjustmentsTable } from '../../store/tables/reportTables';

// Keeps `premium_adjustments`: one row per premium adjustment of the pet and renters policy logs, as
// adjustmentsOfStream reads them. The net written premium report, the dashboard and statement generation sum
// these rows instead of folding every policy stream of a period, which took seconds over a million policies.

// The events an adjustment's meaning depends on: the adjustments themselves and the issue each stream opens
// with (a renters renewal changes the business type of what follows; both are adjustment types).
const READ_TYPES = [...new Set([...ADJUSTMENT_TYPES, 'policy.issued', 'renters.policyIssued'])];
const isAdjustment = (type: string) => ADJUSTMENT_TYPES.includes(type);

export function adjustmentRow(a: PremiumAdjustment): Insertable<PremiumAdjustmentsTable> {
  return {
    event_id: a.eventId,
    on: a.on,
    line: a.line,
    policy_number: a.policyNumber,
    entity_id: a.entityId,
    state_code: a.stateCode,
    species: a.species,
    event_code: a.eventCode,
    business_type: a.businessType,
    premium_cents: a.premiumCents,
  };
}

// An adjustment event's row, from its stream up to it (the appending transaction sees the event itself). An
// event already projected is left as it is, so replaying a stream changes nothing.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (!isAdjustment(event.type)) return;
  const stream = await readStream(trx, event.streamType, event.streamId);
  const upTo = stream.filter((e) => e.version <= event.version && READ_TYPES.includes(e.type));
  const adjustment = adjustmentsOfStream(upTo).find((a) => a.eventId === Number(event.position));
  if (!adjustment) return;
  await trx
    .insertInto('premium_adjustments')
    .values(adjustmentRow(adjustment))
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  await insertRows(trx, 'premium_adjustments', streams.flatMap(adjustmentsOfStream).map(adjustmentRow));
}

// Fills the table from the logs as they stand (migration 021, for a book kept from before the table).
export async function fillPremiumAdjustments(trx: Trx): Promise<number> {
  let events = 0;
  for (const streamType of [POLICY_STREAM, RENTERS_POLICY_STREAM])
    events += await replayInBulk(trx, streamType, (streams) => projectMany(trx, streams), READ_TYPES);
  return events;
}

export const petPremiumAdjustmentProjection: ProjectionSpec = { streamType: POLICY_STREAM, each: project, bulk: projectMany };
export const rentersPremiumAdjustmentProjection: ProjectionSpec = { streamType: RENTERS_POLICY_STREAM, each: project, bulk: projectMany };
