import { businessDate, systemClock, type Clock } from '../../../calendar';
import type { CancelRequest, CancelResult } from '../../../api/schemas/policies';
import type { Principal } from '../../access/principal';
import { Conflict, Invalid, Refused } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata } from '../../store/eventStore';
import { policyAggregate } from '../policies/policyAggregate';
import { addCharge } from '../billing/billingCommands';
import { petPremiumCollected, type PetTerm } from '../billing/premiumCollected';
import { holdUnpaidInstalments, settleCancellation } from '../billing/settleCancellation';
import { premiumPaid } from '../billing/policyPayments';
import { recordRefundAsked, type RefundAnswer } from '../billing/refunds/askForRefund';
import {
  presentedPreview,
  previewToken,
  requireOutcome,
  requireVersion,
  type PreviewSigning,
} from '../policyChangePreviews';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { dollars } from '../rating/wireAmounts';
import { cancellationFigures, freeLookDays, type PaymentPeriod } from '../moneyRules/cancellationFigures';
import { policyEvent } from '../policies/policyEvents';
import { refundKey } from '../policies/cancellationRefundKey';
import { petRef, refundCancellation } from './petCancellationRefund';
import { findPolicyInScope, loadLifecycle, stateName } from '../policies/policyRecord';

export interface CancelContext {
  db: Db;
  principal: Principal;
  payments: PaymentAdapter;
  metadata: EventMetadata;
  log: { warn(details: object, message: string): void };
  signing: PreviewSigning;
  // Where the business day comes from (the server's injected clock).
  clock?: Clock;
}

// The premium the customer's payments paid for the policy, net of what went back: from its billing ledger
// (instalments count their premium share, not their fees), or for a policy billed before ledgers, its share
// of the purchase's charge.
async function collectedFor(db: Db, policyNumber: string, term: PetTerm): Promise<number> {
  const premium = await petPremiumCollected(db, policyNumber, term);
  if (premium !== null) return premium;
  return (await premiumPaid(db, policyNumber))?.amountCents ?? 0;
}

export const PAYMENT_CHANGED =
  'A payment of this policy was recorded while the cancellation was being committed; nothing was cancelled. Preview it again.';

const refundWire = (answer: RefundAnswer | null) =>
  answer && { amount: dollars(answer.amountCents), status: answer.status, reason: answer.reason };

// POST /v2/policies/{matterId}/cancel (docs/cancellation.md): the figures as a preview with its signed
// token, or committed as `policy.cancelled` (whose projection records the refund) and then refunded through
// the payment service (docs/decisions/013): a commit that presents a token, only when it is the token of a
// preview of this very request; a commit without one (SPEC's committed action), on the figures computed now.
export async function cancelPolicy(
  ctx: CancelContext,
  matterId: number,
  request: CancelRequest,
): Promise<CancelResult> {
  const { db } = ctx;
  const p = await findPolicyInScope(db, ctx.principal, matterId);
  const clock = ctx.clock ?? systemClock;
  const today = businessDate(clock.now());
  const cancelEvent = (flat: boolean, immediate: boolean) =>
    ({ type: 'policy.cancelled', flat, immediate }) as const;

  const lifecycle = await db.transaction().execute((trx) => loadLifecycle(trx, p.policy_number, today));
  if (!lifecycle.snapshot.can(cancelEvent(false, false))) {
    throw new Refused(`The policy is ${stateName(lifecycle.state)}; it cannot be cancelled.`);
  }
  if (request.cancelDate < p.effective_day || request.cancelDate >= p.expiration_day) {
    throw new Invalid({
      cancelDate: [
        `The cancel date must be in the policy's term, ${p.effective_day} to before ${p.expiration_day}.`,
      ],
    });
  }
  const term: PetTerm = {
    effectiveDate: p.effective_day,
    annualPremiumCents: p.annual_premium_cents,
    paymentPeriod: p.payment_period as PaymentPeriod,
  };
  const collectedCents = await collectedFor(db, p.policy_number, term);
  const figures = cancellationFigures({
    effectiveDate: p.effective_day,
    expirationDate: p.expiration_day,
    cancelDate: request.cancelDate,
    annualPremiumCents: p.annual_premium_cents,
    paymentPeriod: p.payment_period as PaymentPeriod,
    freeLookDays: freeLookDays(p.state),
    collectedCents,
  });
  // What a preview vouches for and a commit must repeat: the request and the money it moves.
  const inputs = { cancelDate: request.cancelDate, reason: request.reason, note: request.note || null };
  // Whether it takes effect now or waits for its date is part of what was shown: a preview of a pending
  // cancellation is not committed as an immediate one after the business day turned (decision 013).
  const outcome = {
    cancelEffectiveDate: figures.cancelEffectiveDate,
    immediate: figures.cancelEffectiveDate <= today,
    flatCancel: figures.flatCancel,
    earnedPremiumCents: figures.earnedPremiumCents,
    paidCents: figures.paidCents,
    refundCents: figures.refundCents,
    balanceDueCents: figures.balanceDueCents,
  };
  const token = {
    line: 'pet',
    kind: 'cancel',
    policyNumber: p.policy_number,
    userId: ctx.principal.userId,
  } as const;
  const result = (committed: boolean, refunded: RefundAnswer | null = null): CancelResult => ({
    policyNumber: p.policy_number,
    cancelEffectiveDate: figures.cancelEffectiveDate,
    flatCancel: figures.flatCancel,
    daysInForce: figures.daysInForce,
    termDays: figures.termDays,
    annualPremium: dollars(figures.annualPremiumCents),
    earnedPremium: dollars(figures.earnedPremiumCents),
    paid: dollars(figures.paidCents),
    refund: dollars(figures.refundCents),
    collected: dollars(figures.paidCents),
    balanceDue: dollars(figures.balanceDueCents),
    refundOutcome: refundWire(refunded),
    committed,
    previewToken: committed
      ? null
      : previewToken(ctx.signing, { ...token, policyVersion: lifecycle.version, inputs, outcome }),
  });
  if (!request.commit) return result(false);
  // A presented token must be this request's preview, with these figures; without one (absent or null) the
  // figures above, computed on the policy as it is now, are committed (docs/decisions/013, amended).
  const previewed = presentedPreview(ctx.signing, request.previewToken, { ...token, inputs }, 'previewToken');
  if (previewed) requireOutcome(previewed, outcome);

  await db.transaction().execute(async (trx) => {
    // No payment is recorded from here to the end of the write, and none was in flight: what was collected is
    // read again, and a payment recorded since the figures above makes them stale.
    await holdUnpaidInstalments(trx, petRef(p.policy_number), clock.now());
    if (((await petPremiumCollected(trx, p.policy_number, term)) ?? collectedCents) !== collectedCents)
      throw new Conflict(PAYMENT_CHANGED);
    // Loaded again inside the write: another request may have cancelled the policy since the check above.
    const current = await loadLifecycle(trx, p.policy_number, today);
    // A previewed commit: the log as its preview read it. Without a preview: as the figures above read it, else
    // another write came in between (409, retry).
    if (previewed) requireVersion(previewed, current.version);
    else if (current.version !== lifecycle.version)
      throw new VersionConflictError('policy', p.policy_number, lifecycle.version);
    await execute(
      trx,
      policyAggregate,
      p.policy_number,
      [
        ...current.due,
        policyEvent.cancelled({
          requestedDate: request.cancelDate,
          cancelEffectiveDate: figures.cancelEffectiveDate,
          committedOn: today,
          reason: request.reason,
          note: request.note || null,
          flatCancel: figures.flatCancel,
          immediate: figures.cancelEffectiveDate <= today,
          daysInForce: figures.daysInForce,
          termDays: figures.termDays,
          annualPremiumCents: figures.annualPremiumCents,
          earnedPremiumCents: figures.earnedPremiumCents,
          paidCents: figures.paidCents,
          refundCents: figures.refundCents,
          balanceDueCents: figures.balanceDueCents,
        }),
      ],
      ctx.metadata,
      current.version,
    );
    const ref = petRef(p.policy_number);
    const now = clock.now();
    const billed = await settleCancellation(trx, ref, today, ctx.metadata, now);
    if (figures.refundCents > 0)
      await recordRefundAsked(
        trx,
        ref,
        { key: refundKey(p.policy_number), amountCents: figures.refundCents },
        ctx.metadata,
        now,
      );
    // The premium earned beyond what was collected is billed like an instalment, due today.
    if (figures.balanceDueCents > 0 && billed)
      await addCharge(
        trx,
        ref,
        {
          kind: 'balanceDue',
          amountCents: figures.balanceDueCents,
          dueDate: today,
          description: `Balance due: premium earned to ${figures.cancelEffectiveDate} beyond what was collected`,
        },
        ctx.metadata,
        now,
      );
  });
  const refunded =
    figures.refundCents > 0
      ? await refundCancellation({ ...ctx, clock }, p.policy_number, figures.refundCents)
      : null;
  return result(true, refunded);
}
