import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { findBillingAccount } from './billingAccount';
import { petPremiumPaid, type PetTerm } from './petPremiumPaid';

export type { PetTerm } from './petPremiumPaid';

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
  return petPremiumPaid(term, paid) - Number(account.refunded_cents);
}
