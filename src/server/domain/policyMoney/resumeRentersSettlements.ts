import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { toStoredEvent, type EventMetadata } from '../../store/eventStore';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { businessDate, type Clock } from '../../../calendar';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { isBillingsOwnChange } from '../rentersPolicies/changes/billingsOwnChanges';
import { CHANGE_EVENT } from '../rentersPolicies/changes/rentersChangeEvents';
import { settleRentersChange } from './settleRentersChange';

// A committed renters change moves its money after its transaction (settleRentersChange). A process that
// stopped in between left a change with money to move and no renters.settled naming it; at start-up each one
// is settled now. A refund goes under the key of the change's version, which the payment service refunds at
// most once, so a change settled twice by racing servers never refunds twice.
export async function resumeRentersSettlements(ctx: {
  db: Db;
  payments: PaymentAdapter;
  log: FastifyBaseLogger;
  clock: Clock;
}): Promise<number> {
  const unsettled = await ctx.db
    .selectFrom('events as c')
    .selectAll('c')
    .where('c.stream_type', '=', RENTERS_POLICY_STREAM)
    .where('c.type', 'in', Object.values(CHANGE_EVENT))
    .where(sql<boolean>`c.data->'settlement'->>'kind' <> 'none'`)
    .where(sql<boolean>`(c.data->'settlement'->>'amountCents')::bigint > 0`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events as s')
            .select('s.position')
            .whereRef('s.stream_type', '=', 'c.stream_type')
            .whereRef('s.stream_id', '=', 'c.stream_id')
            .where('s.type', '=', 'renters.settled')
            .where(sql<boolean>`(s.data->>'changeVersion')::int = c.version`),
        ),
      ),
    )
    .orderBy('c.position')
    .execute();
  let settled = 0;
  for (const row of unsettled) {
    const change = toStoredEvent(row);
    // Billing's own lapse or reinstatement moved its money through the billing account.
    if (isBillingsOwnChange(change.data, change.metadata)) continue;
    settled += 1;
    const at = ctx.clock.now();
    const metadata: EventMetadata = { ...change.metadata, requestId: 'startup:resume-settlement', at };
    await settleRentersChange(
      { db: ctx.db, metadata, payments: ctx.payments, log: ctx.log, clock: ctx.clock },
      change.streamId,
      change,
      businessDate(at),
    );
  }
  return settled;
}
