import type { RentersRecordFlags, RentersTerm } from '../../../../machines/rentersRecordFlags';
import type { RentersPolicyState } from '../../../../machines/rentersPolicyStatus';
import type { StoredEvent } from '../../../store/eventStore';
import type { RateRule } from '../../moneyRules/commissionRates';
import type { RentersPolicyIssued } from '../rentersPolicyEvents';

// A renters policy as a change decides on it: its log, its version, and its state and flags on the day.
export interface RentersPolicyForChange {
  policyNumber: string;
  events: StoredEvent[];
  version: number;
  issued: RentersPolicyIssued;
  // The state on the day: a due cancellation or non-renewal counts as taken effect (docs/decisions/008).
  state: RentersPolicyState;
  term: RentersTerm;
  flags: RentersRecordFlags;
  // The commission rules of the policy's entity: a cancellation takes back what its rule paid.
  commissionRules: RateRule[];
  // What the payment service took for the term, net of refunds (its billing); null before billing.
  collectedCents: number | null;
}
