import { addDays } from '../../../calendar/businessCalendar';

// Where a rewrite starts by default (docs/renters-quotes.md "Where a rewrite starts"): on the first day the
// old policy no longer covers (its cancel date, a flat cancel's effective date, its non-renewal or
// expiration date), so the customer is covered without a gap and without two policies at once. Cover that
// ended before today cannot be taken up where it stopped: a policy is never sold to start in the past, as
// that would insure days already lived (and losses already known), so the rewrite starts today and the
// screen says the days between stay uncovered.

export interface RewriteStart {
  // The start the journey is prefilled with.
  effectiveDate: string;
  // The first day the old policy does not cover.
  oldCoverEnds: string;
  // What the prefilled screen says about the date.
  note: string;
}

export function rewriteStartOf(
  policyNumber: string,
  oldCoverEnds: string,
  today: string,
  maxDaysAhead: number,
): RewriteStart {
  if (oldCoverEnds < today) {
    return {
      effectiveDate: today,
      oldCoverEnds,
      note:
        `The cover of ${policyNumber} ended on ${oldCoverEnds}. A policy cannot start in the past, so the ` +
        `rewrite starts today, ${today}; the days in between stay uncovered.`,
    };
  }
  const from = addDays(oldCoverEnds, -maxDaysAhead);
  const tooFar =
    from > today
      ? ` That is more than ${maxDaysAhead} days from today: the rewrite can be quoted from ${from}.`
      : '';
  return {
    effectiveDate: oldCoverEnds,
    oldCoverEnds,
    note: `Starts on ${oldCoverEnds}, when the cover of ${policyNumber} ends, so the two do not overlap.${tooFar}`,
  };
}
