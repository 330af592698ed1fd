// Commission rate rules of an entity (SPEC §3 "Rate/pay rule"; docs/commission.md): pure. Which rule pays an
// event, and whether two rules would both claim the same events (refused when a rule is saved).

export type BusinessType = 'NEW' | 'RENEWAL';
// PERCENT pays `payMultiplier` basis points of the event's premium (1500 = 15%); FLAT pays `payMultiplier`
// cents for each event, taken back (negative) on a chargeback.
export type CalculationType = 'PERCENT' | 'FLAT';
// DOG and CAT for pet policies, RENTERS for the renters line; null: any.
export type CommissionSpecies = 'DOG' | 'CAT' | 'RENTERS';

export interface RateRule {
  id: number;
  entityId: number;
  businessType: BusinessType;
  calculationType: CalculationType;
  // An adjustment event code (SPEC §3 "Adjustment event": NB, RN, EN, CN, FC, RI, RW).
  eventCode: string;
  // The states the rule applies in; never empty.
  stateCodes: readonly string[];
  species: CommissionSpecies | null;
  payMultiplier: number;
  // YYYY-MM-DD; the rule is in force from its effective date up to, not including, its expiration date.
  effectiveDate: string;
  expirationDate: string | null;
}

// What a rule is matched on, taken from one policy event.
export interface RuleKey {
  entityId: number;
  businessType: BusinessType;
  eventCode: string;
  stateCode: string;
  species: CommissionSpecies;
  // YYYY-MM-DD: the event's day.
  on: string;
}

const inForce = (rule: Pick<RateRule, 'effectiveDate' | 'expirationDate'>, day: string) =>
  rule.effectiveDate <= day && (rule.expirationDate === null || day < rule.expirationDate);

function matches(rule: RateRule, key: RuleKey): boolean {
  return (
    rule.entityId === key.entityId &&
    rule.businessType === key.businessType &&
    rule.eventCode === key.eventCode &&
    rule.stateCodes.includes(key.stateCode) &&
    (rule.species === null || rule.species === key.species) &&
    inForce(rule, key.on)
  );
}

// The rule that pays an event: one naming the species wins over one for any species. Overlaps are refused on
// save, so there is at most one of each; null when no rule is in force (the line says so and pays nothing).
export function ruleFor(rules: readonly RateRule[], key: RuleKey): RateRule | null {
  const candidates = rules.filter((rule) => matches(rule, key));
  return candidates.find((rule) => rule.species !== null) ?? candidates[0] ?? null;
}

const periodsOverlap = (a: RateRule, b: RateRule) =>
  (b.expirationDate === null || a.effectiveDate < b.expirationDate) &&
  (a.expirationDate === null || b.effectiveDate < a.expirationDate);

// The saved rules a new or edited rule would overlap: same entity, business type, event code and species,
// a state in common, and periods that meet. The rule itself (same id) is not its own overlap.
export function overlappingRules(rules: readonly RateRule[], candidate: RateRule): RateRule[] {
  return rules.filter(
    (rule) =>
      rule.id !== candidate.id &&
      rule.entityId === candidate.entityId &&
      rule.businessType === candidate.businessType &&
      rule.eventCode === candidate.eventCode &&
      rule.species === candidate.species &&
      rule.stateCodes.some((state) => candidate.stateCodes.includes(state)) &&
      periodsOverlap(rule, candidate),
  );
}

// The commission a rule pays on a premium in cents (negative premium: a chargeback). Percent amounts are
// rounded half away from zero, so a chargeback takes back exactly what the same premium paid.
export function commissionCents(
  rule: Pick<RateRule, 'calculationType' | 'payMultiplier'>,
  premiumCents: number,
) {
  if (rule.calculationType === 'FLAT') return Math.sign(premiumCents) * rule.payMultiplier;
  const magnitude = Math.floor((Math.abs(premiumCents) * rule.payMultiplier * 2 + 10_000) / 20_000);
  return premiumCents < 0 ? -magnitude : magnitude;
}
