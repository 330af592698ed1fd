import { describe, expect, it } from 'vitest';
import { OUTCOME_WORDS, outcomeText } from '../../src/features/jobs/jobOutcomeWords';
import { DAILY_WORK } from '../../src/server/jobs/dailyWorkList';

describe('the outcome of a piece of daily work, in words', () => {
  it('says the counts that are not zero with their words', () => {
    expect(
      outcomeText({ name: 'billing', summary: { charged: 12, declined: 1, lapsed: 0, closed: 0 } }),
    ).toBe('12 instalments collected, 1 declined');
    expect(outcomeText({ name: 'policy-dates', summary: { tookEffect: 2, renewalOffered: 3 } })).toBe(
      '2 cancellations took effect, 3 renewals offered',
    );
  });

  it('says "nothing to do" when every count is zero, and nothing before the piece is done', () => {
    expect(outcomeText({ name: 'refund-retries', summary: { asked: 0, done: 0, failed: 0 } })).toBe(
      'nothing to do',
    );
    expect(outcomeText({ name: 'billing', summary: null })).toBe('');
  });

  // Every piece the day runs has its words, so no counter's name reaches the screen.
  it.each(DAILY_WORK.map((work) => work.name))('has words for the piece %s', (name) => {
    expect(Object.keys(OUTCOME_WORDS)).toContain(name);
  });
});
