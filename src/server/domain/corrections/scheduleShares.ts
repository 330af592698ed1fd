import { formatBusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Discrepancy } from '../reconciliation/discrepancies';
import { dollars } from '../reconciliation/discrepancies';
import { recordRefundAsked } from '../billing/refunds/askForRefund';
import { askForPolicyRefund } from '../policyMoney/policyRefund';
import { correctionRefundKey } from '../billing/correctionRefundKeys';
import { appendCorrection } from './appendCorrection';
import type { Correction, CorrectionContext } from './correction';
import { correctionEvent } from './correctionEvents';

// A pet whose instalments are not its share of the purchase (older versions billed a second pet the first
// pet's instalment, docs/billing.md "The schedule"): every instalment of the days found is restated to the
// pet's share, and what paid ones took beyond it goes back to the customer through the refund path (split, as
// any refund, across the charges holding the policy's money, newest first). A paid instalment that took less than its share is left to a person:
// billing the customer afterwards for the seller's mistake is not the command's to decide.

interface Row {
  seq: number;
  status: string;
  due_date: string;
  amount_cents: number;
}

export async function planScheduleShares(
  db: Db,
  policyNumber: string,
  found: readonly Discrepancy[],
): Promise<{ corrections: Correction[]; left: Discrepancy[] }> {
  const shareOn = new Map<string, number>();
  for (const d of found)
    if (d.fault?.cause === 'shareOfPurchase' && d.expectedCents !== null)
      shareOn.set(d.fault.dueDate, d.expectedCents);
  const rows: Row[] = await db
    .selectFrom('billing_instalments')
    .select(['seq', 'status', 'due_date', 'amount_cents'])
    .where('line', '=', 'pet')
    .where('policy_number', '=', policyNumber)
    .where('kind', '=', 'instalment')
    .where('due_date', 'in', [...shareOn.keys()])
    .orderBy('seq')
    .execute();
  const restated: { seq: number; fromCents: number; toCents: number }[] = [];
  const short: Row[] = [];
  let overCents = 0;
  let paidOver = 0;
  for (const row of rows) {
    const share = shareOn.get(row.due_date)!;
    if (row.amount_cents === share) continue;
    if (row.status === 'paid' && row.amount_cents < share) {
      short.push(row);
      continue;
    }
    if (row.status === 'paid') {
      overCents += row.amount_cents - share;
      paidOver += 1;
    }
    restated.push({ seq: row.seq, fromCents: row.amount_cents, toCents: share });
  }
  const left =
    short.length === 0
      ? []
      : found.filter((d) =>
          short.some((r) => r.due_date === (d.fault?.cause === 'shareOfPurchase' ? d.fault.dueDate : '')),
        );
  if (restated.length === 0) return { corrections: [], left };
  const ref = { line: 'pet' as const, policyNumber };
  const key = correctionRefundKey(ref, 'schedule');
  const first = restated[0]!;
  const seqs = restated.length === 1 ? `${first.seq}` : `${first.seq}–${restated.at(-1)!.seq}`;
  const unpaid = restated.length - paidOver;
  const text =
    `billed another pet's instalment: instalments ${seqs} restated from ${dollars(first.fromCents)} to this pet's share ${dollars(first.toCents)}` +
    ` (${unpaid} unpaid` +
    (paidOver > 0 ? `, ${paidOver} paid: ${dollars(overCents)} collected beyond the share refunded)` : ')');
  const correction: Correction = {
    line: 'pet',
    policyNumber,
    text,
    refundCents: overCents,
    withdrawnCents: 0,
    async apply(ctx: CorrectionContext) {
      const at = ctx.clock.now();
      const metadata = { ...ctx.actor, at };
      await ctx.db.transaction().execute(async (trx) => {
        await appendCorrection(
          trx,
          ref,
          [
            correctionEvent.scheduleRestated({
              restated,
              reason: `The instalments due ${[...shareOn.keys()].map(formatBusinessDate).join(', ')} were another pet's; each is this pet's share of the purchase.`,
            }),
          ],
          metadata,
        );
        if (overCents > 0) await recordRefundAsked(trx, ref, { key, amountCents: overCents }, metadata, at);
      });
      if (overCents === 0) return `restated ${restated.length} instalments`;
      const answer = await askForPolicyRefund({ ...ctx, metadata }, ref, {
        key,
        amountCents: overCents,
        attempt: 1,
      });
      return `restated ${restated.length} instalments; refund of ${dollars(overCents)} ${answer.status === 'done' ? 'sent' : `${answer.status}${answer.reason ? `: ${answer.reason}` : ''}`}`;
    },
  };
  return { corrections: [correction], left };
}
