import type { Discrepancy } from '../reconciliation/discrepancies';
import { dollars } from '../reconciliation/discrepancies';
import { recordRefundAsked } from '../billing/refunds/askForRefund';
import { askForPolicyRefund } from '../policyMoney/policyRefund';
import { correctionRefundKey } from '../billing/correctionRefundKeys';
import type { Correction, CorrectionContext } from './correction';

// A cancellation that counted less collected than billing collected for the term (older versions counted only
// instalments due before the cancel date, docs/billing.md "What a cancellation counts, keeps and returns"): the
// shortfall goes back to the customer through the refund path under the policy's correction key, so the
// ledger records it and the payment service moves it.
export function planCancellationShortfall(d: Discrepancy): Correction | null {
  if (d.fault?.cause !== 'collectedUndercounted') return null;
  const amountCents = d.fault.shortfallCents;
  const ref = { line: d.line, policyNumber: d.policyNumber };
  const key = correctionRefundKey(ref, 'cancellation');
  return {
    ...ref,
    text: `cancellation kept premium collected for cover after the cancel date: refunded ${dollars(d.foundCents ?? 0)} of ${dollars(d.expectedCents ?? 0)}, refund the shortfall`,
    refundCents: amountCents,
    withdrawnCents: 0,
    async apply(ctx: CorrectionContext) {
      const at = ctx.clock.now();
      const metadata = { ...ctx.actor, at };
      await ctx.db
        .transaction()
        .execute((trx) => recordRefundAsked(trx, ref, { key, amountCents }, metadata, at));
      const answer = await askForPolicyRefund({ ...ctx, metadata }, ref, { key, amountCents, attempt: 1 });
      return `refund of ${dollars(amountCents)} ${answer.status === 'done' ? 'sent' : `${answer.status}${answer.reason ? `: ${answer.reason}` : ''}`}`;
    },
  };
}
