import { addDays, daysBetween, type BusinessDate } from '../../../calendar';
import { DUNNING, retryOffsetAfter } from '../../../machines/billingAccount';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { appendBilling } from './billingCommands';
import { billingEvent } from './billingEvents';
import { queueDeclineNotice } from './billingNotices';
import { chargeKey, claimCharge } from './chargeClaims';
import type { PolicyRef } from './policyRef';

// One instalment to charge, as the run's query or a "Pay now" found it.
export interface DueInstalment {
  ref: PolicyRef;
  seq: number;
  dueDate: BusinessDate;
  amountCents: number;
  // Attempts made so far; this one is the next.
  attempts: number;
  token: string | null;
  customerId: number;
  firstMissedOn: BusinessDate | null;
  // The day the run would try it next (a declined instalment's retry day), when known.
  collectOn?: BusinessDate | null;
}

// What the money's path records beside a collection, in its transaction (docs/billing.md "Renewal": a renters
// renewal's payment is told to the policy's log). Billing knows no policy line, so the path hands it in.
export type AfterCollected = (
  trx: Trx,
  due: DueInstalment,
  on: BusinessDate,
  metadata: EventMetadata,
) => Promise<void>;

// `busy`: another asker is charging the same attempt with another payment method; nothing was charged.
export type AttemptOutcome = 'collected' | 'declined' | 'skipped' | 'busy';

// Charges one instalment (outside any transaction: the payment service is another system) and records the
// answer in the policy's billing stream. A decline is retried on the dunning schedule, with a notice to the
// policyholder; `dunning: false` (a payment taken by staff, who tell the customer themselves) sends no notice
// and leaves the run's next try where it was, so a declined "Pay now" never ends the dunning early.
export async function collectInstalment(
  deps: {
    db: Db;
    payments: PaymentAdapter;
    metadata: EventMetadata;
    recordedAt: Date;
    afterCollected?: AfterCollected;
  },
  due: DueInstalment,
  on: BusinessDate,
  options: { dunning: boolean; token?: string } = { dunning: true },
): Promise<AttemptOutcome> {
  const attempt = due.attempts + 1;
  const key = chargeKey(due.ref, due.seq, attempt);
  const offered = options.token ?? due.token;
  const claim = offered
    ? await claimCharge(deps.db, {
        ref: due.ref,
        seq: due.seq,
        attempt,
        token: offered,
        amountCents: due.amountCents,
        at: deps.recordedAt,
      })
    : null;
  if (claim?.kind === 'busy') return 'busy';
  if (claim?.kind === 'void') return 'skipped';
  const answer = claim
    ? await deps.payments.charge({ token: claim.token, amountCents: due.amountCents, idempotencyKey: key })
    : ({ outcome: 'declined', reason: 'unknown_token', message: 'No payment method on file.' } as const);
  // The service refusing the key as used for another request is no answer about the card: nothing is recorded,
  // and the attempt is left for the asker whose claim it is.
  if (answer.outcome === 'declined' && answer.reason === 'idempotency_key_reused') return 'busy';
  return deps.db.transaction().execute(async (trx) => {
    // Recorded already (another process, or this day run again): the stream has the answer. The row stays
    // locked until this transaction ends, so of two processes recording one attempt the second waits, reads
    // the first's answer and records nothing.
    const row = await trx
      .selectFrom('billing_instalments')
      .select(['status', 'attempts'])
      .where('line', '=', due.ref.line)
      .where('policy_number', '=', due.ref.policyNumber)
      .where('seq', '=', due.seq)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.attempts !== due.attempts || row.status === 'paid' || row.status === 'void') return 'skipped';
    if (answer.outcome === 'ok') {
      const others = await trx
        .selectFrom('billing_instalments')
        .select('seq')
        .where('line', '=', due.ref.line)
        .where('policy_number', '=', due.ref.policyNumber)
        .where('seq', '!=', due.seq)
        .where('status', 'in', ['declined', 'failed'])
        .execute();
      // An attempt another asker claimed and stopped in the middle of is recorded, but this asker's method
      // was not charged.
      const outcome: AttemptOutcome = claim?.token === offered ? 'collected' : 'skipped';
      await appendBilling(
        trx,
        due.ref,
        [
          billingEvent.collected({
            seq: due.seq,
            attempt,
            amountCents: due.amountCents,
            chargeId: answer.chargeId,
            collectedOn: on,
            idempotencyKey: key,
            settlesArrears: others.length === 0,
          }),
        ],
        deps.metadata,
        deps.recordedAt,
      );
      await deps.afterCollected?.(trx, due, on, { ...deps.metadata, at: deps.recordedAt });
      return outcome;
    }
    // The schedule's next retry day after today, counted from the due date, not from the attempts made: staff
    // declines do not use up the run's tries and notices.
    const offset = retryOffsetAfter(daysBetween(due.dueDate, on));
    const kept = !options.dunning && due.collectOn && due.collectOn > on ? due.collectOn : null;
    const retryOn = kept ?? (offset === null ? null : addDays(due.dueDate, offset));
    // A retry day already gone (days caught up late) is the next day: a day's run charges an instalment once.
    await appendBilling(
      trx,
      due.ref,
      [
        billingEvent.declined({
          seq: due.seq,
          attempt,
          amountCents: due.amountCents,
          reason: answer.reason,
          declinedOn: on,
          retryOn: retryOn && retryOn <= on ? addDays(on, 1) : retryOn,
          idempotencyKey: key,
        }),
      ],
      deps.metadata,
      deps.recordedAt,
    );
    if (options.dunning) {
      await queueDeclineNotice(trx, due.ref, {
        customerId: due.customerId,
        seq: due.seq,
        attempt,
        amountCents: due.amountCents,
        dueDate: due.dueDate,
        retryOn,
        lapsesOn: addDays(due.firstMissedOn ?? due.dueDate, DUNNING.graceDays),
        writtenAt: deps.recordedAt,
      });
    }
    return 'declined';
  });
}
