import { RENTERS_JOURNEY_START } from '../../../../machines/rentersQuoteSteps';

// Where a rewrite opens (the renters journey's start, prefilled from the old policy) and where a policy's
// edit screen is.
export const rentersRewriteStartPath = (policyNumber: string, matterId: number): string =>
  `${RENTERS_JOURNEY_START}?${new URLSearchParams({ rewriteOf: policyNumber, matterId: String(matterId) })}`;

export const rentersPolicyPath = (customerId: number, matterId: number): string =>
  `/renters/customers/${customerId}/policies/${matterId}`;
