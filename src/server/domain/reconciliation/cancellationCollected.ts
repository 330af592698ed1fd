import { sql } from 'kysely';
import { petPremiumPaid } from '../billing/petPremiumPaid';
import { BILLING_STREAM } from '../billing/policyRef';
import type { PaymentPeriod } from '../moneyRules/cancellationFigures';
import { POLICY_STREAM, type PolicyCancelled } from '../policies/policyEvents';
import { refundKey } from '../policies/cancellationRefundKey';
import { NON_PAYMENT } from '../rentersPolicies/changes/billingsOwnChanges';
import { correctionRefundKey, isCorrectionRefundKey } from '../billing/correctionRefundKeys';
import { dollars, type Discrepancy } from './discrepancies';
import type { Reader } from './reader';

// A settled pet cancellation counted everything billing collected for the term (docs/billing.md "What a
// cancellation counts, keeps and returns"): older versions counted only instalments due before the cancel
// date, so a flat or backdated cancellation kept the premium of months collected after it. The premium billing
// collected for the term (each paid instalment's premium share, less refunds sent before) is weighed against
// the collected the cancellation states; what it counted short is owed back, less what a correction returned.
// Only a policy cancelled once and never reinstated, in the term billing knows, is weighed: a second
// cancellation's collected is net of the first's refund and charge-back, which its figures already weigh.

interface Cancelled {
  policy_number: string;
  data: PolicyCancelled;
  cancellations: number;
  reinstated: boolean;
  payment_period: PaymentPeriod;
  effective_day: string;
  term_effective: string;
}

async function cancelledOnce(db: Reader): Promise<Cancelled[]> {
  const { rows } = await sql<Cancelled>`
    select c.stream_id as policy_number, c.data, p.payment_period,
           to_char(p.effective_date, 'YYYY-MM-DD') as effective_day, a.term_effective,
           (select count(*)::int from events x
             where x.stream_type = ${POLICY_STREAM} and x.stream_id = c.stream_id
               and x.type = 'policy.cancelled') as cancellations,
           exists (select 1 from events x
                    where x.stream_type = ${POLICY_STREAM} and x.stream_id = c.stream_id
                      and x.type = 'policy.reinstated') as reinstated
      from events c
      join billing_accounts a on a.line = 'pet' and a.policy_number = c.stream_id
      join policies p on p.policy_number = c.stream_id
     where c.stream_type = ${POLICY_STREAM} and c.type = 'policy.cancelled'
     order by c.position`.execute(db);
  return rows.filter(
    (r) =>
      r.cancellations === 1 &&
      !r.reinstated &&
      r.term_effective === r.effective_day &&
      !(r.data.reason === 'NON_PAYMENT' && r.data.note === NON_PAYMENT),
  );
}

async function weigh(db: Reader, c: Cancelled): Promise<Discrepancy[]> {
  const ref = { line: 'pet' as const, policyNumber: c.policy_number };
  const paid = await db
    .selectFrom('billing_instalments')
    .select(['kind', 'due_date', 'amount_cents'])
    .where('line', '=', 'pet')
    .where('policy_number', '=', c.policy_number)
    .where('status', '=', 'paid')
    .where('kind', '=', 'instalment')
    .execute();
  const refunds = await db
    .selectFrom('events')
    .select(sql<string>`data->>'key'`.as('key'))
    .select(sql<number>`(data->>'amountCents')::int`.as('amount_cents'))
    .select(sql<string>`data->>'outcome'`.as('outcome'))
    .where('stream_type', '=', BILLING_STREAM)
    .where('stream_id', '=', `pet:${c.policy_number}`)
    .where('type', '=', 'billing.refundRecorded')
    .orderBy('position')
    .execute();
  const last = new Map(refunds.map((r) => [r.key, r]));
  // Refunds sent before the cancellation: none of its own or of a correction's.
  const before = [...last.values()]
    .filter(
      (r) => r.outcome === 'done' && r.key !== refundKey(c.policy_number) && !isCorrectionRefundKey(r.key),
    )
    .reduce((sum, r) => sum + r.amount_cents, 0);
  const collected =
    petPremiumPaid(
      {
        effectiveDate: c.effective_day,
        annualPremiumCents: c.data.annualPremiumCents,
        paymentPeriod: c.payment_period,
      },
      paid,
    ) - before;
  const shortfall = collected - c.data.paidCents;
  const corrected = last.get(correctionRefundKey(ref, 'cancellation'))?.amount_cents ?? 0;
  if (shortfall - corrected <= 0) return [];
  // A balance due stated on a short count is owed by nobody: a person settles it with the customer.
  const owing = (c.data.balanceDueCents ?? 0) > 0;
  return [
    {
      kind: 'cancellation_refund_differs',
      line: 'pet',
      policyNumber: c.policy_number,
      expectedCents: c.data.refundCents + shortfall,
      foundCents: c.data.refundCents + corrected,
      message: `The cancellation to ${c.data.cancelEffectiveDate} counts ${dollars(c.data.paidCents)} of premium collected, but billing collected ${dollars(collected)} for the term (instalments for months after the cancel date count too), so ${dollars(shortfall)} more comes back${corrected > 0 ? ` and a correction returned ${dollars(corrected)}` : ''}. ${owing ? `It also states a balance due of ${dollars(c.data.balanceDueCents ?? 0)}: settle both with the customer.` : 'Refund the difference (npm run correct-billing).'}`,
      ...(!owing && { fault: { cause: 'collectedUndercounted', shortfallCents: shortfall - corrected } }),
    },
  ];
}

export async function collectedCountDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const found: Discrepancy[] = [];
  for (const c of await cancelledOnce(db)) found.push(...(await weigh(db, c)));
  return found;
}
