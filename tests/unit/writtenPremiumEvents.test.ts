import { describe, expect, it } from 'vitest';
import type { PolicyLogEvent } from '../../src/server/domain/reports/policyLogStreams';
import { commissionableEventsOfStream } from '../../src/server/domain/reports/writtenPremiumEvents';
import type { RateRule } from '../../src/server/domain/moneyRules/commissionRates';
import { statementFigures, type StatementLine } from '../../src/server/domain/commission/statementLines';

// From a policy's log to its statement lines (docs/commission.md "Statement generation"): the events of one
// pet or renters policy stream become commissionable events, and the rules in force on each event's day pay
// them, to the cent. Given a stream and rules, when the month's statement is worked out, then its lines.

const AGENCY = 7;
const OTHER_AGENCY = 8;

let position = 1_000;
// One stored event of a stream, recorded at `at` (ISO, UTC unless it says otherwise).
const stored = (
  streamType: 'policy' | 'renters_policy',
  type: string,
  at: string,
  data: Record<string, unknown> = {},
): PolicyLogEvent => ({ position: String(position++), streamType, type, data, recordedAt: new Date(at) });

const petIssued = (
  at: string,
  options: { premiumCents?: number; species?: string; state?: string; entityId?: number } = {},
) =>
  stored('policy', 'policy.issued', at, {
    policyNumber: 'PET-TX-00000001',
    matterId: 11,
    entityId: options.entityId ?? AGENCY,
    // The quote journey stores species in lower case.
    pet: { id: 'p1', name: 'Rex', species: options.species ?? 'dog', breed: 'MIXED_BREED_MEDIUM' },
    premiumCents: options.premiumCents ?? 60_000,
    state: options.state ?? 'TX',
  });
const petCancelled = (at: string, flat: boolean, annualPremiumCents: number, earnedPremiumCents: number) =>
  stored('policy', 'policy.cancelled', at, {
    flatCancel: flat,
    annualPremiumCents,
    earnedPremiumCents,
    // The refund depends on what was paid: the chargeback does not.
    paidCents: 5_000,
    refundCents: 5_000,
  });

const rentersIssued = (
  at: string,
  options: { premiumCents?: number; state?: string; rewriteOf?: string | null } = {},
) =>
  stored('renters_policy', 'renters.policyIssued', at, {
    policyNumber: 'RNT-TX-00000001',
    entityId: AGENCY,
    rewriteOf: options.rewriteOf ?? null,
    propertyAddress: {
      line1: '1 Congress Ave',
      line2: null,
      city: 'Austin',
      state: options.state ?? 'TX',
      zip: '78701',
    },
    termPremiumCents: options.premiumCents ?? 24_000,
  });
const rentersCancelled = (at: string, method: 'FLAT' | 'PRO_RATA', premiumReturnedCents: number) =>
  stored('renters_policy', 'renters.cancelled', at, { method, premiumReturnedCents, refundCents: 1 });
const rentersReinstated = (at: string) => stored('renters_policy', 'renters.reinstated', at);
const rentersRenewed = (at: string, termPremiumCents: number) =>
  stored('renters_policy', 'renters.renewed', at, { termPremiumCents });

let ruleId = 0;
const rule = (overrides: Partial<RateRule>): RateRule => ({
  id: ++ruleId,
  entityId: AGENCY,
  businessType: 'NEW',
  calculationType: 'PERCENT',
  eventCode: 'NB',
  stateCodes: ['TX', 'CA'],
  species: null,
  payMultiplier: 1500,
  effectiveDate: '2026-01-01',
  expirationDate: null,
  ...overrides,
});

// The month's statement of AGENCY from one or more streams.
const statementOf = (month: string, streams: PolicyLogEvent[][], rules: RateRule[], entityId = AGENCY) =>
  statementFigures(entityId, month, streams.flatMap(commissionableEventsOfStream), rules);
const brief = (lines: StatementLine[]) =>
  lines.map((l) => [l.eventCode, l.on, l.premiumCents, l.ruleId, l.amountCents]);

describe('commissionable events of a policy stream, paid by the rules in force', () => {
  const petRules = () => {
    const nbDog = rule({ eventCode: 'NB', species: 'DOG' });
    const nbCat = rule({ eventCode: 'NB', species: 'CAT', payMultiplier: 2000 });
    const cnDog = rule({ eventCode: 'CN', species: 'DOG' });
    const fcCat = rule({ eventCode: 'FC', species: 'CAT', payMultiplier: 2000 });
    const fcDog = rule({ eventCode: 'FC', species: 'DOG' });
    return { nbDog, nbCat, cnDog, fcCat, fcDog, all: [nbDog, nbCat, cnDog, fcCat, fcDog] };
  };

  it('given a pet policy sold and cancelled pro rata in the month, then new business pays and the returned premium is charged back', () => {
    const r = petRules();
    const stream = [
      petIssued('2026-10-05T14:00:00Z', { premiumCents: 60_000 }),
      stored('policy', 'policy.policyholderChanged', '2026-10-06T10:00:00Z', { reason: 'moved' }),
      stored('policy', 'policy.noteAdded', '2026-10-07T10:00:00Z'),
      petCancelled('2026-10-20T16:00:00Z', false, 60_000, 16_438),
      stored('policy', 'policy.cancellationTookEffect', '2026-10-30T06:00:00Z'),
    ];
    const events = commissionableEventsOfStream(stream);
    expect(events).toEqual([
      {
        eventId: Number(stream[0]!.position),
        policyNumber: 'PET-TX-00000001',
        entityId: AGENCY,
        eventCode: 'NB',
        businessType: 'NEW',
        stateCode: 'TX',
        species: 'DOG',
        on: '2026-10-05',
        premiumCents: 60_000,
      },
      {
        eventId: Number(stream[3]!.position),
        policyNumber: 'PET-TX-00000001',
        entityId: AGENCY,
        eventCode: 'CN',
        businessType: 'NEW',
        stateCode: 'TX',
        species: 'DOG',
        on: '2026-10-20',
        premiumCents: -43_562,
      },
    ]);
    const figures = statementOf('2026-10', [stream], r.all);
    // 15% of 600.00 = 90.00; 15% of 435.62 = 65.343 → 65.34 taken back.
    expect(brief(figures.lines)).toEqual([
      ['NB', '2026-10-05', 60_000, r.nbDog.id, 9_000],
      ['CN', '2026-10-20', -43_562, r.cnDog.id, -6_534],
    ]);
    expect(figures.lines[1]!.explanation).toBe(`15% of -$435.62 = -$65.34 (rule ${r.cnDog.id}).`);
    expect(figures.amountCents).toBe(2_466);
  });

  it('given a cat flat-cancelled in the free look, then the cat rules pay and the chargeback takes back all it paid', () => {
    const r = petRules();
    const stream = [
      petIssued('2026-10-05T14:00:00Z', { premiumCents: 48_517, species: 'cat' }),
      petCancelled('2026-10-09T14:00:00Z', true, 48_517, 0),
    ];
    const figures = statementOf('2026-10', [stream], r.all);
    // 20% of 485.17 = 97.034 → 97.03 either way.
    expect(brief(figures.lines)).toEqual([
      ['NB', '2026-10-05', 48_517, r.nbCat.id, 9_703],
      ['FC', '2026-10-09', -48_517, r.fcCat.id, -9_703],
    ]);
    expect(figures.amountCents).toBe(0);
    // Species as the rating tables write it (upper case) is the same species.
    const upper = [petIssued('2026-10-05T14:00:00Z', { premiumCents: 48_517, species: 'CAT' })];
    expect(statementOf('2026-10', [upper], r.all).lines[0]!.ruleId).toBe(r.nbCat.id);
  });

  it('given a sale in one month and its cancellation in the next, then each month pays only its own event', () => {
    const r = petRules();
    const stream = [
      petIssued('2026-10-28T14:00:00Z', { premiumCents: 30_001 }),
      petCancelled('2026-11-03T14:00:00Z', false, 30_001, 1_000),
    ];
    expect(brief(statementOf('2026-10', [stream], r.all).lines)).toEqual([
      ['NB', '2026-10-28', 30_001, r.nbDog.id, 4_500],
    ]);
    // 15% of 290.01 = 43.5015 → 43.50.
    expect(brief(statementOf('2026-11', [stream], r.all).lines)).toEqual([
      ['CN', '2026-11-03', -29_001, r.cnDog.id, -4_350],
    ]);
  });

  it('given an event late in the evening in Central time, then its business day decides the month and the rule', () => {
    const r = petRules();
    // 2026-10-31 at 22:30 in Chicago is 2026-11-01 in UTC, and an October sale all the same.
    const stream = [petIssued('2026-10-31T22:30:00-05:00')];
    expect(statementOf('2026-11', [stream], r.all).lines).toEqual([]);
    expect(brief(statementOf('2026-10', [stream], r.all).lines)).toEqual([
      ['NB', '2026-10-31', 60_000, r.nbDog.id, 9_000],
    ]);
  });

  it('given renters sold new and as a rewrite, then NB and RW are paid by their own rules', () => {
    const nb = rule({ eventCode: 'NB', species: 'RENTERS', payMultiplier: 1200 });
    const rw = rule({ eventCode: 'RW', species: 'RENTERS', payMultiplier: 500 });
    const sold = [rentersIssued('2026-10-02T15:00:00Z', { premiumCents: 24_099 })];
    const rewrite = [
      rentersIssued('2026-10-12T15:00:00Z', { premiumCents: 19_950, rewriteOf: 'RNT-TX-00000001' }),
    ];
    const figures = statementOf('2026-10', [sold, rewrite], [nb, rw]);
    // 12% of 240.99 = 28.9188 → 28.92; 5% of 199.50 = 9.975 → 9.98 (half away from zero).
    expect(brief(figures.lines)).toEqual([
      ['NB', '2026-10-02', 24_099, nb.id, 2_892],
      ['RW', '2026-10-12', 19_950, rw.id, 998],
    ]);
    expect(figures.lines.every((l) => l.policyNumber === 'RNT-TX-00000001')).toBe(true);
    expect(figures.amountCents).toBe(3_890);
    // Without an RW rule the rewrite shows, paying nothing, and says why.
    const missing = statementOf('2026-10', [rewrite], [nb]);
    expect(missing.lines[0]).toMatchObject({
      eventCode: 'RW',
      ruleId: null,
      amountCents: 0,
      explanation: 'No RW rule in force for TX on 2026-10-12: nothing paid.',
    });
  });

  it('given renters cancelled pro rata or flat, then CN or FC charges back the premium returned, not the refund', () => {
    const nb = rule({ eventCode: 'NB', species: 'RENTERS', payMultiplier: 1200 });
    const cn = rule({ eventCode: 'CN', species: 'RENTERS', payMultiplier: 1200 });
    const fc = rule({ eventCode: 'FC', species: 'RENTERS', payMultiplier: 1200 });
    const proRata = [
      rentersIssued('2026-10-01T15:00:00Z'),
      rentersCancelled('2026-10-15T15:00:00Z', 'PRO_RATA', 12_345),
    ];
    const flat = [
      rentersIssued('2026-10-01T15:00:00Z'),
      rentersCancelled('2026-10-03T15:00:00Z', 'FLAT', 24_000),
    ];
    // 12% of 123.45 = 14.814 → 14.81.
    expect(brief(statementOf('2026-10', [proRata], [nb, cn, fc]).lines)).toEqual([
      ['NB', '2026-10-01', 24_000, nb.id, 2_880],
      ['CN', '2026-10-15', -12_345, cn.id, -1_481],
    ]);
    const flatFigures = statementOf('2026-10', [flat], [nb, cn, fc]);
    expect(brief(flatFigures.lines)).toEqual([
      ['NB', '2026-10-01', 24_000, nb.id, 2_880],
      ['FC', '2026-10-03', -24_000, fc.id, -2_880],
    ]);
    expect(flatFigures.amountCents).toBe(0);
  });

  it('given a reinstatement, then RI gives back exactly what the cancellation took', () => {
    const nb = rule({ eventCode: 'NB', species: 'RENTERS', payMultiplier: 1200 });
    const cn = rule({ eventCode: 'CN', species: 'RENTERS', payMultiplier: 1200 });
    const ri = rule({ eventCode: 'RI', species: 'RENTERS', payMultiplier: 1200 });
    const stream = [
      rentersIssued('2026-10-01T15:00:00Z', { premiumCents: 30_000 }),
      rentersCancelled('2026-10-10T15:00:00Z', 'PRO_RATA', 20_417),
      rentersReinstated('2026-10-12T15:00:00Z'),
    ];
    const figures = statementOf('2026-10', [stream], [nb, cn, ri]);
    // 12% of 204.17 = 24.5004 → 24.50, both ways.
    expect(brief(figures.lines)).toEqual([
      ['NB', '2026-10-01', 30_000, nb.id, 3_600],
      ['CN', '2026-10-10', -20_417, cn.id, -2_450],
      ['RI', '2026-10-12', 20_417, cn.id, 2_450],
    ]);
    expect(figures.amountCents).toBe(3_600);
    // In the next month, the reinstatement alone is paid back there.
    const later = [
      rentersIssued('2026-10-01T15:00:00Z', { premiumCents: 30_000 }),
      rentersCancelled('2026-10-25T15:00:00Z', 'PRO_RATA', 17_000),
      rentersReinstated('2026-11-02T15:00:00Z'),
    ];
    expect(brief(statementOf('2026-11', [later], [nb, cn, ri]).lines)).toEqual([
      ['RI', '2026-11-02', 17_000, cn.id, 2_040],
    ]);
  });

  it('given a reinstatement with no RI rule, or an RI rule paying otherwise, then it gives back the cancellation line, no more and no less', () => {
    const nb = rule({ eventCode: 'NB', species: 'RENTERS', payMultiplier: 1200 });
    // The CN rate changes after the cancellation; the reinstatement still gives back what was taken.
    const cnBefore = rule({
      eventCode: 'CN',
      species: 'RENTERS',
      payMultiplier: 1200,
      expirationDate: '2026-10-11',
    });
    const cnAfter = rule({
      eventCode: 'CN',
      species: 'RENTERS',
      payMultiplier: 500,
      effectiveDate: '2026-10-11',
    });
    const stream = [
      rentersIssued('2026-10-01T15:00:00Z', { premiumCents: 30_000 }),
      rentersCancelled('2026-10-10T15:00:00Z', 'PRO_RATA', 20_417),
      rentersReinstated('2026-10-12T15:00:00Z'),
    ];
    const withoutRi = statementOf('2026-10', [stream], [nb, cnBefore, cnAfter]);
    expect(brief(withoutRi.lines)).toEqual([
      ['NB', '2026-10-01', 30_000, nb.id, 3_600],
      ['CN', '2026-10-10', -20_417, cnBefore.id, -2_450],
      ['RI', '2026-10-12', 20_417, cnBefore.id, 2_450],
    ]);
    expect(withoutRi.amountCents).toBe(3_600);
    expect(withoutRi.lines[2]!.explanation).not.toContain('No RI rule');
    const ri = rule({ eventCode: 'RI', species: 'RENTERS', payMultiplier: 2500 });
    expect(statementOf('2026-10', [stream], [nb, cnBefore, cnAfter, ri]).amountCents).toBe(3_600);
  });

  it('given a renewal, then RN is renewal business and a later cancellation and reinstatement follow the renewal rules', () => {
    const rules = [
      rule({ eventCode: 'NB', species: 'RENTERS', payMultiplier: 1200 }),
      rule({ eventCode: 'CN', species: 'RENTERS', payMultiplier: 1200 }),
      rule({ businessType: 'RENEWAL', eventCode: 'RN', species: 'RENTERS', payMultiplier: 800 }),
      rule({ businessType: 'RENEWAL', eventCode: 'CN', species: 'RENTERS', payMultiplier: 800 }),
      rule({ businessType: 'RENEWAL', eventCode: 'RI', species: 'RENTERS', payMultiplier: 800 }),
    ];
    const [, newCn, rn, renewalCn] = rules;
    const stream = [
      rentersIssued('2025-10-01T15:00:00Z', { premiumCents: 24_000 }),
      rentersRenewed('2026-10-01T05:00:00Z', 25_500),
      rentersCancelled('2026-10-20T15:00:00Z', 'PRO_RATA', 19_563),
      rentersReinstated('2026-10-22T15:00:00Z'),
    ];
    const events = commissionableEventsOfStream(stream);
    expect(events.map((e) => [e.eventCode, e.businessType])).toEqual([
      ['NB', 'NEW'],
      ['RN', 'RENEWAL'],
      ['CN', 'RENEWAL'],
      ['RI', 'RENEWAL'],
    ]);
    const figures = statementOf('2026-10', [stream], rules);
    // 8% of 255.00 = 20.40; 8% of 195.63 = 15.6504 → 15.65.
    expect(brief(figures.lines)).toEqual([
      ['RN', '2026-10-01', 25_500, rn!.id, 2_040],
      ['CN', '2026-10-20', -19_563, renewalCn!.id, -1_565],
      ['RI', '2026-10-22', 19_563, renewalCn!.id, 1_565],
    ]);
    expect(figures.lines.map((l) => l.ruleId)).not.toContain(newCn!.id);
    expect(figures.amountCents).toBe(2_040);
  });

  it('given rules that change mid-month, then each event is paid by the rule in force on its day', () => {
    const before = rule({ eventCode: 'NB', species: 'DOG', expirationDate: '2026-10-15' });
    const after = rule({ eventCode: 'NB', species: 'DOG', payMultiplier: 1750, effectiveDate: '2026-10-15' });
    const cnBefore = rule({ eventCode: 'CN', expirationDate: '2026-10-16' });
    const cnAfter = rule({ eventCode: 'CN', payMultiplier: 1000, effectiveDate: '2026-10-16' });
    const early = [petIssued('2026-10-14T23:59:59-05:00', { premiumCents: 40_000 })];
    const onTheDay = [
      petIssued('2026-10-15T00:00:00-05:00', { premiumCents: 40_000 }),
      petCancelled('2026-10-16T08:00:00Z', false, 40_000, 800),
    ];
    const figures = statementOf('2026-10', [early, onTheDay], [before, after, cnBefore, cnAfter]);
    expect(brief(figures.lines)).toEqual([
      ['NB', '2026-10-14', 40_000, before.id, 6_000],
      ['NB', '2026-10-15', 40_000, after.id, 7_000],
      ['CN', '2026-10-16', -39_200, cnAfter.id, -3_920],
    ]);
    expect(figures.lines[1]!.explanation).toBe(`17.5% of $400.00 = $70.00 (rule ${after.id}).`);
    expect(figures.amountCents).toBe(9_080);
  });

  it('given rules by state and species, then a species rule wins over any species and other states pay nothing', () => {
    const anySpecies = rule({ eventCode: 'NB', stateCodes: ['TX'] });
    const dogs = rule({ eventCode: 'NB', stateCodes: ['TX'], species: 'DOG', payMultiplier: 1800 });
    const flatCa = rule({
      eventCode: 'NB',
      stateCodes: ['CA'],
      calculationType: 'FLAT',
      payMultiplier: 2_500,
    });
    const figures = statementOf(
      '2026-10',
      [
        [petIssued('2026-10-05T14:00:00Z', { species: 'dog' })],
        [petIssued('2026-10-06T14:00:00Z', { species: 'cat' })],
        [petIssued('2026-10-07T14:00:00Z', { state: 'CA' })],
        [petIssued('2026-10-08T14:00:00Z', { state: 'CO' })],
      ],
      [anySpecies, dogs, flatCa],
    );
    expect(brief(figures.lines)).toEqual([
      ['NB', '2026-10-05', 60_000, dogs.id, 10_800],
      ['NB', '2026-10-06', 60_000, anySpecies.id, 9_000],
      ['NB', '2026-10-07', 60_000, flatCa.id, 2_500],
      ['NB', '2026-10-08', 60_000, null, 0],
    ]);
    expect(figures.lines[2]!.explanation).toBe(`Flat $25.00 per event (rule ${flatCa.id}).`);
    expect(figures.lines[3]!.explanation).toBe('No NB rule in force for CO on 2026-10-08: nothing paid.');
    expect(figures.amountCents).toBe(22_300);
    // Renters in a state without a renters rule: shown, unpaid.
    const renters = statementOf(
      '2026-10',
      [[rentersIssued('2026-10-05T14:00:00Z', { state: 'KY' })]],
      [anySpecies],
    );
    expect(brief(renters.lines)).toEqual([['NB', '2026-10-05', 24_000, null, 0]]);
  });

  it('given policies of another agency or streams without an issue, then they add nothing', () => {
    const r = petRules();
    const theirs = [petIssued('2026-10-05T14:00:00Z', { entityId: OTHER_AGENCY })];
    expect(statementOf('2026-10', [theirs], r.all).lines).toEqual([]);
    expect(statementOf('2026-10', [theirs], r.all, OTHER_AGENCY).lines).toHaveLength(1);
    expect(commissionableEventsOfStream([])).toEqual([]);
    expect(commissionableEventsOfStream([petCancelled('2026-10-09T14:00:00Z', true, 1_000, 0)])).toEqual([]);
    expect(commissionableEventsOfStream([rentersCancelled('2026-10-09T14:00:00Z', 'FLAT', 1_000)])).toEqual(
      [],
    );
  });
});
