import { businessDate, type Clock } from '../../../calendar';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { recordRefund } from '../billing/billingCommands';
import { ledgerOf } from '../billing/ledger';
import type { PolicyRef } from '../billing/policyRef';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { attemptKey, refundState, type RefundStatus } from './refundHistory';
import { refundTarget } from './refundCharges';
import { noteRefundOnPolicy } from './refundOnPolicy';
import { refundReason, type RefundFailure } from './refundReasons';

// Money back to the customer (docs/payments.md "Refunds"): recorded as pending on the policy's billing
// stream before the payment service is asked (inside the transaction that decided it), then asked outside any
// transaction (the service is another party), then its outcome recorded: done, or failed with the reason.
// An answer never claims money moved that did not.

export interface RefundContext {
  db: Db;
  payments: PaymentAdapter;
  clock: Clock;
  metadata: EventMetadata;
  log?: { warn(details: object, message: string): void };
}

export interface RefundAnswer {
  key: string;
  amountCents: number;
  status: RefundStatus;
  reason: string | null;
  refundId: string | null;
  attempt: number;
}

// Whether the policy keeps a billing stream (policies from before billing do not): refunds are recorded there.
export const isBilled = async (db: Db | Trx, ref: PolicyRef) => (await ledgerOf(db, ref)) !== null;

// Inside the deciding transaction: the refund is owed and about to be asked for.
export async function recordRefundAsked(
  trx: Trx,
  ref: PolicyRef,
  refund: { key: string; amountCents: number },
  metadata: EventMetadata,
  recordedAt: Date,
): Promise<void> {
  if (!(await isBilled(trx, ref))) return;
  await recordRefund(trx, ref, { ...refund, outcome: 'pending' }, metadata, recordedAt);
}

type Outcome = { status: 'done'; refundId: string } | { status: 'failed'; failure: RefundFailure };

async function ask(ctx: RefundContext, ref: PolicyRef, key: string, amountCents: number, attempt: number) {
  const target = await refundTarget(ctx.db, ref);
  if ('failure' in target) return { status: 'failed', failure: target.failure } as const;
  // A charge that paid for several policies: this policy takes back no more than its share of it.
  if (amountCents > target.shareCents) return { status: 'failed', failure: 'over_share' } as const;
  try {
    const answer = await ctx.payments.refund({
      chargeId: target.chargeId,
      amountCents,
      idempotencyKey: attemptKey(key, attempt),
    });
    return answer.outcome === 'ok'
      ? ({ status: 'done', refundId: answer.refundId } as const)
      : ({ status: 'failed', failure: answer.reason } as const);
  } catch (error) {
    ctx.log?.warn({ err: error, policyNumber: ref.policyNumber, key }, 'the payment service was not reached');
    return { status: 'failed', failure: 'unavailable' } as const;
  }
}

// Asks the payment service for one attempt of a refund and records what it answered.
export async function askForRefund(
  ctx: RefundContext,
  ref: PolicyRef,
  refund: { key: string; amountCents: number; attempt: number },
): Promise<RefundAnswer> {
  const outcome: Outcome = await ask(ctx, ref, refund.key, refund.amountCents, refund.attempt);
  const answer: RefundAnswer = {
    key: refund.key,
    amountCents: refund.amountCents,
    status: outcome.status,
    reason: outcome.status === 'failed' ? refundReason(outcome.failure) : null,
    refundId: outcome.status === 'done' ? outcome.refundId : null,
    attempt: refund.attempt,
  };
  if (outcome.status === 'failed')
    ctx.log?.warn(
      { policyNumber: ref.policyNumber, key: refund.key, reason: outcome.failure },
      'refund refused: listed with the failed refunds',
    );
  const recordedAt = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (await isBilled(trx, ref)) {
      const before = await refundState(trx, ref, refund.key);
      if (before?.status !== 'done')
        await recordRefund(
          trx,
          ref,
          {
            key: refund.key,
            amountCents: refund.amountCents,
            outcome: answer.status,
            ...(answer.refundId && { refundId: answer.refundId }),
            ...(answer.reason && { reason: answer.reason }),
          },
          ctx.metadata,
          recordedAt,
        );
    }
  });
  await noteRefundOnPolicy(ctx, ref, answer, businessDate(recordedAt));
  return answer;
}
