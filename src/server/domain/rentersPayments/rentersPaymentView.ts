import type { RentersPaymentMethodWire } from '../../../api/schemas/rentersPaymentMethods';
import type { StoredMethod } from './rentersPaymentAccounts';

// SPEC §3 "Payment method: last_4, type, billing_zip_code, is_primary, is_active" in the renters wire's
// snake_case, with the ids the screen record names. The processor's id is the token: an opaque reference, safe to show.
export function paymentMethodOut(row: StoredMethod): RentersPaymentMethodWire {
  return {
    id: row.id,
    payment_account_id: row.account_id,
    type: row.type_code,
    processor_payment_method_id: row.processor_payment_method_id,
    last_4: row.last4,
    billing_zip_code: row.billing_zip_code,
    is_active: row.is_active,
    is_primary: row.is_primary,
  };
}

// The sale's method of a customer without an account method: known by its last four only.
export function methodOnFileOut(
  onFile: { type: 'card' | 'bank'; last4: string },
  accountId: string | null,
): RentersPaymentMethodWire {
  return {
    id: null,
    payment_account_id: accountId,
    type: onFile.type,
    processor_payment_method_id: null,
    last_4: onFile.last4,
    billing_zip_code: null,
    is_active: true,
    is_primary: true,
  };
}
