import type { BusinessDate, Clock } from '../../../calendar';
import type { Db } from '../../store/db';
import type { EventMetadata } from '../../store/eventStore';
import { Refused } from '../domainErrors';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { appendBilling } from '../billing/billingCommands';
import { billingEvent } from '../billing/billingEvents';
import { changeBillingMethod } from '../billing/changeBillingMethod';
import { collectInstalment, type DueInstalment } from '../billing/collectInstalment';
import { reinstateAfterLatePayment } from './policyStanding';
import { renewalPaymentCollected } from './renewalPaymentCollected';
import type { PolicyLine, PolicyRef } from '../billing/policyRef';
import { findBillingAccount, reinstatementWindowOver } from '../billing/billingAccount';

// Pay now is refused: the policy has no billing, its reinstatement window is over, or nothing is due.
export class BillingRefusal extends Refused {
  constructor(message: string) {
    super(message);
    this.name = 'BillingRefusal';
  }
}

export const PAYMENT_UNDER_WAY =
  'Another payment of this policy is being taken or was just taken; nothing more was charged. Look at its payments in a moment.';

export interface PayNowResult {
  collected: number;
  declined: number;
  reinstated: boolean;
}

// A payment taken by staff ("Pay now"): every instalment due on or before the day and not yet paid, charged
// to the card on file or a new token (which, once it paid, becomes the card on file). A lapsed policy whose overdue premium is all paid inside the
// reinstatement window is reinstated.
export async function payNow(
  deps: { db: Db; payments: PaymentAdapter; clock: Clock },
  ref: PolicyRef,
  today: BusinessDate,
  metadata: EventMetadata,
  token?: string,
): Promise<PayNowResult> {
  const { db } = deps;
  const account = await findBillingAccount(db, ref);
  if (!account) throw new BillingRefusal('The policy has no billing.');
  if (reinstatementWindowOver(account, today)) throw new BillingRefusal('The reinstatement window is over.');
  const rows = await db
    .selectFrom('billing_instalments')
    .selectAll()
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('status', 'in', ['scheduled', 'declined', 'failed'])
    .where('due_date', '<=', today)
    .orderBy('seq')
    .execute();
  if (rows.length === 0) throw new BillingRefusal('Nothing is due.');
  const recordedAt = deps.clock.now();
  const result: PayNowResult = { collected: 0, declined: 0, reinstated: false };
  let interrupted = false;
  for (const row of rows) {
    const due: DueInstalment = {
      ref: { line: row.line as PolicyLine, policyNumber: row.policy_number },
      seq: row.seq,
      dueDate: row.due_date,
      amountCents: row.amount_cents,
      attempts: row.attempts,
      token: account.token,
      customerId: account.customer_id,
      firstMissedOn: account.first_missed_on,
      collectOn: row.collect_on,
    };
    const outcome = await collectInstalment(
      { db, payments: deps.payments, metadata, recordedAt, afterCollected: renewalPaymentCollected },
      due,
      today,
      { dunning: false, ...(token ? { token } : {}) },
    );
    if (outcome === 'collected') result.collected += 1;
    if (outcome === 'declined') {
      result.declined += 1;
      break;
    }
    if (outcome === 'busy' || outcome === 'skipped') {
      interrupted = true;
      break;
    }
  }
  // Another payment of the same instalment was under way (the daily run, or staff at another screen): this
  // one charged nothing more, and says so rather than "collected 0" or a version conflict.
  if (interrupted && result.collected === 0 && result.declined === 0)
    throw new BillingRefusal(PAYMENT_UNDER_WAY);
  // The card that paid (a new one given to staff) is the card on file from now on, so the run charges it next.
  if (token && result.collected > 0) {
    const paidWith = await deps.payments.findToken(token);
    if (paidWith)
      await db
        .transaction()
        .execute((trx) =>
          changeBillingMethod(
            trx,
            ref,
            { token, method: paidWith.method, last4: paidWith.last4 },
            metadata,
            recordedAt,
          ),
        );
  }
  // Reinstated only once nothing due is left unpaid: an instalment skipped here because another process was
  // recording it at the same moment may still be owed.
  const stillDue = await db
    .selectFrom('billing_instalments')
    .select('seq')
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('status', 'in', ['scheduled', 'declined', 'failed'])
    .where('due_date', '<=', today)
    .executeTakeFirst();
  if (account.state === 'lapsed' && result.declined === 0 && !stillDue) {
    result.reinstated = await db.transaction().execute(async (trx) => {
      await appendBilling(trx, ref, [billingEvent.reinstated({ on: today })], metadata, recordedAt);
      return reinstateAfterLatePayment(trx, ref, today, metadata);
    });
  }
  return result;
}
