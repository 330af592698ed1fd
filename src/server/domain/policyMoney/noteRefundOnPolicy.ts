import type { Db } from '../../store/db';
import { VersionConflictError, readStream, type EventMetadata } from '../../store/eventStore';
import type { PolicyRef } from '../billing/policyRef';
import type { RefundStatus } from '../billing/refunds/refundHistory';
import { appendToRentersPolicy } from '../rentersPolicies/appendToRentersPolicy';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import type { RentersSettledData } from '../rentersPolicies/changes/rentersChangeEvents';
import { changeVersionOfRefundKey } from '../rentersPolicies/changes/rentersRefundKey';

// What the policy's own screens show of a refund's outcome, besides the billing stream (billing's refund step
// knows no policy line; the money path notes the outcome on the policy after each attempt): a pet cancellation's
// refund record takes the service's reference; a renters change gets a `renters.settled` for its payments tab.

const SETTLED_STATUS: Readonly<Record<RefundStatus, RentersSettledData['status']>> = {
  pending: 'PENDING',
  done: 'SUCCEEDED',
  failed: 'FAILED',
};

export async function noteRefundOnPolicy(
  ctx: { db: Db; metadata: EventMetadata },
  ref: PolicyRef,
  refund: { key: string; amountCents: number; status: RefundStatus; refundId: string | null },
  on: string,
): Promise<void> {
  if (ref.line === 'pet') {
    // Only the cancellation's refund has a record of its own; a correction's shows on the billing stream alone.
    if (refund.status !== 'done' || !refund.key.endsWith(':cancellation-refund')) return;
    await ctx.db
      .updateTable('policy_refunds')
      .set({ reference: refund.refundId })
      .where('policy_number', '=', ref.policyNumber)
      .execute();
    return;
  }
  const changeVersion = changeVersionOfRefundKey(refund.key);
  if (!Number.isInteger(changeVersion)) return;
  const append = () =>
    ctx.db.transaction().execute(async (trx) => {
      const events = await readStream(trx, RENTERS_POLICY_STREAM, ref.policyNumber);
      const change = events.find((e) => e.version === changeVersion);
      const data: RentersSettledData = {
        kind: 'refund',
        amountCents: refund.amountCents,
        reference: refund.refundId,
        status: SETTLED_STATUS[refund.status],
        transactionDate: on,
        changeType: change?.type ?? 'renters.cancelled',
        changeVersion,
      };
      await appendToRentersPolicy(
        trx,
        ctx.metadata,
        ref.policyNumber,
        [{ type: 'renters.settled', data: { ...data } }],
        on,
      );
    });
  // Another write may land between reading the stream and appending; the settlement then goes after it.
  await append().catch((error: unknown) => {
    if (error instanceof VersionConflictError) return append();
    throw error;
  });
}
