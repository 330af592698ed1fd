import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { findBillingAccount } from './billingAccount';
import { refundedAgainst } from './refundedAgainst';

// What the payment service took for a renters policy's term, net of what was sent back of it (docs/billing.md
// "Cancellation"): the instalments and charges paid that fell due in the term, less the refunds sent against
// their charges. A cancellation weighs it
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
    .select(['amount_cents', 'charge_id', 'seq'])
    .where('line', '=', 'renters')
    .where('policy_number', '=', policyNumber)
    .where('status', '=', 'paid')
    .where('due_date', '>=', term.effectiveDate)
    .where('due_date', '<', term.expirationDate)
    .orderBy('seq')
    .execute();
  const charges = new Set(paid.flatMap((row) => (row.charge_id ? [row.charge_id] : [])));
  const first = await db
    .selectFrom('billing_instalments')
    .select('charge_id')
    .where('line', '=', 'renters')
    .where('policy_number', '=', policyNumber)
    .where('seq', '=', 1)
    .executeTakeFirst();
  const ref = { line: 'renters' as const, policyNumber };
  const refunded = await refundedAgainst(db, ref, charges, first?.charge_id ?? null);
  return paid.reduce((sum, row) => sum + row.amount_cents, 0) - refunded;
}
