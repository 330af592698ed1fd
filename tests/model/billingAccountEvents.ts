import type { BillingAccountEvent } from '../../src/machines/billingAccount';

// Every event the billing account knows, a collection both settling its arrears and not: the events the
// machine's own model test and its API-driven test walk it with.
export const paid: BillingAccountEvent = { type: 'billing.instalmentCollected', settlesArrears: true };
export const partlyPaid: BillingAccountEvent = { type: 'billing.instalmentCollected', settlesArrears: false };
export const declined: BillingAccountEvent = { type: 'billing.instalmentDeclined' };
export const BILLING_EVENTS: readonly BillingAccountEvent[] = [
  { type: 'billing.opened' },
  paid,
  partlyPaid,
  declined,
  { type: 'billing.chargeAdded' },
  { type: 'billing.termScheduled' },
  { type: 'billing.refundRecorded' },
  { type: 'billing.paymentMethodChanged' },
  { type: 'billing.lapsed' },
  { type: 'billing.reinstated' },
  { type: 'billing.closed' },
];
