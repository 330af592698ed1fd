import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import { ledgerOfAccount, type Ledger } from './ledger';
import { paymentsDue } from './paymentsDue';
import type { PolicyRef } from './policyRef';
import { findBillingAccount, reinstateBy, reinstatementWindowOver } from './billingAccount';

// One policy's billing as the Payments tab shows it (docs/billing.md "On screen"), read from the projections
// in one go, in cents. `today` is the business date the figures "due now" and "next" are taken against.
export interface BillingRow {
  seq: number;
  kind: 'instalment' | 'balanceDue' | 'reinstatement';
  description: string;
  dueDate: BusinessDate;
  amountCents: number;
  status: 'scheduled' | 'paid' | 'declined' | 'failed' | 'void';
  attempts: number;
  // The payment service's code of the last decline (card_declined, insufficient_funds, …); the answer tells it
  // to staff and only "declined" to others (payments/shownDecline.ts).
  lastDeclineCode: string | null;
  paidOn: BusinessDate | null;
  collectOn: BusinessDate | null;
}

export interface BillingRefundRow {
  key: string;
  amountCents: number;
  outcome: 'pending' | 'done' | 'failed';
  reason: string | null;
}

export interface BillingView {
  ref: PolicyRef;
  today: BusinessDate;
  state: 'current' | 'pastDue' | 'lapsed' | 'closed';
  plan: 'monthly' | 'annual';
  paymentMethod: { method: string | null; last4: string | null };
  pastDueSince: BusinessDate | null;
  lapsedOn: BusinessDate | null;
  // The last day a late payment reinstates a lapsed policy (payNow refuses after it).
  reinstateBy: BusinessDate | null;
  ledger: Ledger;
  // What a "Pay now" would charge today: every unpaid instalment due on or before today.
  dueNowCents: number;
  // Whether payNow would find something to charge today (the same rule it refuses by).
  payable: boolean;
  nextPayment: BillingRow | null;
  schedule: BillingRow[];
  refunds: BillingRefundRow[];
}

export async function billingView(db: Db, ref: PolicyRef, today: BusinessDate): Promise<BillingView | null> {
  const account = await findBillingAccount(db, ref);
  if (!account) return null;
  const rows = await db
    .selectFrom('billing_instalments')
    .selectAll()
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .orderBy('due_date')
    .orderBy('seq')
    .execute();
  const refunds = await db
    .selectFrom('billing_refunds')
    .select(['key', 'amount_cents', 'outcome', 'reason'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .orderBy('key')
    .execute();

  const schedule: BillingRow[] = rows.map((r) => ({
    seq: r.seq,
    kind: r.kind as BillingRow['kind'],
    description: r.description,
    dueDate: r.due_date,
    amountCents: r.amount_cents,
    status: r.status as BillingRow['status'],
    attempts: r.attempts,
    lastDeclineCode: r.last_reason,
    paidOn: r.paid_on,
    collectOn: r.collect_on,
  }));
  const due = paymentsDue(schedule, today);
  return {
    ref,
    today,
    state: account.state as BillingView['state'],
    plan: account.plan as BillingView['plan'],
    paymentMethod: { method: account.method, last4: account.last4 },
    pastDueSince: account.first_missed_on,
    lapsedOn: account.lapsed_on,
    reinstateBy: reinstateBy(account),
    ledger: ledgerOfAccount(account, rows, today),
    dueNowCents: due.dueNowCents,
    payable: due.anythingDue && !reinstatementWindowOver(account, today),
    nextPayment: due.next,
    schedule,
    refunds: refunds.map((r) => ({
      key: r.key,
      amountCents: r.amount_cents,
      outcome: r.outcome as BillingRefundRow['outcome'],
      reason: r.reason,
    })),
  };
}
