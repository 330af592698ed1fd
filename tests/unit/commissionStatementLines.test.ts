import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  overlappingRules,
  ruleFor,
  type RateRule,
} from '../../src/server/domain/moneyRules/commissionRates';
import {
  statementFigures,
  type CommissionableEvent,
} from '../../src/server/domain/commission/statementLines';

const AGENCY = 7;

const rule = (overrides: Partial<RateRule> & Pick<RateRule, 'id'>): RateRule => ({
  entityId: AGENCY,
  businessType: 'NEW',
  calculationType: 'PERCENT',
  eventCode: 'NB',
  stateCodes: ['TX'],
  species: null,
  payMultiplier: 1500,
  effectiveDate: '2026-01-01',
  expirationDate: null,
  ...overrides,
});

let nextEvent = 1;
const event = (overrides: Partial<CommissionableEvent>): CommissionableEvent => ({
  eventId: nextEvent++,
  policyNumber: 'PET-TX-00000001',
  entityId: AGENCY,
  eventCode: 'NB',
  businessType: 'NEW',
  stateCode: 'TX',
  species: 'DOG',
  on: '2026-10-05',
  premiumCents: 60_000,
  ...overrides,
});

describe('commission statement lines', () => {
  it('given a 15% new business rule, when a $600.00 policy is sold, then the line pays $90.00 and says why', () => {
    const figures = statementFigures(AGENCY, '2026-10', [event({})], [rule({ id: 1 })]);
    expect(figures.amountCents).toBe(9_000);
    expect(figures.lines[0]).toMatchObject({
      ruleId: 1,
      amountCents: 9_000,
      explanation: '15% of $600.00 = $90.00 (rule 1).',
    });
  });

  it('given a rule that changes mid-month, then each event is paid by the rule in force on its day', () => {
    const rules = [
      rule({ id: 1, expirationDate: '2026-10-15' }),
      rule({ id: 2, payMultiplier: 2000, effectiveDate: '2026-10-15' }),
    ];
    const figures = statementFigures(
      AGENCY,
      '2026-10',
      [event({ on: '2026-10-14' }), event({ on: '2026-10-15' })],
      rules,
    );
    expect(figures.lines.map((l) => [l.ruleId, l.amountCents])).toEqual([
      [1, 9_000],
      [2, 12_000],
    ]);
  });

  it('given rules per state and species, then a species rule wins over any species, and other states are not paid', () => {
    const rules = [rule({ id: 1 }), rule({ id: 2, species: 'CAT', payMultiplier: 2500 })];
    const figures = statementFigures(
      AGENCY,
      '2026-10',
      [event({ species: 'CAT' }), event({ species: 'DOG' }), event({ stateCode: 'CA' })],
      rules,
    );
    expect(figures.lines.map((l) => l.amountCents)).toEqual([15_000, 9_000, 0]);
    expect(figures.lines[2]!.explanation).toBe('No NB rule in force for CA on 2026-10-05: nothing paid.');
    expect(figures.amountCents).toBe(24_000);
  });

  it('given a cancellation chargeback, then it takes back exactly what the same premium paid', () => {
    const rules = [rule({ id: 1 }), rule({ id: 3, eventCode: 'CN' })];
    const sold = event({ premiumCents: 48_517 });
    const chargeback = event({ eventCode: 'CN', premiumCents: -48_517, on: '2026-10-20' });
    const figures = statementFigures(AGENCY, '2026-10', [sold, chargeback], rules);
    // 15% of 485.17 = 72.7755 → 72.78 either way.
    expect(figures.lines.map((l) => l.amountCents)).toEqual([7_278, -7_278]);
    expect(figures.amountCents).toBe(0);
  });

  it('given a flat rule, then each event pays the flat amount and a chargeback takes it back', () => {
    expect(commissionCents({ calculationType: 'FLAT', payMultiplier: 2_500 }, 60_000)).toBe(2_500);
    expect(commissionCents({ calculationType: 'FLAT', payMultiplier: 2_500 }, -10_000)).toBe(-2_500);
  });

  it('given events of other months and entities, then the statement leaves them out', () => {
    const figures = statementFigures(
      AGENCY,
      '2026-10',
      [event({ on: '2026-09-30' }), event({ entityId: 8 }), event({ on: '2026-11-01' })],
      [rule({ id: 1 })],
    );
    expect(figures.lines).toEqual([]);
    expect(figures.amountCents).toBe(0);
  });

  it('refuses overlapping rules for the same key, and allows adjacent periods or other species', () => {
    const saved = [rule({ id: 1, expirationDate: '2026-07-01' })];
    expect(overlappingRules(saved, rule({ id: 2, effectiveDate: '2026-06-01' })).map((r) => r.id)).toEqual([
      1,
    ]);
    expect(overlappingRules(saved, rule({ id: 2, effectiveDate: '2026-07-01' }))).toEqual([]);
    expect(overlappingRules(saved, rule({ id: 2, species: 'CAT' }))).toEqual([]);
    expect(overlappingRules(saved, rule({ id: 2, stateCodes: ['CA'] }))).toEqual([]);
    expect(overlappingRules(saved, rule({ id: 1, payMultiplier: 1_000 }))).toEqual([]);
    expect(ruleFor(saved, { ...event({}), on: '2026-07-01' })).toBeNull();
  });
});
