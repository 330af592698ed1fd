import type { BusinessDate } from '../../../calendar';
import type { BillingAccountEvent } from '../../../machines/billingAccount';
import type { NewEvent } from '../../store/eventStore';
import type { PolicyLine } from './policyRef';

// Events of a policy's billing stream (docs/billing.md). Money is integer cents, dates business dates.
export type ChargeKind = 'instalment' | 'balanceDue' | 'reinstatement';

export interface ScheduledCharge {
  seq: number;
  kind: ChargeKind;
  dueDate: BusinessDate;
  amountCents: number;
  description: string;
}

export interface PaymentMethodOnFile {
  token: string | null;
  method: 'card' | 'bank' | null;
  last4: string | null;
}

export interface BillingOpened {
  line: PolicyLine;
  policyNumber: string;
  entityId: number;
  customerId: number;
  plan: 'monthly' | 'annual';
  effectiveDate: BusinessDate;
  expirationDate: BusinessDate;
  payment: PaymentMethodOnFile;
  instalments: ScheduledCharge[];
  // The first instalment, collected by the purchase's charge.
  firstCollected: { chargeId: string | null; collectedOn: BusinessDate } | null;
}

export interface InstalmentCollected {
  seq: number;
  attempt: number;
  amountCents: number;
  chargeId: string;
  collectedOn: BusinessDate;
  idempotencyKey: string;
  settlesArrears: boolean;
}

export interface InstalmentDeclined {
  seq: number;
  attempt: number;
  amountCents: number;
  reason: string;
  declinedOn: BusinessDate;
  // The day of the next try, or null when the dunning schedule has none left.
  retryOn: BusinessDate | null;
  idempotencyKey: string;
}

export interface ChargeAdded extends ScheduledCharge {
  kind: 'balanceDue' | 'reinstatement';
}

export interface TermScheduled {
  effectiveDate: BusinessDate;
  expirationDate: BusinessDate;
  instalments: ScheduledCharge[];
}

// One part of a refund the payment service sent back to one charge (a refund is split across the charges that
// hold the policy's money: docs/payments.md "Refunds").
export interface RefundPartSent {
  chargeId: string;
  amountCents: number;
  refundId: string;
}

export interface RefundRecorded {
  key: string;
  amountCents: number;
  outcome: 'pending' | 'done' | 'failed';
  refundId: string | null;
  reason: string | null;
  // The parts this attempt sent (absent on records from before refunds were split: a done one sent it all to
  // the purchase's charge). A failed attempt may have sent some parts before one was refused.
  sent?: RefundPartSent[];
}

export interface PaymentMethodChanged {
  payment: PaymentMethodOnFile;
}

export interface Lapsed {
  on: BusinessDate;
  // The first missed due date the grace period ran from.
  firstMissedOn: BusinessDate;
  reason: string;
}

export interface Reinstated {
  on: BusinessDate;
}

export interface Closed {
  on: BusinessDate;
  reason: 'termEnded' | 'policyEnded' | 'reinstatementWindowClosed' | 'cancellationSettled';
  // Instalments no longer charged: the ones not yet due, (when a lapse ends the policy) the unpaid ones for
  // periods the policy no longer covered, and (when a cancellation settles the money) every unpaid one.
  voided: number[];
}

export type BillingEventType = BillingAccountEvent['type'];

export const billingEvent = {
  opened: (data: BillingOpened): NewEvent => ({ type: 'billing.opened', data: { ...data } }),
  collected: (data: InstalmentCollected): NewEvent => ({
    type: 'billing.instalmentCollected',
    data: { ...data },
  }),
  declined: (data: InstalmentDeclined): NewEvent => ({
    type: 'billing.instalmentDeclined',
    data: { ...data },
  }),
  chargeAdded: (data: ChargeAdded): NewEvent => ({ type: 'billing.chargeAdded', data: { ...data } }),
  termScheduled: (data: TermScheduled): NewEvent => ({ type: 'billing.termScheduled', data: { ...data } }),
  refundRecorded: (data: RefundRecorded): NewEvent => ({ type: 'billing.refundRecorded', data: { ...data } }),
  paymentMethodChanged: (data: PaymentMethodChanged): NewEvent => ({
    type: 'billing.paymentMethodChanged',
    data: { ...data },
  }),
  lapsed: (data: Lapsed): NewEvent => ({ type: 'billing.lapsed', data: { ...data } }),
  reinstated: (data: Reinstated): NewEvent => ({ type: 'billing.reinstated', data: { ...data } }),
  closed: (data: Closed): NewEvent => ({ type: 'billing.closed', data: { ...data } }),
};
