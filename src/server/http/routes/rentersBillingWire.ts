import type { Billing, PayNowResult } from '../../../api/schemas/billing';
import type { Refund } from '../../../api/schemas/refunds';
import {
  RENTERS_BILLING_STATES,
  RENTERS_INSTALMENT_KINDS,
  RENTERS_INSTALMENT_STATUSES,
  type RentersBilling,
  type RentersPayNowResult,
} from '../../../api/schemas/rentersBilling';
import { RENTERS_REFUND_STATUSES, type RentersRefund } from '../../../api/schemas/rentersRefunds';

// The renters line's wire of a policy's billing, "Pay now" and a refund asked again: the one answer the server
// builds for both lines (billingAnswer, refundAnswer), renamed into the renters wire's snake_case and codes
// (src/api/schemas/rentersBilling.ts, docs/billing.md "On screen"). Names only: what the answer says is
// decided once, in billingAnswers.ts and refundAnswers.ts. The pet line answers the built model as it is.

export function rentersBillingWire(billing: Billing): RentersBilling {
  return {
    policy_number: billing.policyNumber,
    today: billing.today,
    state: RENTERS_BILLING_STATES[billing.state],
    plan: billing.plan,
    payment_method: { type: billing.paymentMethod.method, last_4: billing.paymentMethod.last4 },
    past_due_since: billing.pastDueSince,
    lapsed_on: billing.lapsedOn,
    reinstate_by: billing.reinstateBy,
    ledger: billing.ledger,
    due_now: billing.dueNow,
    next_payment: billing.nextPayment && {
      due_date: billing.nextPayment.dueDate,
      amount: billing.nextPayment.amount,
      description: billing.nextPayment.description,
    },
    schedule: billing.schedule.map((row) => ({
      seq: row.seq,
      kind: RENTERS_INSTALMENT_KINDS[row.kind],
      description: row.description,
      due_date: row.dueDate,
      amount: row.amount,
      status: RENTERS_INSTALMENT_STATUSES[row.status],
      attempts: row.attempts,
      last_decline_reason: row.lastDeclineReason,
      paid_on: row.paidOn,
      collect_on: row.collectOn,
    })),
    refunds: billing.refunds.map((r) => ({
      key: r.key,
      amount: r.amount,
      outcome: RENTERS_REFUND_STATUSES[r.outcome],
      reason: r.reason,
      attempts: r.attempts,
      next_attempt: r.nextAttempt,
    })),
    can: {
      pay_now: billing.can.payNow,
      retry_refund: billing.can.retryRefund,
      change_method: billing.can.changeMethod,
    },
  };
}

export function rentersPayNowWire(result: PayNowResult): RentersPayNowResult {
  return {
    collected: result.collected,
    declined: result.declined,
    decline_reason: result.declineReason,
    reinstated: result.reinstated,
    billing: result.billing && rentersBillingWire(result.billing),
  };
}

export function rentersRefundWire(refund: Refund): RentersRefund {
  return {
    key: refund.key,
    amount: refund.amount,
    status: RENTERS_REFUND_STATUSES[refund.status],
    reason: refund.reason,
    refund_id: refund.refundId,
    attempts: refund.attempts,
    next_attempt: refund.nextAttempt,
    at: refund.at,
  };
}
