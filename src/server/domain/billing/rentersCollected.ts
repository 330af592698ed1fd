import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { findBillingAccount } from './billingAccount';

// What the payment service took for a renters policy's term, net of refunds sent (docs/billing.md
// "Cancellation"): the instalments and charges paid that fell due in the term. A cancellation weighs it
// against what the cover earned; a bill that fell due but was never collected is not paid, and a bill not yet
// due is not paid either. Null when billing does not know the term: a policy billed before ledgers, or a term
// renewed before renewals were billed (the caller then takes every bill that fell due as paid).
export async function rentersCollectedInTerm(
  db: Db | Trx,
  policyNumber: string,
  term: { effectiveDate: BusinessDate; expirationDate: BusinessDate },
): Promise<number | null> {
  const account = await findBillingAccount(db, { line: 'renters', policyNumber });
  if (!account || account.term_effective !== term.effectiveDate) return null;
  const paid = await db
    .selectFrom('billing_instalments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.val('0')).as('cents'))
    .where('line', '=', 'renters')
    .where('policy_number', '=', policyNumber)
    .where('status', '=', 'paid')
    .where('due_date', '>=', term.effectiveDate)
    .where('due_date', '<', term.expirationDate)
    .executeTakeFirstOrThrow();
  return Number(paid.cents) - Number(account.refunded_cents);
}
