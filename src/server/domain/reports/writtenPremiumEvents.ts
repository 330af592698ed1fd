import { businessDate } from '../../../calendar';
import type { CommissionableEvent } from '../commission/statementLines';
import type { BusinessType, CommissionSpecies } from '../moneyRules/commissionRates';
import type { PolicyCancelled, PolicyIssued } from '../policies/policyEvents';
import { RENTERS_POLICY_STREAM, type RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';
import type { PolicyLogEvent } from './policyLogStreams';

// The policy events that earn or take back commission (docs/commission.md "Statement generation"), read from
// the pet and renters policy logs into the facts commission pays on (the premium_adjustments rows, which
// commission reads knowing no line). The chargeback is returned written premium, not the refund, so a
// statement's chargeback equals what the net written premium report subtracts.

export const COMMISSIONABLE_TYPES = [
  'policy.issued',
  'policy.cancelled',
  'renters.policyIssued',
  'renters.cancelled',
  'renters.reinstated',
  'renters.renewed',
  'policy.reinstated',
  'policy.renewed',
] as const;

const cents = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

function petEvents(stream: readonly PolicyLogEvent[]): CommissionableEvent[] {
  const issued = stream.find((e) => e.type === 'policy.issued');
  if (!issued) return [];
  const policy = issued.data as unknown as PolicyIssued;
  const base = {
    policyNumber: policy.policyNumber,
    entityId: policy.entityId,
    stateCode: policy.state,
    species: (String(policy.pet.species).toUpperCase() === 'CAT' ? 'CAT' : 'DOG') as CommissionSpecies,
  };
  // The first term is new business, every term after a renewal renewal business (docs/policy-dates.md).
  let businessType: BusinessType = 'NEW';
  // The last cancellation, which a reinstatement undoes.
  let cancellation: CommissionableEvent | null = null;
  return stream.flatMap((event): CommissionableEvent[] => {
    if (event.type === 'policy.renewed') businessType = 'RENEWAL';
    const common = {
      ...base,
      businessType,
      eventId: Number(event.position),
      on: businessDate(event.recordedAt),
    };
    if (event.type === 'policy.issued')
      return [{ ...common, eventCode: 'NB', premiumCents: policy.premiumCents }];
    if (event.type === 'policy.renewed')
      return [{ ...common, eventCode: 'RN', premiumCents: cents(event.data.annualPremiumCents) }];
    if (event.type === 'policy.cancelled') {
      const c = event.data as unknown as PolicyCancelled;
      cancellation = {
        ...common,
        eventCode: c.flatCancel ? 'FC' : 'CN',
        premiumCents: -(cents(c.annualPremiumCents) - cents(c.earnedPremiumCents)),
      };
      return [cancellation];
    }
    if (event.type === 'policy.reinstated' && cancellation) {
      const undone: CommissionableEvent = cancellation;
      cancellation = null;
      return [
        {
          ...common,
          eventCode: 'RI',
          premiumCents: -undone.premiumCents,
          reverses: { eventCode: undone.eventCode, on: undone.on },
        },
      ];
    }
    return [];
  });
}

function rentersEvents(stream: readonly PolicyLogEvent[]): CommissionableEvent[] {
  const issued = stream.find((e) => e.type === 'renters.policyIssued');
  if (!issued) return [];
  const policy = issued.data as unknown as RentersPolicyIssued;
  const base = {
    policyNumber: policy.policyNumber,
    entityId: policy.entityId,
    stateCode: policy.propertyAddress.state,
    species: 'RENTERS' as CommissionSpecies,
  };
  let businessType: BusinessType = 'NEW';
  // What the last cancellation returned and under which business type: a reinstatement gives it back.
  let lastCancellation: {
    premiumCents: number;
    businessType: BusinessType;
    reverses?: { eventCode: string; on: string };
  } = {
    premiumCents: 0,
    businessType,
  };
  // The premium written for the term in force: a cancellation takes back what its cover did not earn.
  let termPremiumCents = policy.termPremiumCents;
  const out: CommissionableEvent[] = [];
  for (const event of stream) {
    const common = { ...base, eventId: Number(event.position), on: businessDate(event.recordedAt) };
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
        termPremiumCents = cents(data.termPremiumCents);
        out.push({ ...common, businessType, eventCode: 'RN', premiumCents: termPremiumCents });
        break;
      case 'renters.cancelled': {
        const returned = rentersPremiumReturned(termPremiumCents, data);
        const eventCode = data.method === 'FLAT' ? 'FC' : 'CN';
        lastCancellation = { premiumCents: returned, businessType, reverses: { eventCode, on: common.on } };
        out.push({ ...common, businessType, eventCode, premiumCents: -returned });
        break;
      }
      case 'renters.reinstated':
        out.push({
          ...common,
          businessType: lastCancellation.businessType,
          eventCode: 'RI',
          premiumCents: lastCancellation.premiumCents,
          ...(lastCancellation.reverses && { reverses: lastCancellation.reverses }),
        });
        break;
    }
  }
  return out;
}

// The written premium a renters cancellation takes back: the term's premium less what its cover earned, as for a
// pet (docs/commission.md). Cancellations recorded before this rule carry in `premiumReturnedCents` the premium
// part of the refund only, so the figure is worked out again from the cancellation's earned premium, which
// every one of them records.
function rentersPremiumReturned(termPremiumCents: number, data: Record<string, unknown>): number {
  if (data.method === 'FLAT') return termPremiumCents;
  if (typeof data.earnedPremiumCents === 'number') return termPremiumCents - data.earnedPremiumCents;
  return cents(data.premiumReturnedCents);
}

// Every commissionable event of one policy's stream (its events in version order).
export function commissionableEventsOfStream(stream: readonly PolicyLogEvent[]): CommissionableEvent[] {
  const first = stream[0];
  if (!first) return [];
  return first.streamType === RENTERS_POLICY_STREAM ? rentersEvents(stream) : petEvents(stream);
}
