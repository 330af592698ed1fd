import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `renters_payment_account` stream (stream id = the customer id, so a customer has one
// account and two requests opening it race into a version conflict): the account that bills the
// customer's renters policies and its payment methods (docs/payments.md "Renters payment methods").
export const RENTERS_PAYMENT_ACCOUNT_STREAM = 'renters_payment_account';

export interface PaymentAccountOpened {
  accountId: string;
  customerId: number;
}

export interface PaymentMethodAdded {
  methodId: string;
  accountId: string;
  customerId: number;
  typeCode: 'card' | 'bank';
  // The processor's token: an opaque reference, never the card or account number.
  processorPaymentMethodId: string;
  last4: string;
  billingZipCode: string | null;
  // How it came: with a purchase (the policy bought) or an update through a setup intent.
  source:
    | { kind: 'purchase'; policyNumber: string }
    | { kind: 'setupIntent'; setupIntentId: string }
    // A card given to staff for a late payment ("Pay now") that paid.
    | { kind: 'payNow'; policyNumber: string };
}

// The method that bills from now on; the one it replaces becomes inactive.
export interface PrimaryMethodChanged {
  methodId: string;
  previousMethodId: string | null;
}

export const rentersPaymentEvent = {
  opened: (data: PaymentAccountOpened): NewEvent => ({
    type: 'rentersPaymentAccount.opened',
    data: { ...data },
  }),
  methodAdded: (data: PaymentMethodAdded): NewEvent => ({
    type: 'rentersPaymentAccount.methodAdded',
    data: { ...data },
  }),
  primaryChanged: (data: PrimaryMethodChanged): NewEvent => ({
    type: 'rentersPaymentAccount.primaryChanged',
    data: { ...data },
  }),
};

// The account is a plain record: opened once, then only changed.
export function rentersPaymentLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  return event.type === 'rentersPaymentAccount.opened'
    ? { type: 'record.create' }
    : { type: 'record.update' };
}
