import { businessDate } from '../../../calendar';
import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { COMMISSIONABLE_TYPES, commissionableEventsOfStream } from './writtenPremiumEvents';
import type { BusinessType, CommissionSpecies } from '../moneyRules/commissionRates';
import type { CommissionableEvent } from '../commission/statementLines';
import type { PolicyLogEvent } from './policyLogStreams';
import { soldWith, type SaleAttribution } from './saleAttribution';

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
        on: businessDate(event.recordedAt),
        premiumCents: 0,
      });
    }
  }
  return out;
}

export interface AdjustmentWindow {
  // YYYY-MM-DD, both inclusive, business days.
  fromDay: string;
  toDay: string;
  stateCode?: string;
  // Policies of this entity and the entities beneath it (an entity's path is a prefix of its descendants').
  entityPath?: string;
  // Only sales bought on a quote with this attribution (docs/reports.md "Attribution").
  attribution?: SaleAttribution;
}

// The adjustments of one business day with the same code, business type and line, summed: what the report and
// the dashboard add up, so they read a few rows per day instead of every adjustment.
export interface AdjustmentGroup {
  on: string;
  eventCode: string;
  businessType: BusinessType;
  line: PolicyLine;
  count: number;
  premiumCents: number;
  // The positive and the negative adjustments' premium apart (premiumCents is their sum).
  writtenCents: number;
  returnedCents: number;
}

export function adjustmentsIn(db: Db, window: AdjustmentWindow) {
  let query = db
    .selectFrom('premium_adjustments as a')
    .where('a.on', '>=', sql<Date>`${window.fromDay}::date`)
    .where('a.on', '<=', sql<Date>`${window.toDay}::date`);
  if (window.stateCode !== undefined) query = query.where('a.state_code', '=', window.stateCode);
  if (window.entityPath !== undefined)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('entities as e')
          .select('e.id')
          .whereRef('e.id', '=', 'a.entity_id')
          .where('e.path', 'like', `${window.entityPath}%`),
      ),
    );
  const attribution = soldWith(window.attribution);
  if (attribution) query = query.where(attribution);
  return query;
}

const utcDayText = sql<string>`to_char(a."on", 'YYYY-MM-DD')`;

// The period's adjustments summed per day, code, business type and line.
export async function adjustmentGroupsBetween(db: Db, window: AdjustmentWindow): Promise<AdjustmentGroup[]> {
  const rows = await adjustmentsIn(db, window)
    .select([
      utcDayText.as('on'),
      'a.event_code',
      'a.business_type',
      'a.line',
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(a.premium_cents), 0)`.as('premium'),
      sql<string>`coalesce(sum(greatest(a.premium_cents, 0)), 0)`.as('written'),
      sql<string>`coalesce(sum(least(a.premium_cents, 0)), 0)`.as('returned'),
    ])
    .groupBy(['a.on', 'a.event_code', 'a.business_type', 'a.line'])
    .execute();
  return rows.map((row) => ({
    on: row.on,
    eventCode: row.event_code,
    businessType: row.business_type,
    line: row.line,
    count: Number(row.count),
    premiumCents: Number(row.premium),
    writtenCents: Number(row.written),
    returnedCents: Number(row.returned),
  }));
}

// The same sums over adjustments in hand (one group per adjustment): what a reader of the log would get.
export const groupOf = (a: PremiumAdjustment): AdjustmentGroup => ({
  on: a.on,
  eventCode: a.eventCode,
  businessType: a.businessType,
  line: a.line,
  count: 1,
  premiumCents: a.premiumCents,
  writtenCents: Math.max(a.premiumCents, 0),
  returnedCents: Math.min(a.premiumCents, 0),
});

export async function countAdjustmentsBetween(db: Db, window: AdjustmentWindow): Promise<number> {
  const row = await adjustmentsIn(db, window)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const BATCH = 5_000;

interface AdjustmentRow {
  event_id: string | number;
  on_day: string;
  line: PolicyLine;
  policy_number: string;
  entity_id: number;
  state_code: string;
  species: string;
  event_code: string;
  business_type: BusinessType;
  premium_cents: number;
}

// The adjustments recorded on fromDay..toDay (business days), by day, then in the order they were recorded, a batch at
// a time (an export of a year holds hundreds of thousands).
export async function* premiumAdjustmentBatches(
  db: Db,
  window: AdjustmentWindow,
): AsyncGenerator<PremiumAdjustment[]> {
  let after: { on: string; eventId: number } | null = null;
  for (;;) {
    const from: { on: string; eventId: number } | null = after;
    const rows: AdjustmentRow[] = await adjustmentsIn(db, window)
      .select([
        'a.event_id',
        utcDayText.as('on_day'),
        'a.line',
        'a.policy_number',
        'a.entity_id',
        'a.state_code',
        'a.species',
        'a.event_code',
        'a.business_type',
        'a.premium_cents',
      ])
      .$if(from !== null, (q) =>
        q.where(sql<boolean>`(a."on", a.event_id) > (${from!.on}::date, ${from!.eventId})`),
      )
      .orderBy('a.on')
      .orderBy('a.event_id')
      .limit(BATCH)
      .execute();
    const batch: PremiumAdjustment[] = rows.map((row): PremiumAdjustment => ({
      eventId: Number(row.event_id),
      on: row.on_day,
      line: row.line,
      policyNumber: row.policy_number,
      entityId: row.entity_id,
      stateCode: row.state_code,
      species: row.species as CommissionSpecies,
      eventCode: row.event_code,
      businessType: row.business_type,
      premiumCents: row.premium_cents,
    }));
    if (batch.length > 0) yield batch;
    if (rows.length < BATCH) return;
    const last: PremiumAdjustment = batch.at(-1)!;
    after = { on: last.on, eventId: last.eventId };
  }
}

// Every adjustment of the period, in that order.
export async function premiumAdjustmentsBetween(
  db: Db,
  window: AdjustmentWindow,
): Promise<PremiumAdjustment[]> {
  const out: PremiumAdjustment[] = [];
  for await (const batch of premiumAdjustmentBatches(db, window)) out.push(...batch);
  return out;
}
