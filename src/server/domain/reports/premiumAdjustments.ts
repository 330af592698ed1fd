import type { Db } from '../../store/db';
import {
  COMMISSIONABLE_FIELDS,
  COMMISSIONABLE_TYPES,
  commissionableEventsOfStream,
} from '../commission/commissionableEvents';
import type { BusinessType } from '../commission/commissionRules';
import type { CommissionableEvent } from '../commission/statementLines';
import { readPolicyStreams, utcDayWindow, type PolicyLogEvent } from './policyLogStreams';

// The adjustment events of SPEC §3 that make up written premium, read from the pet and renters policy logs
// (docs/reports.md "Net written premium"): issue (NB, or RW for a rewrite), renewal (RN), cancellation (CN pro
// rata, FC flat, returning written premium), reinstatement (RI, giving back what the cancellation returned)
// and endorsement (EN: a change of the named insured, the insured address or the additional insureds,
// which no rating in this product reprices, so it counts with no premium). Issue, renewal, cancellation and
// reinstatement are exactly the events commission statements pay on, so the report and the statements agree.

export const ENDORSEMENT_TYPES = [
  'policy.policyholderChanged',
  'renters.addressChanged',
  'renters.additionalInsuredAdded',
  'renters.additionalInsuredRemoved',
] as const;

export const ADJUSTMENT_TYPES: readonly string[] = [...COMMISSIONABLE_TYPES, ...ENDORSEMENT_TYPES];

export type PolicyLine = 'PET' | 'RENTERS';

export interface PremiumAdjustment extends CommissionableEvent {
  line: PolicyLine;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const lineOf = (event: CommissionableEvent): PolicyLine => (event.species === 'RENTERS' ? 'RENTERS' : 'PET');

// Every adjustment of one policy's stream, in log order. An endorsement takes its policy's details from the
// issue and the business type of the term it falls in.
export function adjustmentsOfStream(stream: readonly PolicyLogEvent[]): PremiumAdjustment[] {
  const written = commissionableEventsOfStream(stream);
  const issue = written[0];
  if (!issue) return [];
  const byId = new Map(written.map((event) => [event.eventId, event]));
  const out: PremiumAdjustment[] = [];
  let businessType: BusinessType = issue.businessType;
  for (const event of stream) {
    const eventId = Number(event.position);
    const adjustment = byId.get(eventId);
    if (adjustment) {
      if (adjustment.eventCode === 'RN') businessType = 'RENEWAL';
      out.push({ ...adjustment, line: lineOf(adjustment) });
    } else if ((ENDORSEMENT_TYPES as readonly string[]).includes(event.type)) {
      out.push({
        ...issue,
        line: lineOf(issue),
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

export interface AdjustmentWindow {
  // YYYY-MM-DD, both inclusive, UTC days.
  fromDay: string;
  toDay: string;
  stateCode?: string;
  // Policies of this entity and the entities beneath it (an entity's path is a prefix of its descendants').
  entityPath?: string;
}

// The adjustments recorded on fromDay..toDay (UTC), by day, then in the order they were recorded.
export async function premiumAdjustmentsBetween(
  db: Db,
  window: AdjustmentWindow,
): Promise<PremiumAdjustment[]> {
  const streams = await readPolicyStreams(db, {
    types: ADJUSTMENT_TYPES,
    ...utcDayWindow(window.fromDay, window.toDay),
    entityPath: window.entityPath,
    fields: COMMISSIONABLE_FIELDS,
  });
  return streams
    .flatMap(adjustmentsOfStream)
    .filter(
      (a) =>
        a.on >= window.fromDay &&
        a.on <= window.toDay &&
        (window.stateCode === undefined || a.stateCode === window.stateCode),
    )
    .sort((a, b) => a.on.localeCompare(b.on) || a.eventId - b.eventId);
}
