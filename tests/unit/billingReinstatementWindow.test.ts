import { describe, expect, it } from 'vitest';
import { reinstateBy, reinstatementWindowOver } from '../../src/server/domain/billing/billingAccount';

// A lapsed policy is reinstated by a late payment for 30 days after its lapse (docs/billing.md "The daily run,
// dunning, grace and reinstatement"); after the last of them no late payment is taken.
describe('the reinstatement window', () => {
  it('ends 30 days after the lapse', () => {
    expect(reinstateBy({ lapsed_on: '2026-05-10' })).toBe('2026-06-09');
    expect(reinstateBy({ lapsed_on: '2026-12-20' })).toBe('2027-01-19');
  });

  it('has no last day for an account that has not lapsed', () => {
    expect(reinstateBy({ lapsed_on: null })).toBeNull();
  });

  it('is still open on its last day and over the day after', () => {
    const lapsed = { state: 'lapsed', lapsed_on: '2026-05-10' };
    expect(reinstatementWindowOver(lapsed, '2026-05-10')).toBe(false);
    expect(reinstatementWindowOver(lapsed, '2026-06-09')).toBe(false);
    expect(reinstatementWindowOver(lapsed, '2026-06-10')).toBe(true);
  });

  it('is never over for an account that is not lapsed', () => {
    for (const state of ['current', 'pastDue', 'closed'])
      expect(reinstatementWindowOver({ state, lapsed_on: '2026-05-10' }, '2026-09-01')).toBe(false);
    expect(reinstatementWindowOver({ state: 'lapsed', lapsed_on: null }, '2026-09-01')).toBe(false);
  });
});
