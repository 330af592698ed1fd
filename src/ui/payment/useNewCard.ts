import { useRef, useState } from 'react';
import { anyOf } from '../../api/access';
import { openPaymentSession, tokenizePaymentMethod } from '../../api/calls/paymentSession';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import type { PaymentMethod } from '../../api/schemas/quotePurchase';
import { emptyPaymentDetails, paymentMethodRequest, type PaymentDetails } from './paymentDetails';

// Who may type a card: the payment session's own check (paymentSessionRoutes.ts). A user who may take a
// payment without it charges the method on file only.
export const NEW_CARD_ACCESS = anyOf('quote_new');

export interface NewCard {
  details: PaymentDetails;
  setDetails(details: PaymentDetails): void;
  // Something was typed since the card entry opened (or was last cleared).
  dirty: boolean;
  // The token of the details as they stand, made once through a payment session (docs/payments.md): asked
  // again with the same details (a payment refused for another reason than the card), the token is reused.
  token(): Promise<PaymentMethod>;
  // Forgets the numbers and the token, once a payment or a change no longer needs them.
  clear(): void;
}

// A card typed into a policy's dialog (Pay now, Change card): the details as typed, and the token that stands
// for them. The numbers stay on screen while the dialog is open, so a declined card can be corrected.
export function useNewCard(): NewCard {
  const [blank] = useState<PaymentDetails>(() => emptyPaymentDetails('', ''));
  const [details, setDetails] = useState<PaymentDetails>(blank);
  const made = useRef<{ details: PaymentDetails; method: PaymentMethod } | null>(null);
  const dirty = (Object.keys(blank) as (keyof PaymentDetails)[]).some((key) => details[key] !== blank[key]);
  return {
    details,
    setDetails,
    dirty,
    token: async () => {
      if (made.current?.details === details) return made.current.method;
      const session = await openPaymentSession();
      const method = await tokenizePaymentMethod(session.session_id, paymentMethodRequest(details));
      made.current = { details, method };
      return method;
    },
    clear: () => {
      made.current = null;
      setDetails(blank);
    },
  };
}

// The payment session names a refused card's fields `card.number`, `card.expiry`, …, which sit beside the
// fields; anything else a 422 says (an unknown token) is the dialog's to say. `problem` is what the dialog says
// above the fields (null without an error).
export function cardProblem(error: unknown): { fields: Record<string, string[]>; problem: string | null } {
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  if (!error) return { fields, problem: null };
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    if (field.startsWith('card.')) fields[field] = messages;
    else other.push(...messages);
  }
  const problem =
    Object.keys(fields).length > 0
      ? 'Check the card details marked below.'
      : other.length > 0
        ? other.join(' ')
        : errorMessage(error);
  return { fields, problem };
}
