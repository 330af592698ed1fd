import type { RentersPolicyEvent } from '../../../machines/rentersPolicyStatus';
import { rentersPolicyFacts } from '../../../machines/rentersRecordFlags';

// The days a renters policy covers its property, as its history says: from its first effective date up to,
// not including, `end`. Each end is the first day without cover, which is also the earliest day a policy
// taking over from it may start (docs/renters-quotes.md "Cover and overlap").
export interface RentersCoverPeriod {
  start: string;
  end: string;
  // The policy it was rewritten as: its cover then stops where the new policy's starts.
  rewrittenAs: string | null;
}

const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

// null for a history with no issue event.
export function rentersCoverPeriod(events: readonly RentersPolicyEvent[]): RentersCoverPeriod | null {
  const issued = events.find((e) => e.type === 'renters.policyIssued');
  const facts = rentersPolicyFacts(events);
  if (!issued || facts.term === null) return null;
  // The current term, and a renewal term already paid for: cover the customer has bought.
  let end = facts.term.expirationDate;
  const offered = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'renters.renewalOffered') offered.set(event.effectiveDate, event.expirationDate);
    if (event.type === 'renters.renewalPaymentReceived') {
      const paidUntil = offered.get(event.effectiveDate);
      if (paidUntil !== undefined) end = later(end, paidUntil);
    }
  }
  // A cancellation still standing (a reinstatement clears it): a flat one voids the term from its start.
  if (facts.cancelDate !== null) {
    const cancel = events.findLast((e) => e.type === 'renters.cancelled');
    const flat = cancel?.type === 'renters.cancelled' && cancel.method === 'FLAT';
    end = earlier(end, flat ? facts.term.effectiveDate : facts.cancelDate);
  }
  if (facts.nonRenewEffectiveDate !== null) end = earlier(end, facts.nonRenewEffectiveDate);
  const start = issued.effectiveDate;
  return { start, end: later(start, end), rewrittenAs: facts.rewrittenAs };
}
