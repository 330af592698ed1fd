import type { BusinessDate } from '../../../calendar';

export interface DueBill {
  status: string;
  dueDate: BusinessDate;
  amountCents: number;
}

export interface PaymentsDue<Bill> {
  // What a "Pay now" would charge today: every unpaid bill due on or before today.
  dueNowCents: number;
  // Whether any unpaid bill is due by today (payNow has something to charge).
  anythingDue: boolean;
  // The first unpaid bill due after today, in the schedule's order.
  next: Bill | null;
}

const UNPAID: ReadonlySet<string> = new Set(['scheduled', 'declined', 'failed']);

// What a policy's schedule asks of the customer on a day (docs/billing.md "On screen"): a bill is unpaid while it
// is scheduled, declined or failed (not once paid or void); those due on or before the day are due now, and the
// first one due after it is the next payment.
export function paymentsDue<Bill extends DueBill>(
  schedule: readonly Bill[],
  today: BusinessDate,
): PaymentsDue<Bill> {
  const unpaid = schedule.filter((b) => UNPAID.has(b.status));
  const dueNow = unpaid.filter((b) => b.dueDate <= today);
  return {
    dueNowCents: dueNow.reduce((sum, b) => sum + b.amountCents, 0),
    anythingDue: dueNow.length > 0,
    next: unpaid.find((b) => b.dueDate > today) ?? null,
  };
}
