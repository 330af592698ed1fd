import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import {
  RENTERS_PAYMENT_ACCOUNT_STREAM,
  type PaymentAccountOpened,
  type PaymentMethodAdded,
  type PrimaryMethodChanged,
} from './rentersPaymentEvents';

// Read tables `renters_payment_accounts` and `renters_payment_methods`. A new method is active but not
// primary; primaryChanged makes it the one that bills and retires the one before it.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'rentersPaymentAccount.opened') {
    const data = event.data as unknown as PaymentAccountOpened;
    await trx
      .insertInto('renters_payment_accounts')
      .values({
        id: data.accountId,
        customer_id: data.customerId,
        version: event.version,
        created_at: event.recordedAt,
      })
      .execute();
    return;
  }
  if (event.type === 'rentersPaymentAccount.methodAdded') {
    const data = event.data as unknown as PaymentMethodAdded;
    await trx
      .insertInto('renters_payment_methods')
      .values({
        id: data.methodId,
        account_id: data.accountId,
        customer_id: data.customerId,
        type_code: data.typeCode,
        processor_payment_method_id: data.processorPaymentMethodId,
        last4: data.last4,
        billing_zip_code: data.billingZipCode,
        is_active: true,
        is_primary: false,
        added_at: event.recordedAt,
      })
      .execute();
  }
  if (event.type === 'rentersPaymentAccount.primaryChanged') {
    const data = event.data as unknown as PrimaryMethodChanged;
    if (data.previousMethodId !== null) {
      await trx
        .updateTable('renters_payment_methods')
        .set({ is_primary: false, is_active: false })
        .where('id', '=', data.previousMethodId)
        .execute();
    }
    await trx
      .updateTable('renters_payment_methods')
      .set({ is_primary: true, is_active: true })
      .where('id', '=', data.methodId)
      .execute();
  }
  await trx
    .updateTable('renters_payment_accounts')
    .set({ version: event.version })
    .where('customer_id', '=', Number(event.streamId))
    .execute();
}

registerProjection(RENTERS_PAYMENT_ACCOUNT_STREAM, project);
