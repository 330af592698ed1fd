import type { Billing, BillingInstalment, PayNowResult } from '../../api/schemas/billing';
import { formatCode, formatDate, formatMoney } from '../format';

// How a policy's billing reads on its Payments tab: dates on the business calendar, money as $1,234.56.

// The account's standing in words, or null when it is simply current.
export function standingText(billing: Billing): string | null {
  switch (billing.state) {
    case 'pastDue':
      return `Past due since ${formatDate(billing.pastDueSince)}`;
    case 'lapsed':
      return `Lapsed on ${formatDate(billing.lapsedOn)} — pay by ${formatDate(billing.reinstateBy)} to reinstate`;
    case 'closed':
      return 'Closed';
    default:
      return null;
  }
}

export function nextPaymentText(billing: Billing): string {
  const next = billing.nextPayment;
  return next ? `Next payment ${formatDate(next.dueDate)} — ${formatMoney(next.amount)}` : 'No payment due';
}

export function methodText(method: Billing['paymentMethod']): string {
  if (!method.method) return 'the payment method on file';
  const name = method.method === 'card' ? 'Card' : formatCode(method.method);
  return method.last4 ? `${name} ending ${method.last4}` : name;
}

// The method on file as a choice beside "A new card": "Card on file (••4242)".
export function onFileText(method: Billing['paymentMethod']): string {
  if (!method.method) return 'The payment method on file';
  const names: Record<string, string> = { card: 'Card', bank: 'Bank account' };
  const name = names[method.method] ?? formatCode(method.method);
  return method.last4 ? `${name} on file (••${method.last4})` : `${name} on file`;
}

// The last column of the schedule: when it was paid, or why not and when it is tried next.
export function instalmentNote(row: BillingInstalment): string {
  switch (row.status) {
    case 'paid':
      return `Paid ${formatDate(row.paidOn)}`;
    case 'declined':
      return `${row.lastDeclineReason ?? 'Declined.'} Next try ${formatDate(row.collectOn)}`;
    case 'failed':
      // Out of automatic retries (or declined when staff took it): only "Pay now" charges it again.
      return `${row.lastDeclineReason ?? 'Declined.'} Not retried automatically.`;
    case 'void':
      return 'Not charged';
    default:
      return row.collectOn && row.collectOn !== row.dueDate ? `Next try ${formatDate(row.collectOn)}` : '—';
  }
}

const instalments = (n: number) => `${n} ${n === 1 ? 'instalment' : 'instalments'}`;

// What a "Pay now" did, for the message shown after it.
export function payOutcomeText(result: PayNowResult): { tone: 'success' | 'error'; text: string } {
  const parts: string[] = [];
  if (result.collected > 0) parts.push(`Collected ${instalments(result.collected)}.`);
  // The server says only that it was declined, never why (docs/security.md "Limits on abuse").
  if (result.declined > 0) parts.push(result.declineReason ?? 'The payment was declined.');
  if (result.reinstated) parts.push('The policy is reinstated.');
  if (parts.length === 0) parts.push('Nothing was charged.');
  return { tone: result.declined > 0 ? 'error' : 'success', text: parts.join(' ') };
}
