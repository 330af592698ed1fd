import type { EventMetadata, Trx } from '../../store/eventStore';
import { addPrimaryMethod, primaryMethod } from '../rentersPayments/rentersPaymentAccounts';
import { announceMethodChange } from './rentersPolicyMethods';

// A new card that paid a renters policy's late payment ("Pay now") becomes the customer's primary method, as a
// purchase's card does (recordPurchaseMethod.ts): the customer's account, every billed policy's record and its
// billing then name the one card billing charges (docs/payments.md "Renters payment methods"). Before, billing
// charged the new card while the record and the account still showed the card that declined.
export async function recordPaidMethod(
  trx: Trx,
  metadata: EventMetadata,
  paid: { customerId: number; policyNumber: string; token: string },
): Promise<boolean> {
  const token = await trx
    .selectFrom('payment_tokens')
    .select(['token', 'type', 'last4'])
    .where('token', '=', paid.token)
    .executeTakeFirst();
  if (!token) return false;
  const current = await primaryMethod(trx, paid.customerId);
  if (current?.processor_payment_method_id === token.token) return false;
  const added = await addPrimaryMethod(trx, metadata, paid.customerId, {
    typeCode: token.type,
    processorPaymentMethodId: token.token,
    last4: token.last4,
    billingZipCode: null,
    source: { kind: 'payNow', policyNumber: paid.policyNumber },
  });
  await announceMethodChange(
    trx,
    metadata,
    paid.customerId,
    { methodId: added.methodId, type: token.type, last4: token.last4, billingZipCode: null },
    null,
    token.token,
  );
  return true;
}
