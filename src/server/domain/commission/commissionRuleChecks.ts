import { Invalid } from '../domainErrors';
import type { Trx } from '../../store/eventStore';
import { US_STATES } from '../usStates';
import { overlappingRules, type RateRule } from '../moneyRules/commissionRates';
import { entityRules } from './commissionRuleQueries';

// What makes a rule savable beyond its shape: known states and event code, an amount in range, and no
// overlap with the entity's other rules. Errors name the request's fields (`data.…`), as a 422 does.
const STATE_CODES = new Set(US_STATES.map(([code]) => code));
const MAX_BASIS_POINTS = 10_000;
const MAX_FLAT_CENTS = 1_000_000;

type Errors = Record<string, string[]>;

// What a rule is checked against: the enabled event types and the entity's saved rules.
export interface RuleContext {
  eventTypes: ReadonlyMap<string, { allow_new_business: boolean; allow_renewal: boolean }>;
  rules: RateRule[];
}

export async function loadRuleContext(trx: Trx, entityId: number): Promise<RuleContext> {
  const events = await trx
    .selectFrom('event_types')
    .select(['code', 'allow_new_business', 'allow_renewal'])
    .where('is_enabled', '=', true)
    .execute();
  return {
    eventTypes: new Map(events.map((e) => [e.code, e])),
    rules: await entityRules(trx, entityId),
  };
}

const period = (rule: RateRule) => `${rule.effectiveDate} – ${rule.expirationDate ?? 'open'}`;

// "Overlaps rule 12 (TX, NB, any species, 2026-01-01 – open)": the states in common, so the user sees why.
export function overlapMessage(candidate: RateRule, other: RateRule): string {
  const states = other.stateCodes.filter((code) => candidate.stateCodes.includes(code)).join('/');
  const species = other.species ?? 'any species';
  return `Overlaps rule ${other.id} (${states}, ${other.eventCode}, ${species}, ${period(other)}).`;
}

export async function overlapsOf(trx: Trx, candidate: RateRule): Promise<RateRule[]> {
  return overlappingRules(await entityRules(trx, candidate.entityId), candidate);
}

// The refusals of a new or edited rule, by request field; the overlap check only once the rule is
// otherwise sound, so its message is not mixed with input mistakes.
export function ruleErrors(rule: RateRule, context: RuleContext): Errors {
  const errors: Errors = {};
  const unknown = rule.stateCodes.filter((code) => !STATE_CODES.has(code));
  if (unknown.length) errors['data.state_codes'] = [`Unknown state: ${unknown.join(', ')}.`];
  const event = context.eventTypes.get(rule.eventCode);
  if (!event) {
    errors['data.event_code'] = ['The selected event code is invalid.'];
  } else if (rule.businessType === 'NEW' ? !event.allow_new_business : !event.allow_renewal) {
    const kind = rule.businessType === 'NEW' ? 'new business' : 'renewals';
    errors['data.event_code'] = [`Event ${rule.eventCode} does not apply to ${kind}.`];
  }
  const max = rule.calculationType === 'PERCENT' ? MAX_BASIS_POINTS : MAX_FLAT_CENTS;
  if (rule.payMultiplier < 0 || rule.payMultiplier > max) {
    errors['data.pay_multiplier'] = [
      rule.calculationType === 'PERCENT'
        ? 'A percent must be between 0 and 100.'
        : 'A flat amount must be between $0 and $10,000.',
    ];
  }
  if (rule.expirationDate !== null && rule.expirationDate <= rule.effectiveDate) {
    errors['data.expiration_date'] = ['The expiration date must be after the effective date.'];
  }
  if (Object.keys(errors).length === 0) {
    const overlaps = overlappingRules(context.rules, rule);
    if (overlaps.length) errors['data.effective_date'] = overlaps.map((o) => overlapMessage(rule, o));
  }
  return errors;
}

// Checks a new or edited rule; the caller holds the entity's lock (lockEntityRules), so the overlap check
// sees every rule committed before it and none can land beside it until it commits.
export async function checkRule(trx: Trx, rule: RateRule): Promise<void> {
  const errors = ruleErrors(rule, await loadRuleContext(trx, rule.entityId));
  if (Object.keys(errors).length) throw new Invalid(errors);
}

// Serialises the rule writes of one entity: two requests creating overlapping rules at once cannot both
// pass the overlap check, the second waits for the first and then sees its rule.
export async function lockEntityRules(trx: Trx, entityId: number): Promise<void> {
  await trx.selectFrom('entities').select('id').where('id', '=', entityId).forUpdate().execute();
}
