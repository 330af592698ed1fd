import type { BusinessDate } from '../../../calendar';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata, NewEvent, StoredEvent, Trx } from '../../store/eventStore';
import { billingAggregate } from './billingAggregate';
import { billingEvent, type RefundPartSent } from './billingEvents';
import { billingStreamId, type PolicyRef } from './policyRef';

// Appends to a policy's billing stream after its statechart allowed each event (409 otherwise), dated by
// the caller's clock.
export async function appendBilling(
  trx: Trx,
  ref: PolicyRef,
  events: readonly NewEvent[],
  metadata: EventMetadata,
  recordedAt: Date | undefined,
): Promise<StoredEvent[]> {
  return execute(
    trx,
    billingAggregate,
    billingStreamId(ref),
    events.map((e) => (recordedAt ? { ...e, recordedAt } : e)),
    metadata,
  );
}

// The number the next charge of the schedule takes.
export async function nextSeq(db: Db | Trx, ref: PolicyRef): Promise<number> {
  const row = await db
    .selectFrom('billing_instalments')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .executeTakeFirst();
  return (row?.seq ?? 0) + 1;
}

// An extra charge on the policy's schedule (a balance due after a cancellation, a reinstatement charge);
// collected by the billing run on its due date like an instalment.
export async function addCharge(
  trx: Trx,
  ref: PolicyRef,
  charge: {
    kind: 'balanceDue' | 'reinstatement';
    amountCents: number;
    dueDate: BusinessDate;
    description: string;
  },
  metadata: EventMetadata,
  recordedAt: Date,
): Promise<void> {
  if (!Number.isInteger(charge.amountCents) || charge.amountCents <= 0) {
    throw new RangeError('A charge is a whole number of cents above zero.');
  }
  const seq = await nextSeq(trx, ref);
  await appendBilling(trx, ref, [billingEvent.chargeAdded({ seq, ...charge })], metadata, recordedAt);
}

// A refund's outcome as the payment service answered it (pending before asking; done; failed with the
// reason). The same key records one refund: its later outcomes update it. A refund returns premium: billed
// drops by it when first recorded, refunded grows by it once done (docs/billing.md "The ledger").
export async function recordRefund(
  trx: Trx,
  ref: PolicyRef,
  refund: {
    key: string;
    amountCents: number;
    outcome: 'pending' | 'done' | 'failed';
    refundId?: string;
    reason?: string;
    sent?: RefundPartSent[];
  },
  metadata: EventMetadata,
  recordedAt: Date,
): Promise<void> {
  if (!Number.isInteger(refund.amountCents) || refund.amountCents <= 0) {
    throw new RangeError('A refund is a whole number of cents above zero.');
  }
  const before = await trx
    .selectFrom('billing_refunds')
    .select(['outcome', 'amount_cents'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('key', '=', refund.key)
    .executeTakeFirst();
  // Recording the same outcome again (a retried request) changes nothing.
  if (before && before.outcome === refund.outcome) return;
  if (before?.outcome === 'done') throw new RangeError(`Refund ${refund.key} is already done.`);
  await appendBilling(
    trx,
    ref,
    [
      billingEvent.refundRecorded({
        key: refund.key,
        amountCents: before?.amount_cents ?? refund.amountCents,
        outcome: refund.outcome,
        refundId: refund.refundId ?? null,
        reason: refund.reason ?? null,
        ...(refund.sent && { sent: refund.sent }),
      }),
    ],
    metadata,
    recordedAt,
  );
}
