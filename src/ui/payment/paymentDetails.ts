import type { PaymentMethodRequest } from '../../api/schemas/quotePurchase';

// Card or bank details as the agent types them. They go to the payment session's payment-methods endpoint
// only (docs/payments.md) and are dropped once tokenized; the journey keeps the token and last four.
export type PaymentKind = 'card' | 'bank';

export interface PaymentDetails {
  kind: PaymentKind;
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardName: string;
  billingZip: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  accountName: string;
}

export function emptyPaymentDetails(name: string, zip: string): PaymentDetails {
  return {
    kind: 'card',
    cardNumber: '',
    expiry: '',
    cvc: '',
    cardName: name,
    billingZip: zip,
    routingNumber: '',
    accountNumber: '',
    accountType: 'checking',
    accountName: name,
  };
}

export function paymentMethodRequest(d: PaymentDetails): PaymentMethodRequest {
  return d.kind === 'card'
    ? {
        type: 'card',
        card: { number: d.cardNumber, expiry: d.expiry, cvc: d.cvc, name: d.cardName, zip: d.billingZip },
      }
    : {
        type: 'bank',
        bank: {
          routingNumber: d.routingNumber,
          accountNumber: d.accountNumber,
          accountType: d.accountType,
          name: d.accountName,
        },
      };
}

// The secrets are forgotten once a token stands for them.
export function withoutSecrets(d: PaymentDetails): PaymentDetails {
  return { ...d, cardNumber: '', cvc: '', accountNumber: '' };
}
