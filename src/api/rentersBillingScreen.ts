import type { Billing, PayNowResult } from './schemas/billing';
import type { Refund } from './schemas/refunds';
import {
  RENTERS_BILLING_STATES,
  RENTERS_INSTALMENT_KINDS,
  RENTERS_INSTALMENT_STATUSES,
  type RentersBilling,
  type RentersPayNowResult,
} from './schemas/rentersBilling';
import { RENTERS_REFUND_STATUSES, type RentersRefund } from './schemas/rentersRefunds';

// The renters wire's billing, "Pay now" and refund retry (snake_case, upper-case codes) read into the camelCase
// screen model the Payments section, the Pay now dialog and the refund rows share with the pet line
// (docs/billing.md "On screen"), so those screens stay one for both lines. The code tables are the wire's own
// (src/api/schemas/rentersBilling.ts), read backwards.

function reverse<K extends string, V extends string>(table: Record<K, V>): Record<V, K> {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [v, k])) as Record<V, K>;
}
const STATE = reverse(RENTERS_BILLING_STATES);
const KIND = reverse(RENTERS_INSTALMENT_KINDS);
const INSTALMENT_STATUS = reverse(RENTERS_INSTALMENT_STATUSES);
const REFUND_STATUS = reverse(RENTERS_REFUND_STATUSES);

export function billingOfRentersWire(wire: RentersBilling): Billing {
  return {
    policyNumber: wire.policy_number,
    today: wire.today,
    state: STATE[wire.state],
    plan: wire.plan,
    paymentMethod: { method: wire.payment_method.type, last4: wire.payment_method.last_4 },
    pastDueSince: wire.past_due_since,
    lapsedOn: wire.lapsed_on,
    reinstateBy: wire.reinstate_by,
    ledger: wire.ledger,
    dueNow: wire.due_now,
    nextPayment: wire.next_payment && {
      dueDate: wire.next_payment.due_date,
      amount: wire.next_payment.amount,
      description: wire.next_payment.description,
    },
    schedule: wire.schedule.map((row) => ({
      seq: row.seq,
      kind: KIND[row.kind],
      description: row.description,
      dueDate: row.due_date,
      amount: row.amount,
      status: INSTALMENT_STATUS[row.status],
      attempts: row.attempts,
      lastDeclineReason: row.last_decline_reason,
      paidOn: row.paid_on,
      collectOn: row.collect_on,
    })),
    refunds: wire.refunds.map((r) => ({
      key: r.key,
      amount: r.amount,
      outcome: REFUND_STATUS[r.outcome],
      reason: r.reason,
      attempts: r.attempts,
      nextAttempt: r.next_attempt,
    })),
    can: {
      payNow: wire.can.pay_now,
      retryRefund: wire.can.retry_refund,
      changeMethod: wire.can.change_method,
    },
  };
}

export function payNowOfRentersWire(wire: RentersPayNowResult): PayNowResult {
  return {
    collected: wire.collected,
    declined: wire.declined,
    declineReason: wire.decline_reason,
    reinstated: wire.reinstated,
    billing: wire.billing && billingOfRentersWire(wire.billing),
  };
}

export function refundOfRentersWire(wire: RentersRefund): Refund {
  return {
    key: wire.key,
    amount: wire.amount,
    status: REFUND_STATUS[wire.status],
    reason: wire.reason,
    refundId: wire.refund_id,
    attempts: wire.attempts,
    nextAttempt: wire.next_attempt,
    at: wire.at,
  };
}
