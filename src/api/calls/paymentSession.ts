import { apiRequest } from '../client';
import {
  PaymentMethodResponse,
  PaymentSessionResponse,
  type PaymentMethod,
  type PaymentMethodRequest,
} from '../schemas/quotePurchase';

// The payment session (docs/payments.md): the sandbox stand-in for the processor's hosted form. Card and
// bank details go to the payment-methods endpoint only; everything else sees the token and last four.
export type PaymentSession = ReturnType<typeof PaymentSessionResponse.parse>['data'];

export async function openPaymentSession(): Promise<PaymentSession> {
  return PaymentSessionResponse.parse(await apiRequest('/v1/one-inc-session')).data;
}

// A 422 names the fields as `card.number`, `bank.routingNumber`, ….
export async function tokenizePaymentMethod(
  sessionId: string,
  body: PaymentMethodRequest,
): Promise<PaymentMethod> {
  const path = `/v1/one-inc-session/${encodeURIComponent(sessionId)}/payment-methods`;
  return PaymentMethodResponse.parse(await apiRequest(path, { method: 'POST', body })).data;
}
