import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/calendar/clock';
import type { RentersPolicyEvent } from '../../src/machines/rentersPolicyStatus';
import { rentersCoverPeriod } from '../../src/server/domain/rentersPolicies/rentersCoverPeriod';
import { rentersToday } from '../../src/server/domain/rentersPolicies/rentersToday';
import { rewriteStartOf } from '../../src/server/domain/rentersQuotes/rewriteStartDate';

// The days a renters policy covers, and where a rewrite of it starts (docs/renters-quotes.md "Where a rewrite
// starts", "Cover and overlap").
const issued: RentersPolicyEvent = {
  type: 'renters.policyIssued',
  effectiveDate: '2026-03-01',
  expirationDate: '2027-03-01',
};
const cover = (...events: RentersPolicyEvent[]) => rentersCoverPeriod([issued, ...events]);

describe('the cover of a renters policy', () => {
  it('runs from its effective date to its expiration, or a paid renewal term’s', () => {
    expect(cover()).toEqual({ start: '2026-03-01', end: '2027-03-01', rewrittenAs: null });
    const offered: RentersPolicyEvent = {
      type: 'renters.renewalOffered',
      effectiveDate: '2027-03-01',
      expirationDate: '2028-03-01',
      amountCents: 100,
    };
    expect(cover(offered)?.end).toBe('2027-03-01');
    expect(cover(offered, { type: 'renters.renewalPaymentReceived', effectiveDate: '2027-03-01' })?.end).toBe(
      '2028-03-01',
    );
  });

  it('stops at a cancel date, at a flat cancel’s effective date and at a non-renewal', () => {
    expect(
      cover({ type: 'renters.cancelled', method: 'PRO_RATA', cancelDate: '2026-09-10', immediate: false })
        ?.end,
    ).toBe('2026-09-10');
    // Whatever date a flat cancel carries, it covered nothing.
    expect(
      cover({ type: 'renters.cancelled', method: 'FLAT', cancelDate: '2026-03-20', immediate: true }),
    ).toMatchObject({
      start: '2026-03-01',
      end: '2026-03-01',
    });
    expect(cover({ type: 'renters.discontinued', nonRenewEffectiveDate: '2027-03-01' })?.end).toBe(
      '2027-03-01',
    );
  });

  it('runs on after a reinstatement, and names the policy it was rewritten as', () => {
    const cancelled: RentersPolicyEvent = {
      type: 'renters.cancelled',
      method: 'PRO_RATA',
      cancelDate: '2026-09-10',
      immediate: true,
    };
    expect(cover(cancelled, { type: 'renters.reinstated' })?.end).toBe('2027-03-01');
    expect(cover(cancelled, { type: 'renters.rewritten', newPolicyNumber: 'RNT-TX-00000009' })).toEqual({
      start: '2026-03-01',
      end: '2026-09-10',
      rewrittenAs: 'RNT-TX-00000009',
    });
  });

  it('is unknown without an issue', () => {
    expect(rentersCoverPeriod([])).toBeNull();
  });
});

describe('where a rewrite starts', () => {
  it('on the day the old cover ends, when that is today or later', () => {
    expect(rewriteStartOf('RNT-TX-00000001', '2026-12-12', '2026-11-27', 60)).toEqual({
      effectiveDate: '2026-12-12',
      oldCoverEnds: '2026-12-12',
      note: 'Starts on 2026-12-12, when the cover of RNT-TX-00000001 ends, so the two do not overlap.',
    });
    expect(rewriteStartOf('RNT-TX-00000001', '2026-11-27', '2026-11-27', 60).effectiveDate).toBe(
      '2026-11-27',
    );
  });

  it('today when the old cover ended before, and says the days between are not covered', () => {
    const start = rewriteStartOf('RNT-TX-00000001', '2026-11-20', '2026-11-27', 60);
    expect(start.effectiveDate).toBe('2026-11-27');
    expect(start.note).toContain('ended on 2026-11-20');
    expect(start.note).toContain('the days in between stay uncovered');
  });

  it('says from when a rewrite of cover ending beyond the quoting window can be quoted', () => {
    expect(rewriteStartOf('RNT-TX-00000001', '2027-03-01', '2026-11-27', 60).note).toContain(
      'can be quoted from 2026-12-31',
    );
  });

  it('reads the business day from the clock: 9 PM Central is still that day, though UTC has turned over', () => {
    expect(rentersToday(fixedClock('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
    expect(rentersToday(fixedClock('2026-11-28T06:00:00Z'))).toBe('2026-11-28');
  });
});
