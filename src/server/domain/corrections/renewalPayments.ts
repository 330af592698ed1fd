import { sql } from 'kysely';
import { businessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { appendToRentersPolicy } from '../rentersPolicies/appendToRentersPolicy';
import { awaitedRenewal, renewalPaymentReceived } from '../rentersPolicies/rentersRenewalPayment';
import { BILLING_STREAM } from '../billing/policyRef';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import type { Correction, CorrectionContext } from './correction';

// A renters renewal paid before billing told the policy's log of it (older versions never did): the policy
// still reads "Renewal payment pending" (SPEC §3 has_pending_renewal_payment). The renewed term's first bill,
// due on its effective date and collected, is recorded on the log as the renewal's payment, dated when billing
// collected it, as billing now records it in the collection's transaction. No money moves.
export async function unrecordedRenewalPayments(db: Db): Promise<Correction[]> {
  const rows = await db
    .selectFrom('billing_instalments as i')
    .innerJoin('events as c', (join) =>
      join
        .on('c.stream_type', '=', BILLING_STREAM)
        .on(sql<boolean>`c.stream_id = 'renters:' || i.policy_number`)
        .on('c.type', '=', 'billing.instalmentCollected')
        .on(sql<boolean>`(c.data->>'seq')::int = i.seq`),
    )
    .select(['i.policy_number', 'i.due_date', 'i.amount_cents', 'c.recorded_at'])
    .where('i.line', '=', 'renters')
    .where('i.kind', '=', 'instalment')
    .where('i.status', '=', 'paid')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('events as o')
          .select('o.version')
          .where('o.stream_type', '=', RENTERS_POLICY_STREAM)
          .whereRef('o.stream_id', '=', 'i.policy_number')
          .where('o.type', '=', 'renters.renewalOffered')
          .where(sql<boolean>`o.data->>'effectiveDate' = i.due_date`),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events as p')
            .select('p.version')
            .where('p.stream_type', '=', RENTERS_POLICY_STREAM)
            .whereRef('p.stream_id', '=', 'i.policy_number')
            .where('p.type', '=', 'renters.renewalPaymentReceived')
            .where(sql<boolean>`p.data->>'effectiveDate' = i.due_date`),
        ),
      ),
    )
    .orderBy('i.policy_number')
    .orderBy('i.due_date')
    .execute();
  const corrections: Correction[] = [];
  for (const row of rows) {
    // Only a payment the log still waits for: a policy cancelled or discontinued since waits for none.
    // readStream only selects, which a Kysely outside a transaction does the same way.
    if (!(await awaitedRenewal(db as Trx, row.policy_number, row.due_date))) continue;
    const collectedAt = new Date(row.recorded_at);
    corrections.push({
      line: 'renters',
      policyNumber: row.policy_number,
      text: `the renewal from ${row.due_date} was paid on ${businessDate(collectedAt)} but the policy still reads "Renewal payment pending": record its payment`,
      refundCents: 0,
      withdrawnCents: 0,
      async apply(ctx: CorrectionContext) {
        const metadata = { ...ctx.actor, at: ctx.clock.now() };
        const today = businessDate(metadata.at);
        const recorded = await ctx.db.transaction().execute(async (trx) => {
          if (!(await awaitedRenewal(trx, row.policy_number, row.due_date))) return false;
          await appendToRentersPolicy(
            trx,
            metadata,
            row.policy_number,
            [{ ...renewalPaymentReceived(row.due_date), recordedAt: collectedAt }],
            today,
          );
          return true;
        });
        return recorded ? 'renewal payment recorded' : 'already recorded';
      },
    });
  }
  return corrections;
}
