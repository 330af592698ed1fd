import type { EventMetadata, Trx } from '../../store/eventStore';
import { addPrimaryMethod, primaryMethod } from '../rentersPayments/rentersPaymentAccounts';
import { announceMethodChange } from './rentersPolicyMethods';

export interface PurchaseMethod {
  customerId: number;
  policyNumber: string;
  quoteId: string;
  // The token the purchase charged: the processor's id of the method.
  token: string;
}

// Called by sellRentersPolicy inside the purchase: the method the policy was bought with becomes the
// customer's primary method. A token the payment service does not know (test fixtures) adds nothing; the
// policy's issue event then shows the method "on file". When the customer already had another primary
// method, the new one bills every policy from now on, so the customer's other current policies are told.
export async function recordPurchaseMethod(
  trx: Trx,
  metadata: EventMetadata,
  purchase: PurchaseMethod,
): Promise<void> {
  const token = await trx
    .selectFrom('payment_tokens')
    .select(['token', 'type', 'last4'])
    .where('token', '=', purchase.token)
    .executeTakeFirst();
  if (!token) return;
  const current = await primaryMethod(trx, purchase.customerId);
  if (current?.processor_payment_method_id === token.token) return;
  const quote = await trx
    .selectFrom('renters_quotes')
    .select('journey')
    .where('id', '=', purchase.quoteId)
    .executeTakeFirst();
  const payment = quote?.journey.payment;
  const billingZipCode = payment?.token === token.token ? payment.billingZipCode || null : null;
  const added = await addPrimaryMethod(trx, metadata, purchase.customerId, {
    typeCode: token.type,
    processorPaymentMethodId: token.token,
    last4: token.last4,
    billingZipCode,
    source: { kind: 'purchase', policyNumber: purchase.policyNumber },
  });
  if (added.previousMethodId === null) return;
  await announceMethodChange(
    trx,
    metadata,
    purchase.customerId,
    { methodId: added.methodId, type: token.type, last4: token.last4, billingZipCode },
    purchase.policyNumber,
    token.token,
  );
}
