import { replayInBulk } from '../../bulkReplay';
import type { StoredEvent, Trx } from '../../eventStore';
import { insertRows } from '../../insertRows';

// Frozen copy of how migration 021 fills premium_adjustments from a kept book's policy logs: the adjustment
// events of src/server/domain/reports/premiumAdjustments.ts and the commissionable events of
// src/server/domain/commission/commissionableEvents.ts, as they were when it was written. A later change of
// the live code must not change what an old migration writes; never edit this file.

const POLICY_STREAM = 'policy';
const RENTERS_POLICY_STREAM = 'renters_policy';

const COMMISSIONABLE_TYPES = [
  'policy.issued',
  'policy.cancelled',
  'renters.policyIssued',
  'renters.cancelled',
  'renters.reinstated',
  'renters.renewed',
  'policy.reinstated',
  'policy.renewed',
];
const ENDORSEMENT_TYPES = [
  'policy.policyholderChanged',
  'renters.addressChanged',
  'renters.additionalInsuredAdded',
  'renters.additionalInsuredRemoved',
];
const ADJUSTMENT_TYPES = [...COMMISSIONABLE_TYPES, ...ENDORSEMENT_TYPES];
// The adjustments themselves and the issue each stream opens with.
const READ_TYPES = [...new Set([...ADJUSTMENT_TYPES, 'policy.issued', 'renters.policyIssued'])];

type BusinessType = 'NEW' | 'RENEWAL';

interface Adjustment {
  eventId: number;
  policyNumber: string;
  entityId: number;
  eventCode: string;
  businessType: BusinessType;
  stateCode: string;
  species: 'DOG' | 'CAT' | 'RENTERS';
  on: string;
  premiumCents: number;
}

type LogEvent = Pick<StoredEvent, 'position' | 'streamType' | 'type' | 'data' | 'recordedAt'>;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const cents = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

function petEvents(stream: readonly LogEvent[]): Adjustment[] {
  const issued = stream.find((e) => e.type === 'policy.issued');
  if (!issued) return [];
  const policy = issued.data as {
    policyNumber: string;
    entityId: number;
    state: string;
    pet: { species: unknown };
    premiumCents: number;
  };
  const base = {
    policyNumber: policy.policyNumber,
    entityId: policy.entityId,
    stateCode: policy.state,
    species: String(policy.pet.species).toUpperCase() === 'CAT' ? ('CAT' as const) : ('DOG' as const),
  };
  let businessType: BusinessType = 'NEW';
  // The last cancellation, which a reinstatement undoes.
  let cancellation: Adjustment | null = null;
  return stream.flatMap((event): Adjustment[] => {
    if (event.type === 'policy.renewed') businessType = 'RENEWAL';
    const common = { ...base, businessType, eventId: Number(event.position), on: utcDay(event.recordedAt) };
    if (event.type === 'policy.issued')
      return [{ ...common, eventCode: 'NB', premiumCents: policy.premiumCents }];
    if (event.type === 'policy.renewed')
      return [{ ...common, eventCode: 'RN', premiumCents: cents(event.data.annualPremiumCents) }];
    if (event.type === 'policy.cancelled') {
      const c = event.data;
      cancellation = {
        ...common,
        eventCode: c.flatCancel ? 'FC' : 'CN',
        premiumCents: -(cents(c.annualPremiumCents) - cents(c.earnedPremiumCents)),
      };
      return [cancellation];
    }
    if (event.type === 'policy.reinstated' && cancellation) {
      const undone: Adjustment = cancellation;
      cancellation = null;
      return [{ ...common, eventCode: 'RI', premiumCents: -undone.premiumCents }];
    }
    return [];
  });
}

function rentersEvents(stream: readonly LogEvent[]): Adjustment[] {
  const issued = stream.find((e) => e.type === 'renters.policyIssued');
  if (!issued) return [];
  const policy = issued.data as {
    policyNumber: string;
    entityId: number;
    propertyAddress: { state: string };
    rewriteOf?: unknown;
    termPremiumCents: number;
  };
  const base = {
    policyNumber: policy.policyNumber,
    entityId: policy.entityId,
    stateCode: policy.propertyAddress.state,
    species: 'RENTERS' as const,
  };
  let businessType: BusinessType = 'NEW';
  // What the last cancellation returned and under which business type: a reinstatement gives it back.
  let lastCancellation: { premiumCents: number; businessType: BusinessType } = {
    premiumCents: 0,
    businessType,
  };
  const out: Adjustment[] = [];
  for (const event of stream) {
    const common = { ...base, eventId: Number(event.position), on: utcDay(event.recordedAt) };
    const data = event.data;
    switch (event.type) {
      case 'renters.policyIssued':
        out.push({
          ...common,
          businessType,
          eventCode: policy.rewriteOf ? 'RW' : 'NB',
          premiumCents: policy.termPremiumCents,
        });
        break;
      case 'renters.renewed':
        businessType = 'RENEWAL';
        out.push({ ...common, businessType, eventCode: 'RN', premiumCents: cents(data.termPremiumCents) });
        break;
      case 'renters.cancelled': {
        const returned = cents(data.premiumReturnedCents);
        lastCancellation = { premiumCents: returned, businessType };
        out.push({
          ...common,
          businessType,
          eventCode: data.method === 'FLAT' ? 'FC' : 'CN',
          premiumCents: -returned,
        });
        break;
      }
      case 'renters.reinstated':
        out.push({
          ...common,
          businessType: lastCancellation.businessType,
          eventCode: 'RI',
          premiumCents: lastCancellation.premiumCents,
        });
        break;
    }
  }
  return out;
}

// Every adjustment of one policy's stream, in log order. An endorsement takes its policy's details from the
// issue and the business type of the term it falls in.
function adjustmentsOfStream(stream: readonly LogEvent[]): Adjustment[] {
  const first = stream[0];
  if (!first) return [];
  const written = first.streamType === RENTERS_POLICY_STREAM ? rentersEvents(stream) : petEvents(stream);
  const issue = written[0];
  if (!issue) return [];
  const byId = new Map(written.map((event) => [event.eventId, event]));
  const out: Adjustment[] = [];
  let businessType: BusinessType = issue.businessType;
  for (const event of stream) {
    const eventId = Number(event.position);
    const adjustment = byId.get(eventId);
    if (adjustment) {
      if (adjustment.eventCode === 'RN') businessType = 'RENEWAL';
      out.push(adjustment);
    } else if (ENDORSEMENT_TYPES.includes(event.type)) {
      out.push({
        ...issue,
        eventId,
        eventCode: 'EN',
        businessType,
        on: utcDay(event.recordedAt),
        premiumCents: 0,
      });
    }
  }
  return out;
}

function adjustmentRow(a: Adjustment) {
  return {
    event_id: a.eventId,
    on: a.on,
    line: a.species === 'RENTERS' ? ('RENTERS' as const) : ('PET' as const),
    policy_number: a.policyNumber,
    entity_id: a.entityId,
    state_code: a.stateCode,
    species: a.species,
    event_code: a.eventCode,
    business_type: a.businessType,
    premium_cents: a.premiumCents,
  };
}

// Fills premium_adjustments from the pet and renters policy logs as they stand.
export async function fillPremiumAdjustments(trx: Trx): Promise<number> {
  let events = 0;
  for (const streamType of [POLICY_STREAM, RENTERS_POLICY_STREAM])
    events += await replayInBulk(
      trx,
      streamType,
      (streams) =>
        insertRows(trx, 'premium_adjustments', streams.flatMap(adjustmentsOfStream).map(adjustmentRow)),
      READ_TYPES,
    );
  return events;
}
