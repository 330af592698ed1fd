import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { BillingResponse, PayNowResponse, type PayNowResult } from '../schemas/billing';
import { policyKeys } from './policies';
import { rentersPolicyRecordKeys } from './rentersPolicyRecord';

// A policy's billing and "Pay now" (docs/billing.md "On screen"). Keyed under the policy's own key, so
// invalidating the policy after a payment (which may reinstate it) refreshes the billing too.
export type BillingLine = 'pet' | 'renters';

const policyPath = (line: BillingLine, matterId: number) =>
  line === 'pet' ? `/v2/policies/${matterId}` : `/v2/renters/policies/${matterId}`;

export const policyKeyOf = (line: BillingLine, matterId: number) =>
  line === 'pet' ? policyKeys.matter(matterId) : rentersPolicyRecordKeys.record(matterId);

export const billingQuery = (line: BillingLine, matterId: number) =>
  queryOptions({
    queryKey: [...policyKeyOf(line, matterId), 'billing'],
    queryFn: async ({ signal }) =>
      BillingResponse.parse(await apiRequest(`${policyPath(line, matterId)}/billing`, { signal })).data
        .billing,
  });

// Charges everything due to the payment method on file.
export async function payNow(line: BillingLine, matterId: number): Promise<PayNowResult> {
  const answer = await apiRequest(`${policyPath(line, matterId)}/billing/pay-now`, {
    method: 'POST',
    body: { data: {} },
  });
  return PayNowResponse.parse(answer).data;
}
