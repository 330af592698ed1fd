import type { Db } from '../../store/db';
import type { Discrepancy } from '../reconciliation/discrepancies';
import { dollars } from '../reconciliation/discrepancies';
import { reconcile } from '../reconciliation/reconcile';
import { askForPolicyRefund } from '../policyMoney/policyRefund';
import { refundState } from '../billing/refunds/refundHistory';
import { planCancellationShortfall } from './cancellationShortfalls';
import type { Correction, CorrectionContext } from './correction';
import { planOwnSettlement } from './ownSettlements';
import { planScheduleShares } from './scheduleShares';
import { unrecordedRenewalPayments } from './renewalPayments';

export type { Correction, CorrectionContext } from './correction';

// The corrections of what older versions billed (docs/reconciliation.md "Correcting what older versions
// billed"), planned from the daily reconciliation's findings: a pet billed another pet's instalment, a
// cancellation that kept premium collected after its cancel date, billing's own renters change settled as if
// the customer had asked. Each fault the reconciliation marks as one of these becomes a correction; every
// other discrepancy is left for a person (`left`). Renters renewals paid while their policy's log still waits
// for the payment are found from billing's rows, since no money differs. Planning reads and changes nothing; a
// correction applied takes its fault out of what is planned, so planning again after applying finds nothing.
export interface CorrectionPlan {
  corrections: Correction[];
  // Discrepancies of these findings the command cannot correct (said why in their message).
  left: Discrepancy[];
}

const FINDINGS = new Set(['schedule_differs', 'cancellation_refund_differs', 'balance_due_differs']);

export async function planCorrections(db: Db): Promise<CorrectionPlan> {
  const { discrepancies } = await reconcile(db);
  const corrections: Correction[] = [];
  const left: Discrepancy[] = [];
  const schedules = new Map<string, Discrepancy[]>();
  for (const d of discrepancies) {
    if (!FINDINGS.has(d.kind)) continue;
    if (d.fault?.cause === 'shareOfPurchase') {
      schedules.set(d.policyNumber, [...(schedules.get(d.policyNumber) ?? []), d]);
      continue;
    }
    const correction =
      planCancellationShortfall(d) ??
      (await planOwnSettlement(d, async (key) => pendingRefundCents(db, d, key)));
    if (correction) corrections.push(correction);
    // Only the faults these findings left: another discrepancy of the same kind is the reconciliation's.
    else if (d.fault) left.push(d);
  }
  for (const [policyNumber, found] of schedules) {
    const planned = await planScheduleShares(db, policyNumber, found);
    corrections.push(...planned.corrections);
    left.push(...planned.left);
  }
  corrections.push(...(await unfinishedRefunds(db)));
  corrections.push(...(await unrecordedRenewalPayments(db)));
  return { corrections, left };
}

async function pendingRefundCents(db: Db, d: Discrepancy, key: string): Promise<number> {
  const row = await db
    .selectFrom('billing_refunds')
    .select('amount_cents')
    .where('line', '=', d.line)
    .where('policy_number', '=', d.policyNumber)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.amount_cents ?? 0;
}

// A correction's refund recorded as owed whose asking never happened (a process that stopped between the two):
// asked now under its attempt's key, which the payment service refunds at most once.
async function unfinishedRefunds(db: Db): Promise<Correction[]> {
  const rows = await db
    .selectFrom('billing_refunds')
    .select(['line', 'policy_number', 'key', 'amount_cents'])
    .where('key', 'like', '%:correction:%')
    .where('outcome', '=', 'pending')
    .orderBy('policy_number')
    .execute();
  return rows.map((row) => {
    const ref = { line: row.line as Correction['line'], policyNumber: row.policy_number };
    return {
      ...ref,
      text: `a correction's refund of ${dollars(row.amount_cents)} was recorded but never asked for: ask the payment service`,
      refundCents: row.amount_cents,
      withdrawnCents: 0,
      async apply(ctx: CorrectionContext) {
        const state = await refundState(ctx.db, ref, row.key);
        const metadata = { ...ctx.actor, at: ctx.clock.now() };
        const answer = await askForPolicyRefund({ ...ctx, metadata }, ref, {
          key: row.key,
          amountCents: row.amount_cents,
          attempt: state?.attempt ?? 1,
        });
        return `refund of ${dollars(row.amount_cents)} ${answer.status}`;
      },
    };
  });
}

export interface AppliedCorrection {
  correction: Correction;
  outcome: string;
}

// Applies the corrections one after another, each recorded in its own transaction before any money moves.
export async function applyCorrections(
  ctx: CorrectionContext,
  corrections: readonly Correction[],
): Promise<AppliedCorrection[]> {
  const applied: AppliedCorrection[] = [];
  for (const correction of corrections) applied.push({ correction, outcome: await correction.apply(ctx) });
  return applied;
}
