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

// The transitions the pet API never causes, walked through the renters API that does
// (rentersBillingAccountApi.test.ts): a renters reinstatement reopens the account and charges back the
// cancellation's refund; a refused renters refund asked again after it records its attempt on the open account.
export const TAKEN_BY_RENTERS: readonly string[] = [
  'closed --billing.termScheduled[0]--> current',
  'current --billing.chargeAdded[0]--> current',
  'current --billing.refundRecorded[0]--> current',
  'pastDue --billing.refundRecorded[0]--> pastDue',
  'lapsed --billing.refundRecorded[0]--> lapsed',
];
