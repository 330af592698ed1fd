import type { FailedRefund, Refund } from '../../../api/schemas/refunds';
import type {
  FailedRefund as FailedRefundState,
  RefundState,
} from '../../domain/billing/refunds/refundHistory';
import { dollars } from '../../domain/rating/wireAmounts';
import { serverTimestamp } from '../../../calendar';

// A refund on the wire: dollars for cents, the instant of its last outcome, and the attempt a retry makes,
// which only a failed refund has (a done one is not asked again, a pending one is being asked).
export const nextAttemptOf = (state: Pick<RefundState, 'status' | 'attempt'>): number | null =>
  state.status === 'failed' ? state.attempt + 1 : null;

export function refundAnswer(state: RefundState): Refund {
  return {
    key: state.key,
    amount: dollars(state.amountCents),
    status: state.status,
    reason: state.reason,
    refundId: state.refundId,
    attempts: state.attempt,
    nextAttempt: nextAttemptOf(state),
    at: serverTimestamp(state.at),
  };
}

// A row of the queue; a refund whose policy has no matter (none does today) could not be opened from it.
export function failedRefundRow(state: FailedRefundState): FailedRefund | null {
  if (state.matterId === null) return null;
  return {
    line: state.ref.line,
    policyNumber: state.ref.policyNumber,
    matterId: state.matterId,
    customerId: state.customerId,
    key: state.key,
    amount: dollars(state.amountCents),
    reason: state.reason ?? 'The payment service refused the refund',
    attempts: state.attempt,
    nextAttempt: state.attempt + 1,
    failedAt: serverTimestamp(state.at),
  };
}
