import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import type { PaymentMethodRequest } from '../schemas/quotePurchase';
import {
  AddPaymentMethodResponse,
  LookupResponse,
  RentersPaymentMethodListResponse,
  SetupIntentResponse,
  TokenizeResponse,
  type RentersPaymentMethod,
  type SetupIntent,
  type TokenizedMethod,
} from '../schemas/rentersPaymentMethods';

// A renters customer's payment methods and their update (docs/payments.md "Renters payment methods"):
// setup intent → tokenize (the only call that carries card or account numbers) → add as primary.
export const rentersPaymentMethodKeys = {
  all: ['renters-payment-methods'] as const,
  list: (customerId: number) => ['renters-payment-methods', customerId] as const,
};

const customerPath = (customerId: number) => `/v2/renters/customers/${customerId}`;

export async function listRentersPaymentMethods(
  customerId: number,
  signal?: AbortSignal,
): Promise<RentersPaymentMethod[]> {
  const answer = await apiRequest(`${customerPath(customerId)}/payment_methods`, { signal });
  return RentersPaymentMethodListResponse.parse(answer).data;
}

export const rentersPaymentMethodsQuery = (customerId: number) =>
  queryOptions({
    queryKey: rentersPaymentMethodKeys.list(customerId),
    queryFn: ({ signal }) => listRentersPaymentMethods(customerId, signal),
  });

export async function openSetupIntent(customerId: number): Promise<SetupIntent> {
  const path = `${customerPath(customerId)}/payment_accounts/active/payment_methods/setup-intent`;
  return SetupIntentResponse.parse(await apiRequest(path)).data;
}

// A 422 names the fields as `data.card.number`, `data.bank.routingNumber`, ….
export async function tokenizeIntoSetupIntent(
  setupIntentId: string,
  method: PaymentMethodRequest,
  billingZipCode?: string,
): Promise<TokenizedMethod> {
  const data = { setup_intent_id: setupIntentId, ...method, billing_zip_code: billingZipCode };
  return TokenizeResponse.parse(await apiRequest('/v2/renters/tokenize', { method: 'POST', body: { data } }))
    .data;
}

export async function lookupSetupIntent(setupIntentId: string) {
  const answer = await apiRequest('/v2/renters/payment-methods/lookup', { query: { setupIntentId } });
  return LookupResponse.parse(answer).data;
}

export async function addRentersPaymentMethod(
  customerId: number,
  accountId: string,
  setupIntentId: string,
): Promise<AddPaymentMethodResponse> {
  const path = `${customerPath(customerId)}/payment_accounts/${encodeURIComponent(accountId)}/payment_methods`;
  const body = { data: { setup_intent_id: setupIntentId, is_primary: true } };
  return AddPaymentMethodResponse.parse(await apiRequest(path, { method: 'POST', body }));
}
