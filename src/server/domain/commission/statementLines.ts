import {
  commissionCents,
  ruleFor,
  type BusinessType,
  type CommissionSpecies,
  type RateRule,
} from '../moneyRules/commissionRates';

// The lines and total of one entity's statement for one month (docs/commission.md): pure, whole cents. Every
// line names the policy, the event, the rule and the amount, so a reviewer can see why the total is what it is.

// A policy event that earns or takes back commission, as the policy logs record it.
export interface CommissionableEvent {
  // The event store's id of the event, so a line points at exactly one fact.
  eventId: number;
  policyNumber: string;
  entityId: number;
  // NB new business, RN renewal, RW rewrite, EN endorsement, CN cancellation, FC flat cancellation,
  // RI reinstatement (SPEC §3 "Adjustment event").
  eventCode: string;
  businessType: BusinessType;
  stateCode: string;
  species: CommissionSpecies;
  // YYYY-MM-DD: the business day the event was recorded on, which decides its month and the rules in force.
  on: string;
  // Written premium the event adds (positive) or returns (negative: a cancellation's chargeback).
  premiumCents: number;
  // A reinstatement (RI): the cancellation it undoes, whose chargeback it gives back.
  reverses?: { eventCode: string; on: string };
}

export interface StatementLine {
  eventId: number;
  policyNumber: string;
  eventCode: string;
  on: string;
  premiumCents: number;
  ruleId: number | null;
  amountCents: number;
  // Why the amount is what it is, in words a reviewer reads.
  explanation: string;
}

export interface StatementFigures {
  entityId: number;
  // YYYY-MM.
  month: string;
  lines: StatementLine[];
  amountCents: number;
}

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

function explain(rule: RateRule | null, event: CommissionableEvent, amountCents: number): string {
  if (!rule)
    return `No ${event.eventCode} rule in force for ${event.stateCode} on ${event.on}: nothing paid.`;
  if (rule.calculationType === 'FLAT')
    return `Flat ${dollars(rule.payMultiplier)} per event (rule ${rule.id}).`;
  const percent = (rule.payMultiplier / 100).toFixed(2).replace(/\.?0+$/, '');
  return `${percent}% of ${dollars(event.premiumCents)} = ${dollars(amountCents)} (rule ${rule.id}).`;
}

export const monthOf = (day: string) => day.slice(0, 7);

// A reinstatement gives back exactly what its cancellation's line took back, whatever rules are in force
// now: the cancellation's rule (its code, on its day) paid on the premium the reinstatement restores, which
// is the premium the cancellation returned, so the two lines cancel to the cent (docs/commission.md).
function reinstatementLine(event: CommissionableEvent, rules: readonly RateRule[]) {
  const reverses = event.reverses;
  if (event.eventCode !== 'RI' || !reverses) return null;
  const rule = ruleFor(rules, { ...event, eventCode: reverses.eventCode, on: reverses.on });
  const amountCents = rule ? commissionCents(rule, event.premiumCents) : 0;
  const explanation = rule
    ? `Gives back the ${reverses.eventCode} chargeback of ${reverses.on}: ${dollars(amountCents)} (rule ${rule.id}).`
    : `The ${reverses.eventCode} of ${reverses.on} took nothing back (no rule in force): nothing given back.`;
  return { rule, amountCents, explanation };
}

// The statement of `entityId` for `month` from the events of that entity and month; events of other
// entities or months are not its business and are left out. Lines keep the events' order (by id).
export function statementFigures(
  entityId: number,
  month: string,
  events: readonly CommissionableEvent[],
  rules: readonly RateRule[],
): StatementFigures {
  const lines = events
    .filter((event) => event.entityId === entityId && monthOf(event.on) === month)
    .sort((a, b) => a.eventId - b.eventId)
    .map((event): StatementLine => {
      const reinstated = reinstatementLine(event, rules);
      if (reinstated)
        return {
          eventId: event.eventId,
          policyNumber: event.policyNumber,
          eventCode: event.eventCode,
          on: event.on,
          premiumCents: event.premiumCents,
          ruleId: reinstated.rule?.id ?? null,
          amountCents: reinstated.amountCents,
          explanation: reinstated.explanation,
        };
      const rule = ruleFor(rules, event);
      const amountCents = rule ? commissionCents(rule, event.premiumCents) : 0;
      return {
        eventId: event.eventId,
        policyNumber: event.policyNumber,
        eventCode: event.eventCode,
        on: event.on,
        premiumCents: event.premiumCents,
        ruleId: rule?.id ?? null,
        amountCents,
        explanation: explain(rule, event, amountCents),
      };
    });
  return { entityId, month, lines, amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}
