import { addMonths, type BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { instalment, type PaymentPeriod } from '../policies/cancellation';
import { findBillingAccount } from './billingAccount';

export interface PetTerm {
  effectiveDate: BusinessDate;
  annualPremiumCents: number;
  paymentPeriod: PaymentPeriod;
}

// The premium a pet policy's payments have paid, net of refunds, as cancellation weighs it against the
// premium earned (docs/billing.md "Cancellation"). An instalment the customer pays carries, beside its month's
// share of the premium, the fees and taxes of the payment; those stay paid whatever happens to the cover, so
// each instalment collected counts only its premium share (the whole premium when paid annually). A balance
// due collected is premium; a refund sent gave premium back. Null when billing does not know the term: a
// policy billed before ledgers, or a term renewed before renewals were billed.
export async function petPremiumCollected(
  db: Db | Trx,
  policyNumber: string,
  term: PetTerm,
): Promise<number | null> {
  const account = await findBillingAccount(db, { line: 'pet', policyNumber });
  if (!account || account.term_effective !== term.effectiveDate) return null;
  const paid = await db
    .selectFrom('billing_instalments')
    .select(['kind', 'due_date', 'amount_cents'])
    .where('line', '=', 'pet')
    .where('policy_number', '=', policyNumber)
    .where('status', '=', 'paid')
    .execute();
  let premium = 0;
  for (const row of paid) {
    if (row.kind === 'balanceDue') premium += row.amount_cents;
    if (row.kind !== 'instalment') continue;
    premium += Math.min(row.amount_cents, premiumShare(term, row.due_date));
  }
  return premium - Number(account.refunded_cents);
}

// The premium an instalment due on `due` pays: its month's share of a monthly term, the whole premium of an
// annual one, nothing for a day that is not one of the term's due dates (another term's instalment).
function premiumShare(term: PetTerm, due: BusinessDate): number {
  if (term.paymentPeriod === 'ANNUAL') return due === term.effectiveDate ? term.annualPremiumCents : 0;
  for (let month = 0; month < 12; month += 1)
    if (addMonths(term.effectiveDate, month) === due) return instalment(term.annualPremiumCents, month);
  return 0;
}
