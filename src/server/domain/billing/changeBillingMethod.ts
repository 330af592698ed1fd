import type { EventMetadata, Trx } from '../../store/eventStore';
import { appendBilling } from './billingCommands';
import { billingEvent, type PaymentMethodOnFile } from './billingEvents';
import type { PolicyRef } from './policyRef';
import { findBillingAccount } from './billingAccount';

// The customer's new payment method, on the policy's billing stream, so the run's next charge and a "Pay
// now" take it (docs/billing.md "The schedule"). A policy billed before ledgers has nothing to change.
export async function changeBillingMethod(
  trx: Trx,
  ref: PolicyRef,
  payment: PaymentMethodOnFile,
  metadata: EventMetadata,
  recordedAt?: Date,
): Promise<boolean> {
  const account = await findBillingAccount(trx, ref);
  if (!account || account.token === payment.token) return false;
  await appendBilling(trx, ref, [billingEvent.paymentMethodChanged({ payment })], metadata, recordedAt);
  return true;
}
