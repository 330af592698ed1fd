import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { billingOfRentersWire, payNowOfRentersWire } from '../rentersBillingScreen';
import { BillingResponse, PayNowResponse, type Billing, type PayNowResult } from '../schemas/billing';
import { RentersBillingResponse, RentersPayNowResponse } from '../schemas/rentersBilling';
import { policyKeys } from './policies';
import { rentersPaymentMethodKeys } from './rentersPaymentMethods';
import { rentersPolicyRecordKeys } from './rentersPolicyRecord';

// A policy's billing and "Pay now" (docs/billing.md "On screen"). Keyed under the policy's own key, so
// invalidating the policy after a payment (which may reinstate it) refreshes the billing too. The renters line
// speaks snake_case, read into the same screen model (src/api/rentersBillingScreen.ts).
export type BillingLine = 'pet' | 'renters';

const policyPath = (line: BillingLine, matterId: number) =>
  line === 'pet' ? `/v2/policies/${matterId}` : `/v2/renters/policies/${matterId}`;

export const policyKeyOf = (line: BillingLine, matterId: number) =>
  line === 'pet' ? policyKeys.matter(matterId) : rentersPolicyRecordKeys.record(matterId);

export const billingQuery = (line: BillingLine, matterId: number) =>
  queryOptions({
    queryKey: [...policyKeyOf(line, matterId), 'billing'],
    queryFn: async ({ signal }): Promise<Billing | null> => {
      const answer = await apiRequest(`${policyPath(line, matterId)}/billing`, { signal });
      if (line === 'pet') return BillingResponse.parse(answer).data.billing;
      const { billing } = RentersBillingResponse.parse(answer).data;
      return billing && billingOfRentersWire(billing);
    },
  });

// Charges everything due: to the payment method on file, or to a new one the user tokenized (which, once it
// paid, is the one on file).
export async function payNow(
  line: BillingLine,
  matterId: number,
  paymentToken?: string,
): Promise<PayNowResult> {
  const token =
    paymentToken === undefined ? {} : line === 'pet' ? { paymentToken } : { payment_token: paymentToken };
  const answer = await apiRequest(`${policyPath(line, matterId)}/billing/pay-now`, {
    method: 'POST',
    body: { data: token },
  });
  if (line === 'pet') return PayNowResponse.parse(answer).data;
  return payNowOfRentersWire(RentersPayNowResponse.parse(answer).data);
}

// A pet policy's new card, without a payment: the run's next charge and "Pay now" take it. Answers the
// policy's billing with the new card on file.
export async function changePetCard(matterId: number, paymentToken: string): Promise<Billing | null> {
  const answer = await apiRequest(`${policyPath('pet', matterId)}/billing/payment-method`, {
    method: 'POST',
    body: { data: { paymentToken } },
  });
  return BillingResponse.parse(answer).data.billing;
}

// After a payment or a card change: the billing as the server answered it at once, then the whole policy read
// again (a payment may reinstate it and adds to its payments). A renters card that paid is the customer's
// primary method, which their payment method panel lists.
export async function refreshAfterPayment(
  client: QueryClient,
  line: BillingLine,
  matterId: number,
  billing: Billing | null,
): Promise<void> {
  client.setQueryData(billingQuery(line, matterId).queryKey, billing);
  await Promise.all([
    client.invalidateQueries({ queryKey: policyKeyOf(line, matterId) }),
    line === 'renters' && client.invalidateQueries({ queryKey: rentersPaymentMethodKeys.all }),
  ]);
}
