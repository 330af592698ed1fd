import type { Trx } from '../../store/eventStore';
import type { RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';
import { loadRentersRateTables } from '../rentersRating/loadRentersRateTables';
import { rateRentersQuote } from '../rentersRating/rateRentersQuote';
import type { RentersCoverageInput } from '../rentersRating/rentersTypes';

// The figures of a renters renewal: the next term's annual premium, its taxes and fees, and what the term
// costs in all (the amount the renewal offer asks for).
export interface RentersRenewalPrice {
  annualPremiumCents: number;
  termPremiumCents: number;
  taxesCents: number;
  feesCents: number;
  totalCents: number;
}

// The next term of a renters policy, priced by the renters rating engine at the renewal date
// (docs/policy-dates.md): the coverage the policy was sold with, at the insured property's zip as it stands
// now, on the same payment interval. Null when the engine refuses it (the state no longer sold, an option no
// longer filed): such a policy is not offered a renewal.
export async function rentersRenewalPrice(
  trx: Trx,
  issued: RentersPolicyIssued,
  property: { state: string; zip: string },
  renewalDate: string,
): Promise<RentersRenewalPrice | null> {
  const tables = await loadRentersRateTables(trx, property.state, renewalDate);
  const rated = rateRentersQuote(tables, {
    zip_code: property.zip,
    term_interval: issued.termInterval,
    coverage: issued.coverage as RentersCoverageInput,
  });
  if (!rated.ok) return null;
  const { rating } = rated;
  return {
    annualPremiumCents: rating.term_premium,
    termPremiumCents: rating.term_premium,
    taxesCents: rating.taxes.total,
    feesCents: rating.fee_total,
    totalCents: rating.total,
  };
}
