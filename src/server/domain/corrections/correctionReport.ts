import { dollars } from '../reconciliation/discrepancies';
import type { Correction } from './correction';
import type { AppliedCorrection, CorrectionPlan } from './planCorrections';

// What `npm run correct-billing` prints (docs/reconciliation.md "Correcting what older versions billed"): one
// line per correction with its policy, what was wrong and the money it sends back, the faults left for a
// person, and a total. A dry run ends by saying how to record them.

const line = (c: Correction) =>
  `${c.line} ${c.policyNumber}  ${c.text}${c.refundCents > 0 ? `  refund ${dollars(c.refundCents)}` : ''}`;

export function planReport(plan: CorrectionPlan, day: string, apply: boolean): string[] {
  const refunds = plan.corrections.reduce((sum, c) => sum + c.refundCents, 0);
  const withdrawn = plan.corrections.reduce((sum, c) => sum + c.withdrawnCents, 0);
  const count = plan.corrections.length;
  const total =
    `${count === 0 ? 'Nothing to correct' : `${count} correction${count === 1 ? '' : 's'}`} for ${day}: ` +
    `refunds ${dollars(refunds)}, refunds withdrawn ${dollars(withdrawn)}` +
    (plan.left.length > 0 ? `; ${plan.left.length} left for a person` : '') +
    (count > 0 && !apply ? ' (dry run: run with --apply to record them)' : '');
  return [
    ...plan.corrections.map(line),
    ...plan.left.map((d) => `${d.line} ${d.policyNumber}  not corrected (${d.kind}): ${d.message}`),
    total,
  ];
}

export function appliedReport(applied: readonly AppliedCorrection[]): string[] {
  return [
    ...applied.map((a) => `${a.correction.line} ${a.correction.policyNumber}  ${a.outcome}`),
    `Applied ${applied.length} correction${applied.length === 1 ? '' : 's'}.`,
  ];
}
