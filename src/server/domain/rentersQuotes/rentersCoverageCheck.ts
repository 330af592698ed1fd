import type { RentersAddress } from '../../../machines/rentersQuoteContext';
import { Invalid } from '../domainErrors';
import type { Trx } from '../../store/eventStore';
import { coverageOverlapMessage, findCoverageOverlap } from '../rentersPolicies/coverageOverlap';

export interface RentersCoverageAsk {
  entityId: number;
  email: string | null;
  property: RentersAddress;
  effectiveDate: string;
  rewriteOf: string | null;
}

// A quote's term may not overlap the cover of another policy of its customer at its property: refused on
// the effective date (422), before anything is written or charged. Asked by the start step of a rewrite and
// whenever the start step is saved with the customer known, and always by the purchase.
export async function requireNoCoverageOverlap(trx: Trx, ask: RentersCoverageAsk): Promise<void> {
  if (ask.email === null && ask.rewriteOf === null) return;
  const overlap = await findCoverageOverlap(trx, {
    entityId: ask.entityId,
    email: ask.email,
    property: {
      line1: ask.property.line1,
      line2: ask.property.line2,
      city: ask.property.city,
      state: ask.property.stateCode,
      zip: ask.property.zipCode,
    },
    effectiveDate: ask.effectiveDate,
    rewriteOf: ask.rewriteOf,
  });
  if (overlap === null) return;
  throw new Invalid({ effective_date: [coverageOverlapMessage(ask.effectiveDate, overlap)] });
}
