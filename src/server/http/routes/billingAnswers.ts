import type { Billing } from '../../../api/schemas/billing';
import type { BillingView } from '../../domain/billing/billingView';
import { dollars } from '../../domain/rating/wireAmounts';
import type { RefundState } from '../../domain/billing/refunds/refundHistory';
import { declineMessage } from '../../domain/payments/sandboxPaymentAdapter';
import { shownDeclineMessage } from '../../domain/payments/shownDecline';
import { nextAttemptOf } from './refundAnswers';

// A billing view on the wire: dollars for cents, and what the caller may do. Each ledger figure is converted
// from whole cents on its own, so collected − refunded = billed − owed + credit still holds to the cent.
// `refunds` are the refunds as their stream tells them, which count the attempts a retry follows on; whoever
// may take a payment of the policy may ask again for its money back. A decline's reason is told to staff; an
// agency's user reads "declined" (domain/payments/shownDecline.ts).
export function billingAnswer(
  view: BillingView,
  caller: { mayPay: boolean; isStaff: boolean },
  refunds: readonly RefundState[] = [],
): Billing {
  const { mayPay } = caller;
  const declineOf = caller.isStaff ? declineMessage : shownDeclineMessage;
  const { ledger } = view;
  const attemptsOf = (key: string) => refunds.find((r) => r.key === key)?.attempt ?? 1;
  return {
    policyNumber: view.ref.policyNumber,
    today: view.today,
    state: view.state,
    plan: view.plan,
    paymentMethod: view.paymentMethod,
    pastDueSince: view.pastDueSince,
    lapsedOn: view.lapsedOn,
    reinstateBy: view.reinstateBy,
    ledger: {
      billed: dollars(ledger.billedCents),
      collected: dollars(ledger.collectedCents),
      refunded: dollars(ledger.refundedCents),
      owed: dollars(ledger.owedCents),
      credit: dollars(ledger.creditCents),
    },
    dueNow: dollars(view.dueNowCents),
    nextPayment: view.nextPayment && {
      dueDate: view.nextPayment.dueDate,
      amount: dollars(view.nextPayment.amountCents),
      description: view.nextPayment.description,
    },
    schedule: view.schedule.map(({ amountCents, lastDeclineCode, ...row }) => ({
      ...row,
      lastDeclineReason: lastDeclineCode === null ? null : declineOf(lastDeclineCode),
      amount: dollars(amountCents),
    })),
    refunds: view.refunds.map((r) => ({
      key: r.key,
      amount: dollars(r.amountCents),
      outcome: r.outcome,
      reason: r.reason,
      attempts: attemptsOf(r.key),
      nextAttempt: nextAttemptOf({ status: r.outcome, attempt: attemptsOf(r.key) }),
    })),
    can: {
      payNow: mayPay && view.payable,
      retryRefund: mayPay,
      changeMethod: mayPay && view.ref.line === 'pet',
    },
  };
}
