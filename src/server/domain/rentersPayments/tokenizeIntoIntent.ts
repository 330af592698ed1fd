import type { TokenizeData } from '../../../api/schemas/rentersPaymentMethods';
import { Invalid } from '../domainErrors';
import type { BankAccountDetails, PaymentAdapter, PaymentToken } from '../payments/paymentAdapter';

// MM/YY or MM/YYYY as printed on a card (as the pet payment session reads it).
const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

// Field keys are the request's own paths (`data.card.number`, …), as zod's are, so one form shows both.
const prefixed = (prefix: string, errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));

// Sends the card or account to the payment service once; a refusal is a 422 naming the fields and nothing
// is kept. Only the token, type and last four come back.
export async function tokenizeMethod(
  payments: PaymentAdapter,
  data: TokenizeData,
  userId: number,
): Promise<{ payment: PaymentToken; billingZipCode: string | null }> {
  const owner = { userId, sessionId: null };
  if (data.type === 'card') {
    const expiry = EXPIRY.exec(data.card.expiry.trim());
    if (!expiry) throw new Invalid({ 'data.card.expiry': ['The expiry must be MM/YY.'] });
    const result = await payments.tokenizeCard(
      {
        number: data.card.number,
        expiryMonth: Number(expiry[1]),
        expiryYear: Number(expiry[2]),
        cvc: data.card.cvc.trim(),
        name: data.card.name,
        zip: data.card.zip.trim(),
      },
      owner,
    );
    if (!result.ok) throw new Invalid(prefixed('data.card', result.errors));
    return { payment: result.payment, billingZipCode: data.billing_zip_code ?? data.card.zip.trim() };
  }
  const result = await payments.tokenizeBankAccount(
    {
      routingNumber: data.bank.routingNumber.replace(/\s/g, ''),
      accountNumber: data.bank.accountNumber.replace(/\s/g, ''),
      name: data.bank.name,
      // Any other text is refused by the adapter's check, field accountType.
      accountType: data.bank.accountType.trim().toLowerCase() as BankAccountDetails['accountType'],
    },
    owner,
  );
  if (!result.ok) throw new Invalid(prefixed('data.bank', result.errors));
  return { payment: result.payment, billingZipCode: data.billing_zip_code ?? null };
}
