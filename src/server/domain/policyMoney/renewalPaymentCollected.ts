import type { AfterCollected } from '../billing/collectInstalment';
import { recordRenewalPayment } from '../rentersPolicies/rentersRenewalPayment';

// A renters renewal's payment, once billing collected it, is a fact of the policy too (SPEC §3
// has_pending_renewal_payment, "Renewal payment pending" on the record): written in the collection's
// transaction, so the money and the flag never disagree. The renewed term's first bill is the one due on its
// effective date (docs/billing.md "Renewal"); no other bill of an active policy falls on that day, since a
// balance due or a reinstatement charge comes with a cancellation, which ends the wait for a renewal payment.
// A pet renewal has no such flag.
export const renewalPaymentCollected: AfterCollected = async (trx, due, on, metadata) => {
  if (due.ref.line !== 'renters') return;
  await recordRenewalPayment(trx, metadata, due.ref.policyNumber, due.dueDate, on);
};
