import { declineMessage } from './sandboxPaymentAdapter';

// A card tester learns which stolen cards are live from the decline's reason: "insufficient funds" means the
// number is real. So a decline is told to whoever made or watches the payment as a decline, whatever the
// payment service said; the specific reason stays on the payment record (the charge's row, the quote's log,
// the instalment), which staff read (docs/security.md "Limits on abuse"). Reasons that are no decline (an
// unknown payment method, a bad amount) help the person fix the request and are told as they are.
const DECLINES: ReadonlySet<string> = new Set(['card_declined', 'insufficient_funds']);

export function shownDeclineReason(reason: string): string {
  return DECLINES.has(reason) ? 'card_declined' : reason;
}

export function shownDeclineMessage(reason: string): string {
  return declineMessage(shownDeclineReason(reason));
}
