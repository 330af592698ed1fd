import { openPaymentSession, tokenizePaymentMethod } from '../../../api/calls/paymentSession';
import { paymentMethodRequest, type PaymentDetails } from '../../../ui/payment/paymentDetails';

// Card or bank details become a token through the payment session (docs/payments.md); only the token
// and the billing zip reach the renters quote. A refusal is a 422 keyed `card.number`, `bank.…`.
export async function tokenizeDetails(
  details: PaymentDetails,
  propertyZip: string,
): Promise<{ token: string; billing_zip_code: string }> {
  const session = await openPaymentSession();
  const method = await tokenizePaymentMethod(session.session_id, paymentMethodRequest(details));
  // A bank account has no billing zip of its own: the property's stands for it.
  return {
    token: method.token,
    billing_zip_code: details.kind === 'card' ? details.billingZip : propertyZip,
  };
}

// The server's message on the billing zip belongs beside the card's zip field.
export function paymentFieldErrors(fields: Record<string, string[]>): Record<string, string[]> {
  const zip = [...(fields['card.zip'] ?? []), ...(fields.billing_zip_code ?? [])];
  return zip.length ? { ...fields, 'card.zip': zip } : fields;
}
