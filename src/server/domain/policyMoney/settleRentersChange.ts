import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata, type StoredEvent } from '../../store/eventStore';
import { systemClock, type Clock } from '../../../calendar';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { isBilled } from '../billing/refunds/askForRefund';
import { askForPolicyRefund } from './policyRefund';
import { rentersRefundKey } from '../rentersPolicies/changes/rentersRefundKey';
import { appendToRentersPolicy } from '../rentersPolicies/appendToRentersPolicy';
import type { RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';
import { loadRentersPolicyForChange } from './loadRentersPolicyForChange';
import type { RentersChangeData, RentersSettledData } from '../rentersPolicies/changes/rentersChangeEvents';

export interface SettleContext {
  db: Db;
  metadata: EventMetadata;
  payments: PaymentAdapter;
  log?: FastifyBaseLogger;
  // Dates the refund's outcome; the system clock unless the demo's year moves it.
  clock?: Clock;
}

// The money of a committed change, after its transaction (a payment call never holds one open), recorded as
// renters.settled for the payments tab (docs/renters-cancellation.md "Money"):
// - a refund goes back to the charge that paid the issue (PaymentAdapter.refund), keyed by the policy and the
//   change event's version, so a retry never refunds twice; a refusal is recorded as FAILED;
// - a charge (a cancellation that earned more than was paid, a reinstatement) is recorded as due (PENDING);
//   a billed policy's billing collects it (billRentersChange added it to the schedule).
// A billed policy's refund is asked through its billing stream's refunds instead (askForPolicyRefund).
export async function settleRentersChange(
  ctx: SettleContext,
  policyNumber: string,
  change: StoredEvent,
  today: string,
): Promise<void> {
  const { settlement } = change.data as unknown as RentersChangeData;
  if (settlement.kind === 'none' || settlement.amountCents <= 0) return;
  const ref = { line: 'renters' as const, policyNumber };
  // A billed policy's refund goes through the refunds of its billing stream, which the change's transaction
  // recorded as asked: the outcome lands there and on the payments tab, and a failure is listed for retry.
  if (settlement.kind === 'refund' && (await isBilled(ctx.db, ref))) {
    await askForPolicyRefund(
      {
        db: ctx.db,
        payments: ctx.payments,
        clock: ctx.clock ?? systemClock,
        metadata: ctx.metadata,
        log: ctx.log,
      },
      ref,
      {
        key: rentersRefundKey(policyNumber, change.version),
        amountCents: settlement.amountCents,
        attempt: 1,
      },
    );
    return;
  }
  let reference: string | null = null;
  let status: RentersSettledData['status'] = 'PENDING';
  if (settlement.kind === 'refund') {
    const issued = await issuedOf(ctx.db, policyNumber, today);
    try {
      const result = await ctx.payments.refund({
        chargeId: issued.payment.chargeId,
        amountCents: settlement.amountCents,
        idempotencyKey: `renters:${policyNumber}:${change.version}:refund`,
      });
      if (result.outcome === 'ok') {
        reference = result.refundId;
        status = 'SUCCEEDED';
      } else {
        status = 'FAILED';
        ctx.log?.warn({ policyNumber, reason: result.reason }, 'renters refund refused');
      }
    } catch (error) {
      status = 'FAILED';
      ctx.log?.error({ err: error, policyNumber }, 'renters refund failed');
    }
  }
  const data: RentersSettledData = {
    kind: settlement.kind,
    amountCents: settlement.amountCents,
    reference,
    status,
    transactionDate: today,
    changeType: change.type,
    changeVersion: change.version,
  };
  const append = () =>
    ctx.db
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(
          trx,
          ctx.metadata,
          policyNumber,
          [{ type: 'renters.settled', data: { ...data } }],
          today,
        ),
      );
  // Another write may land between reading the stream and appending; the settlement then goes after it.
  await append().catch((error: unknown) => {
    if (error instanceof VersionConflictError) return append();
    throw error;
  });
}

async function issuedOf(db: Db, policyNumber: string, today: string): Promise<RentersPolicyIssued> {
  return db
    .transaction()
    .execute(async (trx) => (await loadRentersPolicyForChange(trx, policyNumber, today)).issued);
}
