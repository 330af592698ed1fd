import { describe, expect, it } from 'vitest';
import type { RateRule } from '../../src/server/domain/moneyRules/commissionRates';
import {
  monthOf,
  statementFigures,
  type CommissionableEvent,
} from '../../src/server/domain/commission/statementLines';

// How a month's statement is put together from policy events (docs/commission.md): which events it holds,
// in which order, and how each line says why it pays what it pays.

const percent: RateRule = {
  id: 3,
  entityId: 7,
  businessType: 'NEW',
  calculationType: 'PERCENT',
  eventCode: 'NB',
  stateCodes: ['TX'],
  species: null,
  payMultiplier: 1_250,
  effectiveDate: '2026-01-01',
  expirationDate: null,
};

const event = (eventId: number, over: Partial<CommissionableEvent> = {}): CommissionableEvent => ({
  eventId,
  policyNumber: `P-${eventId}`,
  entityId: 7,
  eventCode: 'NB',
  businessType: 'NEW',
  stateCode: 'TX',
  species: 'DOG',
  on: '2026-05-10',
  premiumCents: 40_000,
  ...over,
});

describe('statement lines', () => {
  it('are ordered by the event log (event id), whatever order the events arrive in', () => {
    const events = [event(30, { on: '2026-05-01' }), event(10, { on: '2026-05-20' }), event(20)];
    const lines = statementFigures(7, '2026-05', events, [percent]).lines;
    expect(lines.map((l) => l.eventId)).toEqual([10, 20, 30]);
  });

  it("hold only the entity's events of the statement's month, first to last day", () => {
    const events = [
      event(1, { on: '2026-04-30' }),
      event(2, { on: '2026-05-01' }),
      event(3, { on: '2026-05-31' }),
      event(4, { on: '2026-06-01' }),
      event(5, { entityId: 8 }),
    ];
    const lines = statementFigures(7, '2026-05', events, [percent]).lines;
    expect(lines.map((l) => l.eventId)).toEqual([2, 3]);
  });

  it('name the policy, event, day, premium, rule and amount of each event', () => {
    const [line] = statementFigures(7, '2026-05', [event(1)], [percent]).lines;
    expect(line).toEqual({
      eventId: 1,
      policyNumber: 'P-1',
      eventCode: 'NB',
      on: '2026-05-10',
      premiumCents: 40_000,
      ruleId: 3,
      amountCents: 5_000,
      explanation: '12.5% of $400.00 = $50.00 (rule 3).',
    });
  });

  it('add up to the statement total, chargebacks taken off', () => {
    const events = [event(1), event(2, { premiumCents: -8_000 }), event(3, { premiumCents: 1_000 })];
    const figures = statementFigures(7, '2026-05', events, [percent]);
    expect(figures.lines.map((l) => l.amountCents)).toEqual([5_000, -1_000, 125]);
    expect(figures).toMatchObject({ entityId: 7, month: '2026-05', amountCents: 4_125 });
  });

  it('say a whole percent without decimals and a chargeback as a negative amount', () => {
    const fifteen = { ...percent, payMultiplier: 1_500 };
    const [line] = statementFigures(7, '2026-05', [event(1, { premiumCents: -2_050 })], [fifteen]).lines;
    expect(line?.explanation).toBe('15% of -$20.50 = -$3.08 (rule 3).');
  });

  it('say the flat amount a flat rule pays per event', () => {
    const flat = { ...percent, calculationType: 'FLAT' as const, payMultiplier: 2_500 };
    const [line] = statementFigures(7, '2026-05', [event(1)], [flat]).lines;
    expect(line).toMatchObject({ amountCents: 2_500, explanation: 'Flat $25.00 per event (rule 3).' });
  });

  it('pay nothing for an event no rule is in force for, and say so', () => {
    const [line] = statementFigures(7, '2026-05', [event(1, { stateCode: 'OK' })], [percent]).lines;
    expect(line).toMatchObject({
      ruleId: null,
      amountCents: 0,
      explanation: 'No NB rule in force for OK on 2026-05-10: nothing paid.',
    });
  });

  it('of an empty month make an empty statement that pays nothing', () => {
    expect(statementFigures(7, '2026-05', [], [percent])).toEqual({
      entityId: 7,
      month: '2026-05',
      lines: [],
      amountCents: 0,
    });
  });

  it("take an event's month from its day", () => {
    expect(monthOf('2026-05-31')).toBe('2026-05');
  });

  it('say a fractional percent to its last digit and a zero amount without a sign', () => {
    const tenAndHalf = { ...percent, payMultiplier: 1_050 };
    const [line] = statementFigures(7, '2026-05', [event(1, { premiumCents: 0 })], [tenAndHalf]).lines;
    expect(line?.explanation).toBe('10.5% of $0.00 = $0.00 (rule 3).');
  });
});

describe('a reinstatement line', () => {
  const cancelRule: RateRule = { ...percent, id: 4, eventCode: 'CN', expirationDate: '2026-05-01' };
  const reinstatement = (over: Partial<CommissionableEvent> = {}) =>
    event(9, {
      eventCode: 'RI',
      premiumCents: 8_000,
      reverses: { eventCode: 'CN', on: '2026-04-20' },
      ...over,
    });

  it("gives back the cancellation's chargeback under the rule in force on the cancellation's day", () => {
    const [line] = statementFigures(7, '2026-05', [reinstatement()], [cancelRule]).lines;
    expect(line).toMatchObject({
      eventCode: 'RI',
      ruleId: 4,
      amountCents: 1_000,
      explanation: 'Gives back the CN chargeback of 2026-04-20: $10.00 (rule 4).',
    });
  });

  it('gives nothing back when its cancellation took nothing back, and says so', () => {
    const [line] = statementFigures(7, '2026-05', [reinstatement({ stateCode: 'OK' })], [cancelRule]).lines;
    expect(line).toMatchObject({
      ruleId: null,
      amountCents: 0,
      explanation: 'The CN of 2026-04-20 took nothing back (no rule in force): nothing given back.',
    });
  });

  it('is only made for a reinstatement: any other event is paid by its own rule', () => {
    const endorsement = event(10, { reverses: { eventCode: 'CN', on: '2026-04-20' } });
    const [line] = statementFigures(7, '2026-05', [endorsement], [cancelRule, percent]).lines;
    expect(line).toMatchObject({ ruleId: 3, amountCents: 5_000 });
  });
});
