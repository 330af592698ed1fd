import { describe, expect, it } from 'vitest';
import {
  overlapMessage,
  ruleErrors,
  type RuleContext,
} from '../../src/server/domain/commission/commissionRuleChecks';
import {
  commissionCents,
  overlappingRules,
  ruleFor,
  type RateRule,
  type RuleKey,
} from '../../src/server/domain/moneyRules/commissionRates';

// Which commission rule pays an event, which rules may not be saved side by side, and what a rule pays
// (docs/commission.md).

const rule = (over: Partial<RateRule> = {}): RateRule => ({
  id: 1,
  entityId: 7,
  businessType: 'NEW',
  calculationType: 'PERCENT',
  eventCode: 'NB',
  stateCodes: ['TX'],
  species: null,
  payMultiplier: 1_500,
  effectiveDate: '2026-01-01',
  expirationDate: null,
  ...over,
});

const event: RuleKey = {
  entityId: 7,
  businessType: 'NEW',
  eventCode: 'NB',
  stateCode: 'TX',
  species: 'DOG',
  on: '2026-06-15',
};

describe('the rule that pays an event', () => {
  it('is in force from its effective date: an event that day is paid, one the day before is not', () => {
    const r = rule({ effectiveDate: '2026-06-15' });
    expect(ruleFor([r], event)).toBe(r);
    expect(ruleFor([r], { ...event, on: '2026-06-14' })).toBeNull();
  });

  it('a rule that expired the day before the event does not apply', () => {
    const r = rule({ expirationDate: '2026-06-14' });
    expect(ruleFor([r], event)).toBeNull();
  });

  it('a rule expiring on the event day does not apply; one expiring the day after does', () => {
    expect(ruleFor([rule({ expirationDate: '2026-06-15' })], event)).toBeNull();
    const r = rule({ expirationDate: '2026-06-16' });
    expect(ruleFor([r], event)).toBe(r);
  });

  it('a rule without an expiration date stays in force', () => {
    const r = rule();
    expect(ruleFor([r], { ...event, on: '2099-12-31' })).toBe(r);
  });

  it('of two rules that differ only by event code, the one for the event code pays', () => {
    const nb = rule({ id: 1, eventCode: 'NB', payMultiplier: 1_500 });
    const en = rule({ id: 2, eventCode: 'EN', payMultiplier: 500 });
    expect(ruleFor([en, nb], event)).toBe(nb);
    expect(ruleFor([nb, en], { ...event, eventCode: 'EN' })).toBe(en);
    expect(ruleFor([nb, en], { ...event, eventCode: 'CN' })).toBeNull();
  });

  it('of two rules that differ only by business type, the one for the business type pays', () => {
    const fresh = rule({ id: 1, businessType: 'NEW' });
    const renewal = rule({ id: 2, businessType: 'RENEWAL' });
    expect(ruleFor([renewal, fresh], event)).toBe(fresh);
    expect(ruleFor([fresh, renewal], { ...event, businessType: 'RENEWAL' })).toBe(renewal);
  });

  it("is the event's entity's: another entity's rule pays nothing", () => {
    expect(ruleFor([rule({ entityId: 8 })], event)).toBeNull();
  });

  it('applies in each of its states and in no other', () => {
    const r = rule({ stateCodes: ['OK', 'TX'] });
    expect(ruleFor([r], event)).toBe(r);
    expect(ruleFor([r], { ...event, stateCode: 'OK' })).toBe(r);
    expect(ruleFor([r], { ...event, stateCode: 'KS' })).toBeNull();
  });

  it('names a species to pay that species only; one naming the species wins over one for any species', () => {
    const any = rule({ id: 1, species: null });
    const dogs = rule({ id: 2, species: 'DOG' });
    expect(ruleFor([any, dogs], event)).toBe(dogs);
    expect(ruleFor([dogs, any], event)).toBe(dogs);
    expect(ruleFor([any, dogs], { ...event, species: 'CAT' })).toBe(any);
    expect(ruleFor([dogs], { ...event, species: 'CAT' })).toBeNull();
  });
});

describe('rules that may not be saved side by side', () => {
  const saved = rule({
    id: 1,
    stateCodes: ['TX', 'OK'],
    effectiveDate: '2026-01-01',
    expirationDate: '2027-01-01',
  });
  const overlaps = (candidate: Partial<RateRule>) =>
    overlappingRules([saved], rule({ id: 2, ...candidate })).map((r) => r.id);

  it('a rule sharing only some of its states with a saved rule in the same period overlaps it', () => {
    expect(overlaps({ stateCodes: ['OK', 'KS'] })).toEqual([1]);
    expect(overlaps({ stateCodes: ['KS', 'NE'] })).toEqual([]);
  });

  it('rules that differ by entity, business type, event code or species do not overlap', () => {
    expect(overlaps({ entityId: 8 })).toEqual([]);
    expect(overlaps({ businessType: 'RENEWAL' })).toEqual([]);
    expect(overlaps({ eventCode: 'EN' })).toEqual([]);
    expect(overlaps({ species: 'CAT' })).toEqual([]);
  });

  it('a rule is not its own overlap when it is edited', () => {
    expect(overlappingRules([saved], { ...saved, payMultiplier: 900 })).toEqual([]);
  });

  it('a rule starting on the day a saved rule expires follows it; a day earlier overlaps it', () => {
    expect(overlaps({ effectiveDate: '2027-01-01' })).toEqual([]);
    expect(overlaps({ effectiveDate: '2026-12-31' })).toEqual([1]);
  });

  it('a rule expiring on the day a saved rule starts precedes it; a day later overlaps it', () => {
    expect(overlaps({ effectiveDate: '2025-01-01', expirationDate: '2026-01-01' })).toEqual([]);
    expect(overlaps({ effectiveDate: '2025-01-01', expirationDate: '2026-01-02' })).toEqual([1]);
  });

  it('an open-ended rule overlaps every saved rule that has not expired by its start', () => {
    expect(overlaps({ effectiveDate: '2026-06-01', expirationDate: null })).toEqual([1]);
    const open = rule({ id: 3, stateCodes: ['TX'], effectiveDate: '2026-01-01', expirationDate: null });
    expect(
      overlappingRules([open], rule({ id: 4, effectiveDate: '2030-01-01', expirationDate: '2031-01-01' })),
    ).toEqual([open]);
  });

  it('says which rule is overlapped, in which of the states, on which event, species and period', () => {
    expect(overlapMessage(rule({ stateCodes: ['OK', 'KS'] }), saved)).toBe(
      'Overlaps rule 1 (OK, NB, any species, 2026-01-01 – 2027-01-01).',
    );
    const open = rule({ id: 5, stateCodes: ['TX', 'OK'], species: 'CAT' });
    expect(overlapMessage(rule({ stateCodes: ['OK', 'TX'] }), open)).toBe(
      'Overlaps rule 5 (TX/OK, NB, CAT, 2026-01-01 – open).',
    );
  });
});

describe('what a rule pays', () => {
  it('a percent rule pays its basis points of the premium, rounded half away from zero', () => {
    expect(commissionCents(rule({ payMultiplier: 1_500 }), 60_000)).toBe(9_000);
    expect(commissionCents(rule({ payMultiplier: 1_500 }), 10)).toBe(2); // 1.5
    expect(commissionCents(rule({ payMultiplier: 1_500 }), 9)).toBe(1); // 1.35
    expect(commissionCents(rule({ payMultiplier: 1_500 }), -10)).toBe(-2);
    expect(commissionCents(rule({ payMultiplier: 1_500 }), -9)).toBe(-1);
  });

  it('a percent rule pays nothing, not a negative nothing, on no premium', () => {
    expect(commissionCents(rule({ payMultiplier: 1_500 }), 0)).toBe(0);
  });

  it('a flat rule pays its amount per event, takes it back on a chargeback, and nothing on no premium', () => {
    const flat = rule({ calculationType: 'FLAT', payMultiplier: 2_500 });
    expect(commissionCents(flat, 60_000)).toBe(2_500);
    expect(commissionCents(flat, -60_000)).toBe(-2_500);
    expect(commissionCents(flat, 0)).toBe(0);
  });
});

describe('a rule that may be saved', () => {
  const context: RuleContext = {
    eventTypes: new Map([
      ['NB', { allow_new_business: true, allow_renewal: false }],
      ['RN', { allow_new_business: false, allow_renewal: true }],
    ]),
    rules: [],
  };

  it('is sound as it stands', () => {
    expect(ruleErrors(rule(), context)).toEqual({});
  });

  it('names only states that exist', () => {
    expect(ruleErrors(rule({ stateCodes: ['TX', 'XX', 'YY'] }), context)).toEqual({
      'data.state_codes': ['Unknown state: XX, YY.'],
    });
  });

  it('names an enabled event code that applies to its business type', () => {
    expect(ruleErrors(rule({ eventCode: 'ZZ' }), context)).toEqual({
      'data.event_code': ['The selected event code is invalid.'],
    });
    expect(ruleErrors(rule({ eventCode: 'RN' }), context)).toEqual({
      'data.event_code': ['Event RN does not apply to new business.'],
    });
    expect(ruleErrors(rule({ eventCode: 'NB', businessType: 'RENEWAL' }), context)).toEqual({
      'data.event_code': ['Event NB does not apply to renewals.'],
    });
    expect(ruleErrors(rule({ eventCode: 'RN', businessType: 'RENEWAL' }), context)).toEqual({});
  });

  it('pays a percent from 0 to 100', () => {
    const percent = 'A percent must be between 0 and 100.';
    expect(ruleErrors(rule({ payMultiplier: 0 }), context)).toEqual({});
    expect(ruleErrors(rule({ payMultiplier: 10_000 }), context)).toEqual({});
    expect(ruleErrors(rule({ payMultiplier: 10_001 }), context)).toEqual({
      'data.pay_multiplier': [percent],
    });
    expect(ruleErrors(rule({ payMultiplier: -1 }), context)).toEqual({ 'data.pay_multiplier': [percent] });
  });

  it('pays a flat amount from $0 to $10,000', () => {
    const flat = (payMultiplier: number) => rule({ calculationType: 'FLAT', payMultiplier });
    const message = { 'data.pay_multiplier': ['A flat amount must be between $0 and $10,000.'] };
    expect(ruleErrors(flat(1_000_000), context)).toEqual({});
    expect(ruleErrors(flat(0), context)).toEqual({});
    expect(ruleErrors(flat(1_000_001), context)).toEqual(message);
    expect(ruleErrors(flat(-1), context)).toEqual(message);
  });

  it('expires after it takes effect, not on the same day', () => {
    const message = { 'data.expiration_date': ['The expiration date must be after the effective date.'] };
    expect(ruleErrors(rule({ expirationDate: '2026-01-01' }), context)).toEqual(message);
    expect(ruleErrors(rule({ expirationDate: '2025-12-31' }), context)).toEqual(message);
    expect(ruleErrors(rule({ expirationDate: '2026-01-02' }), context)).toEqual({});
  });

  it('overlaps no saved rule, which is said only once the rule is otherwise sound', () => {
    const saved = rule({ id: 9 });
    const withSaved = { ...context, rules: [saved] };
    expect(ruleErrors(rule({ id: 10 }), withSaved)).toEqual({
      'data.effective_date': ['Overlaps rule 9 (TX, NB, any species, 2026-01-01 – open).'],
    });
    expect(ruleErrors(rule({ id: 10, payMultiplier: -1 }), withSaved)).toEqual({
      'data.pay_multiplier': ['A percent must be between 0 and 100.'],
    });
  });
});
