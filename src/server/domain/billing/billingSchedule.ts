import { addMonths, type BusinessDate } from '../../../calendar';
import { monthlySchedule } from '../rating/paymentSchedule';
import type { ScheduledCharge } from './billingEvents';

// What each payment of a term asks (docs/billing.md "The schedule"): paid monthly, a down payment and eleven
// equal instalments; paid in full, the year's total. The rating's payments (`quotePayments`) have this shape.
export interface TermPayments {
  monthly: { downpayment: number; installment: number };
  annual: { total: number };
}

// A total whose payments the rating does not split line by line (a renters renewal's): the down payment takes
// the odd cents, the eleven instalments are equal.
export function evenPayments(totalCents: number): TermPayments {
  const split = monthlySchedule(totalCents);
  return {
    monthly: { downpayment: split.downpayment, installment: split.monthly },
    annual: { total: totalCents },
  };
}

// The instalments of one term (docs/billing.md "The schedule"): paid in full, one instalment on the
// effective date; paid monthly, the first (the down payment) on the effective date and eleven more on the
// same day of the following months (the month's last day when it is shorter), each counted from the
// effective date so a short month never shifts the ones after it.
export function termSchedule(term: {
  plan: 'monthly' | 'annual';
  effectiveDate: BusinessDate;
  firstCents: number;
  monthlyCents: number;
  firstSeq?: number;
}): ScheduledCharge[] {
  const seq = term.firstSeq ?? 1;
  const first: ScheduledCharge = {
    seq,
    kind: 'instalment',
    dueDate: term.effectiveDate,
    amountCents: term.firstCents,
    description: term.plan === 'annual' ? 'Annual premium' : 'Down payment',
  };
  if (term.plan === 'annual') return [first];
  return [
    first,
    ...Array.from({ length: 11 }, (_, i) => ({
      seq: seq + i + 1,
      kind: 'instalment' as const,
      dueDate: addMonths(term.effectiveDate, i + 1),
      amountCents: term.monthlyCents,
      description: `Instalment ${i + 2} of 12`,
    })),
  ];
}
