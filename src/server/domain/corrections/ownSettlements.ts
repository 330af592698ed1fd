import type { Discrepancy } from '../reconciliation/discrepancies';
import { dollars } from '../reconciliation/discrepancies';
import { appendCorrection } from './appendCorrection';
import type { Correction, CorrectionContext } from './correction';
import { correctionEvent } from './correctionEvents';

// A settlement billing's own change stated that never moved (older versions settled a lapse or a late
// payment's reinstatement as if the customer had asked): it is voided, and a refund billing recorded as owed
// for it, which sent nothing, is withdrawn, so the ledger no longer counts it as the customer's credit.
export async function planOwnSettlement(
  d: Discrepancy,
  pendingCents: (key: string) => Promise<number>,
): Promise<Correction | null> {
  const fault = d.fault;
  if (fault?.cause !== 'ownSettlement') return null;
  const ref = { line: d.line, policyNumber: d.policyNumber };
  const withdrawn = fault.pendingRefundKey ? await pendingCents(fault.pendingRefundKey) : 0;
  const change = fault.changeType === 'renters.cancelled' ? 'lapse' : 'late-payment reinstatement';
  return {
    ...ref,
    text: `billing's own ${change} (version ${fault.changeVersion}) recorded a ${fault.kind} of ${dollars(fault.amountCents)} that never moved: void it${
      fault.pendingRefundKey ? ` and withdraw the refund recorded as owed (${dollars(withdrawn)})` : ''
    }`,
    refundCents: 0,
    withdrawnCents: withdrawn,
    async apply(ctx: CorrectionContext) {
      const metadata = { ...ctx.actor, at: ctx.clock.now() };
      const reason = `Billing's own ${change} moves no money of its own: the billing account voids and collects.`;
      await ctx.db.transaction().execute((trx) =>
        appendCorrection(
          trx,
          ref,
          [
            correctionEvent.settlementVoided({
              line: ref.line,
              changeType: fault.changeType,
              changeVersion: fault.changeVersion,
              kind: fault.kind,
              amountCents: fault.amountCents,
              reason,
            }),
            ...(fault.pendingRefundKey
              ? [
                  correctionEvent.refundWithdrawn({
                    key: fault.pendingRefundKey,
                    amountCents: withdrawn,
                    reason,
                  }),
                ]
              : []),
          ],
          metadata,
        ),
      );
      return `voided${fault.pendingRefundKey ? `; refund of ${dollars(withdrawn)} withdrawn` : ''}`;
    },
  };
}
