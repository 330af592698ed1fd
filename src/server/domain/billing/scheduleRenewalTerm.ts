import type { BusinessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { appendBilling, nextSeq } from './billingCommands';
import { billingEvent } from './billingEvents';
import { termSchedule, type TermPayments } from './billingSchedule';
import type { PolicyRef } from './policyRef';
import { findBillingAccount } from './billingAccount';

// A renewed term's instalments on the policy's billing stream, in the renewal's transaction (docs/billing.md
// "Renewal"): the payments of the plan the policy was paid on, as the renewal's pricing made them, the first
// due on the new term's effective date, so the day's billing run, which follows the policy dates, collects
// it. A policy billed before ledgers has no stream and is left alone. Answers whether a term was scheduled.
export async function scheduleRenewalTerm(
  trx: Trx,
  ref: PolicyRef,
  term: { effectiveDate: BusinessDate; expirationDate: BusinessDate; payments: TermPayments },
  metadata: EventMetadata,
  recordedAt: Date,
): Promise<boolean> {
  const account = await findBillingAccount(trx, ref);
  if (!account || account.state === 'closed' || account.state === 'lapsed') return false;
  // The same renewal seen again (a retried run) schedules nothing twice.
  if (account.term_expiration >= term.expirationDate) return false;
  const plan = account.plan === 'annual' ? 'annual' : 'monthly';
  const { monthly, annual } = term.payments;
  const instalments = termSchedule({
    plan,
    effectiveDate: term.effectiveDate,
    firstCents: plan === 'annual' ? annual.total : monthly.downpayment,
    monthlyCents: monthly.installment,
    firstSeq: await nextSeq(trx, ref),
  });
  await appendBilling(
    trx,
    ref,
    [
      billingEvent.termScheduled({
        effectiveDate: term.effectiveDate,
        expirationDate: term.expirationDate,
        instalments,
      }),
    ],
    metadata,
    recordedAt,
  );
  return true;
}
