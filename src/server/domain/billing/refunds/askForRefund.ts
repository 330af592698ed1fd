import type { Clock } from '../../../../calendar';
import type { Db } from '../../../store/db';
import type { EventMetadata, Trx } from '../../../store/eventStore';
import { recordRefund } from '../billingCommands';
import type { RefundPartSent } from '../billingEvents';
import { findBillingAccount } from '../billingAccount';
import type { PolicyRef } from '../policyRef';
import type { PaymentAdapter } from '../../payments/paymentAdapter';
import { attemptKey, refundState, type RefundStatus } from './refundHistory';
import { chargesHolding, splitRefund, type RefundPart, type RefundTarget } from './refundCharges';
import { refundReason, type RefundFailure } from './refundReasons';

// Money back to the customer (docs/payments.md "Refunds"): recorded as pending on the policy's billing
// stream before the payment service is asked (inside the transaction that decided it), then asked outside any
// transaction (the service is another party), then its outcome recorded: done, or failed with the reason.
// An answer never claims money moved that did not. What the policy's screens show of it, and where the money of a
// policy billing does not know the charges of lies, are the money path's (policyMoney/policyRefund.ts).

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
export const isBilled = async (db: Db | Trx, ref: PolicyRef) =>
  (await findBillingAccount(db, ref)) !== undefined;

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

type Outcome =
  | { status: 'done'; refundId: string; sent: RefundPartSent[] | null }
  | { status: 'failed'; failure: RefundFailure; sent: RefundPartSent[] | null };

// The payment key of one part of an attempt: the attempt's own key for the first part, so a refund that is
// not split asks under the key it always did.
const partKey = (key: string, attempt: number, index: number) =>
  index === 0 ? attemptKey(key, attempt) : `${attemptKey(key, attempt)}:part-${index + 1}`;

async function sendRefund(
  ctx: RefundContext,
  ref: PolicyRef,
  request: { chargeId: string; amountCents: number; idempotencyKey: string },
) {
  try {
    return await ctx.payments.refund(request);
  } catch (error) {
    ctx.log?.warn(
      { err: error, policyNumber: ref.policyNumber, key: request.idempotencyKey },
      'the payment service was not reached',
    );
    return { outcome: 'unreachable' } as const;
  }
}

// A policy whose charges billing knows: what is left of the refund is split across the charges that hold the
// policy's money, newest first, and each part is sent to its charge. The plan is made from what was recorded,
// so a process that stopped after sending a part and before recording it plans the same part again, under the
// same key, which the payment service answers without refunding twice.
async function askSplit(
  ctx: RefundContext,
  ref: PolicyRef,
  holding: readonly RefundPart[],
  refund: { key: string; amountCents: number; attempt: number },
): Promise<Outcome> {
  const state = await refundState(ctx.db, ref, refund.key);
  const before = state?.sent ?? [];
  const left = refund.amountCents - before.reduce((sum, part) => sum + part.amountCents, 0);
  // Every part was sent already (the outcome was recorded by another process): nothing more is asked.
  if (left <= 0) return { status: 'done', refundId: before.map((part) => part.refundId).join(' '), sent: [] };
  const parts = splitRefund(holding, left);
  if (!parts) return { status: 'failed', failure: 'over_held', sent: [] };
  const sent: RefundPartSent[] = [];
  for (const [index, part] of parts.entries()) {
    const answer = await sendRefund(ctx, ref, {
      ...part,
      idempotencyKey: partKey(refund.key, refund.attempt, index),
    });
    if (answer.outcome === 'unreachable') return { status: 'failed', failure: 'unavailable', sent };
    if (answer.outcome !== 'ok') return { status: 'failed', failure: answer.reason, sent };
    sent.push({ ...part, refundId: answer.refundId });
  }
  return { status: 'done', refundId: sent.map((part) => part.refundId).join(' '), sent };
}

// Where the money lies when billing does not know the policy's charges.
export type FallbackTarget = () => Promise<RefundTarget>;

async function ask(
  ctx: RefundContext,
  ref: PolicyRef,
  refund: { key: string; amountCents: number; attempt: number },
  fallback: FallbackTarget,
): Promise<Outcome> {
  const holding = await chargesHolding(ctx.db, ref);
  if (holding) return askSplit(ctx, ref, holding, refund);
  const target = await fallback();
  if ('failure' in target) return { status: 'failed', failure: target.failure, sent: null };
  // A charge that paid for several policies: this policy takes back no more than its share of it.
  if (refund.amountCents > target.shareCents) return { status: 'failed', failure: 'over_share', sent: null };
  const answer = await sendRefund(ctx, ref, {
    chargeId: target.chargeId,
    amountCents: refund.amountCents,
    idempotencyKey: attemptKey(refund.key, refund.attempt),
  });
  if (answer.outcome === 'unreachable') return { status: 'failed', failure: 'unavailable', sent: null };
  return answer.outcome === 'ok'
    ? { status: 'done', refundId: answer.refundId, sent: null }
    : { status: 'failed', failure: answer.reason, sent: null };
}

// Asks the payment service for one attempt of a refund and records what it answered.
export async function askForRefund(
  ctx: RefundContext,
  ref: PolicyRef,
  refund: { key: string; amountCents: number; attempt: number },
  fallback: FallbackTarget,
): Promise<RefundAnswer> {
  const outcome: Outcome = await ask(ctx, ref, refund, fallback);
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
            ...(outcome.sent && { sent: outcome.sent }),
          },
          ctx.metadata,
          recordedAt,
        );
    }
  });
  return answer;
}
