import type { RentersPaymentMethod } from '../../../api/schemas/rentersPaymentMethods';
import type { StoredMethod } from './rentersPaymentAccounts';

// SPEC §3 "Payment method (screen)". The processor's id is the token: an opaque reference, safe to show.
export function paymentMethodOut(row: StoredMethod): RentersPaymentMethod {
  return {
    id: row.id,
    paymentAccountId: row.account_id,
    typeCode: row.type_code,
    processorPaymentMethodId: row.processor_payment_method_id,
    last4: row.last4,
    billingZipCode: row.billing_zip_code,
    isActive: row.is_active,
    isPrimary: row.is_primary,
  };
}

// The sale's method of a customer without an account method: known by its last four only.
export function methodOnFileOut(
  onFile: { type: 'card' | 'bank'; last4: string },
  accountId: string | null,
): RentersPaymentMethod {
  return {
    id: null,
    paymentAccountId: accountId,
    typeCode: onFile.type,
    processorPaymentMethodId: null,
    last4: onFile.last4,
    billingZipCode: null,
    isActive: true,
    isPrimary: true,
  };
}
