import type { ProjectionSpec, StoredEvent, Trx } from '../../store/eventStore';
import { refOfStreamId } from '../billing/policyRef';
import { CORRECTION_STREAM, type RefundWithdrawn, type ScheduleRestated } from './correctionEvents';

// What a correction changes in billing's tables (billing_instalments, billing_refunds, billing_accounts).
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const ref = refOfStreamId(event.streamId);
  const account = trx
    .updateTable('billing_accounts')
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber);
  if (event.type === 'correction.scheduleRestated') {
    const d = event.data as unknown as ScheduleRestated;
    for (const r of d.restated) {
      const row = await trx
        .updateTable('billing_instalments')
        .set({ amount_cents: r.toCents })
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('seq', '=', r.seq)
        .returning(['status', 'billed'])
        .executeTakeFirstOrThrow();
      // A paid instalment's difference is returned by its refund, which lowers billed when recorded.
      if (row.billed && row.status !== 'paid')
        await account
          .set((eb) => ({ billed_cents: eb('billed_cents', '+', r.toCents - r.fromCents) }))
          .execute();
    }
    return;
  }
  if (event.type === 'correction.refundWithdrawn') {
    const d = event.data as unknown as RefundWithdrawn;
    const removed = await trx
      .deleteFrom('billing_refunds')
      .where('line', '=', ref.line)
      .where('policy_number', '=', ref.policyNumber)
      .where('key', '=', d.key)
      .executeTakeFirst();
    // Recording the refund took its amount off billed; withdrawing it puts it back.
    if (Number(removed.numDeletedRows) > 0)
      await account.set((eb) => ({ billed_cents: eb('billed_cents', '+', d.amountCents) })).execute();
  }
  // A voided settlement changes no table: the reconciliation reads it from the log.
}

export const correctionProjection: ProjectionSpec = { streamType: CORRECTION_STREAM, each: project };
