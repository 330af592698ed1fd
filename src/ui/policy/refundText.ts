import type { BillingRefund } from '../../api/schemas/billing';
import type { Refund } from '../../api/schemas/refunds';
import { formatMoney } from '../format';

// How a refund reads on the Payments tab and the failed refunds queue: what happened to the money, in words.

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

export const askedText = (attempts: number) => `Asked ${times(attempts)}.`;

// The server's reason is a sentence without its full stop ("The card's charge is unknown to the payment
// service").
export const reasonText = (reason: string | null) => `${reason ?? 'The payment service refused it'}.`;

// One refund of the policy's billing, as its row says it.
export function refundRowText(refund: BillingRefund): string {
  const amount = formatMoney(refund.amount);
  switch (refund.outcome) {
    case 'done':
      return `Refund of ${amount} sent back to the customer.`;
    case 'pending':
      return `Refund of ${amount} is being sent to the payment service.`;
    case 'failed':
      return `Refund of ${amount} failed. ${reasonText(refund.reason)} ${askedText(refund.attempts)} The money is held as the customer’s credit until it goes through.`;
  }
}

// What a retry did, for the notice shown after it.
export function retryOutcomeText(refund: Refund): { tone: 'success' | 'error' | 'info'; text: string } {
  const amount = formatMoney(refund.amount);
  switch (refund.status) {
    case 'done':
      return { tone: 'success', text: `The refund of ${amount} went through.` };
    case 'pending':
      return { tone: 'info', text: `The refund of ${amount} is still being asked for.` };
    case 'failed':
      return {
        tone: 'error',
        text: `The payment service refused the refund of ${amount} again. ${reasonText(refund.reason)}`,
      };
  }
}
