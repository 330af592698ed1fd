import { businessDate } from '../../../calendar';
import { sql } from 'kysely';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import { type PolicyCancelled, type PolicyIssued } from '../policies/policyEvents';
import { RENTERS_POLICY_STREAM, type RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';
import type { BusinessType, CommissionSpecies } from '../moneyRules/commissionRates';
import type { PolicyLogEvent } from '../reports/policyLogStreams';
import type { CommissionableEvent } from './statementLines';

// The policy events that earn or take back commission (docs/commission.md "Statement generation"), read from
// the pet and renters policy logs. The chargeback is returned written premium, not the refund, so a
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

export type { PolicyLogEvent };

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

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

// The commissionable events recorded in `month` (business days), of one entity or of the entities of a scope (all when
// neither is given), in log order: the premium adjustments (premiumAdjustmentProjection.ts) other than
// endorsements, which earn nothing.
export async function commissionableEventsOfMonth(
  db: Db,
  month: string,
  of: { entityId?: number; scope?: EntityScope } = {},
): Promise<CommissionableEvent[]> {
  const { entityId, scope } = of;
  let query = db
    .selectFrom('premium_adjustments')
    .select([
      'event_id',
      sql<string>`to_char("on", 'YYYY-MM-DD')`.as('on_day'),
      'policy_number',
      'entity_id',
      'state_code',
      'species',
      'event_code',
      'business_type',
      'premium_cents',
    ])
    .where('on', '>=', sql<Date>`${`${month}-01`}::date`)
    .where('on', '<', sql<Date>`${`${nextMonth(month)}-01`}::date`)
    .where('event_code', '<>', 'EN')
    .orderBy('event_id');
  if (entityId !== undefined) query = query.where('entity_id', '=', entityId);
  if (scope?.kind === 'subtree') {
    const path = `${scope.path}%`;
    query = query.where('entity_id', 'in', (eb) =>
      eb.selectFrom('entities').select('id').where('path', 'like', path),
    );
  }
  const rows = await query.execute();
  const reversed = await cancellationsReinstated(db, rows);
  return rows.map((row) => ({
    ...(reversed.has(Number(row.event_id)) && { reverses: reversed.get(Number(row.event_id)) }),
    eventId: Number(row.event_id),
    policyNumber: row.policy_number,
    entityId: row.entity_id,
    eventCode: row.event_code,
    businessType: row.business_type,
    stateCode: row.state_code,
    species: row.species as CommissionSpecies,
    on: row.on_day,
    premiumCents: row.premium_cents,
  }));
}

// For each reinstatement (RI) row, the cancellation (CN or FC) of its policy it undoes: the last one before
// it, from any month, so its line can give back exactly what the cancellation's line took (statementLines.ts).
async function cancellationsReinstated(
  db: Db,
  rows: readonly { event_id: number | string; policy_number: string; event_code: string }[],
): Promise<Map<number, { eventCode: string; on: string }>> {
  const reinstatements = rows.filter((row) => row.event_code === 'RI');
  const found = new Map<number, { eventCode: string; on: string }>();
  if (reinstatements.length === 0) return found;
  const cancellations = await db
    .selectFrom('premium_adjustments')
    .select([
      'event_id',
      'policy_number',
      'event_code',
      sql<string>`to_char("on", 'YYYY-MM-DD')`.as('on_day'),
    ])
    .where('policy_number', 'in', [...new Set(reinstatements.map((row) => row.policy_number))])
    .where('event_code', 'in', ['CN', 'FC'])
    .orderBy('event_id')
    .execute();
  for (const ri of reinstatements) {
    const undone = cancellations.findLast(
      (c) => c.policy_number === ri.policy_number && Number(c.event_id) < Number(ri.event_id),
    );
    if (undone) found.set(Number(ri.event_id), { eventCode: undone.event_code, on: undone.on_day });
  }
  return found;
}
