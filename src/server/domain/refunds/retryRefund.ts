import { Invalid, notFound } from '../domainErrors';
import { recordRefund } from '../billing/billingCommands';
import type { PolicyRef } from '../billing/policyRef';
import type { Trx } from '../../store/eventStore';
import { askForRefund, type RefundAnswer, type RefundContext } from './askForRefund';
import { refundState, type RefundState } from './refundHistory';

// Asks the payment service again for a refund that failed (docs/payments.md "Failed refunds"). The request
// names the attempt it makes, the one after the last the staff member saw: a repeat of an attempt already
// made (a double click, a retried request) answers that attempt's outcome and asks nothing, so an attempt is
// asked for at most once; each attempt has its own payment key, so the service refunds it at most once too.
// A refund that is done or under way is answered as it stands.

const answerOf = (state: RefundState): RefundAnswer => ({
  key: state.key,
  amountCents: state.amountCents,
  status: state.status,
  reason: state.reason,
  refundId: state.refundId,
  attempt: state.attempt,
});

// Whether billing still lists the refund: one a correction withdrew as never owed is gone, and is not asked for.
async function isListed(trx: Trx, ref: PolicyRef, key: string): Promise<boolean> {
  const row = await trx
    .selectFrom('billing_refunds')
    .select('key')
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

export async function retryRefund(
  ctx: RefundContext,
  ref: PolicyRef,
  request: { key: string; attempt: number },
): Promise<RefundAnswer> {
  const decided = await ctx.db.transaction().execute(async (trx) => {
    // One retry of a policy's refunds at a time: a second waits here and then sees the first's attempt.
    await trx
      .selectFrom('billing_accounts')
      .select('policy_number')
      .where('line', '=', ref.line)
      .where('policy_number', '=', ref.policyNumber)
      .forUpdate()
      .executeTakeFirst();
    const state = await refundState(trx, ref, request.key);
    if (!state || !(await isListed(trx, ref, request.key))) throw notFound('refund');
    if (state.status !== 'failed' || request.attempt <= state.attempt)
      return { answer: answerOf(state), ask: null };
    const next = state.attempt + 1;
    if (request.attempt !== next)
      throw new Invalid({
        'data.attempt': [`The next attempt of this refund is attempt ${next}.`],
      });
    await recordRefund(
      trx,
      ref,
      { key: state.key, amountCents: state.amountCents, outcome: 'pending' },
      ctx.metadata,
      ctx.clock.now(),
    );
    return { answer: null, ask: { key: state.key, amountCents: state.amountCents, attempt: next } };
  });
  return decided.ask ? askForRefund(ctx, ref, decided.ask) : (decided.answer as RefundAnswer);
}
