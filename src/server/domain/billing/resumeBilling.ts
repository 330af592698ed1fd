import type { BusinessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { appendBilling, nextSeq } from './billingCommands';
import { billingEvent, type Closed } from './billingEvents';
import { BILLING_STREAM, billingStreamId, type PolicyRef } from './policyRef';
import { findBillingAccount } from './billingAccount';

// A cancelled policy put back in force bills the rest of its term again (docs/billing.md "Cancellation"): the
// instalments its cancellation voided that were not yet due when it was settled are scheduled anew, on their
// own due dates (those already past are collected by the next run), and the account is current again. When
// the cancellation's balance due paid for the cover up to its cancel date, only the instalments due from that
// date on come back (`notBefore`), so no day is billed twice.
// Answers whether the policy's billing was resumed (false for a policy billed before ledgers, or an account
// its cancellation did not close).
export async function resumeBilling(
  trx: Trx,
  ref: PolicyRef,
  metadata: EventMetadata,
  recordedAt: Date,
  notBefore: BusinessDate | null = null,
): Promise<boolean> {
  const account = await findBillingAccount(trx, ref);
  if (account?.state !== 'closed') return false;
  const closed = await trx
    .selectFrom('events')
    .select('data')
    .where('stream_type', '=', BILLING_STREAM)
    .where('stream_id', '=', billingStreamId(ref))
    .where('type', '=', 'billing.closed')
    .orderBy('version', 'desc')
    .executeTakeFirst();
  const settled = closed?.data as unknown as Closed | undefined;
  if (settled?.reason !== 'cancellationSettled') return false;
  const voided =
    settled.voided.length === 0
      ? []
      : await trx
          .selectFrom('billing_instalments')
          .select(['description', 'due_date', 'amount_cents'])
          .where('line', '=', ref.line)
          .where('policy_number', '=', ref.policyNumber)
          .where('seq', 'in', settled.voided)
          .where('kind', '=', 'instalment')
          .where('due_date', '>', settled.on)
          .where('due_date', '>=', notBefore ?? settled.on)
          .orderBy('seq')
          .execute();
  const first = await nextSeq(trx, ref);
  await appendBilling(
    trx,
    ref,
    [
      billingEvent.termScheduled({
        effectiveDate: account.term_effective,
        expirationDate: account.term_expiration,
        instalments: voided.map((row, i) => ({
          seq: first + i,
          kind: 'instalment',
          dueDate: row.due_date,
          amountCents: row.amount_cents,
          description: row.description,
        })),
      }),
    ],
    metadata,
    recordedAt,
  );
  return true;
}
