import { addMonths, type BusinessDate } from '../../../calendar';
import { instalment, type PaymentPeriod } from '../moneyRules/cancellationFigures';

export interface PetTerm {
  effectiveDate: BusinessDate;
  annualPremiumCents: number;
  paymentPeriod: PaymentPeriod;
}

export interface PaidBill {
  kind: string;
  due_date: BusinessDate;
  amount_cents: number;
}

// The premium a pet term's paid bills paid, before refunds (docs/billing.md "Cancellation"). An instalment the
// customer pays carries, beside its month's share of the premium, the fees and taxes of the payment; those stay
// paid whatever happens to the cover, so each instalment collected counts only its premium share (the whole
// premium when paid annually), never more than it took. A balance due collected is premium; any other charge
// (a reinstatement's charge-back) is not.
export function petPremiumPaid(term: PetTerm, paid: readonly PaidBill[]): number {
  let premium = 0;
  for (const row of paid) {
    if (row.kind === 'balanceDue') premium += row.amount_cents;
    if (row.kind !== 'instalment') continue;
    premium += Math.min(row.amount_cents, premiumShare(term, row.due_date));
  }
  return premium;
}

// The premium an instalment due on `due` pays: its month's share of a monthly term, the whole premium of an
// annual one, nothing for a day that is not one of the term's due dates (another term's instalment).
function premiumShare(term: PetTerm, due: BusinessDate): number {
  if (term.paymentPeriod === 'ANNUAL') return due === term.effectiveDate ? term.annualPremiumCents : 0;
  for (let month = 0; month < 12; month += 1)
    if (addMonths(term.effectiveDate, month) === due) return instalment(term.annualPremiumCents, month);
  return 0;
}
