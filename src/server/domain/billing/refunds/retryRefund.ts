import { Invalid, notFound } from '../../domainErrors';
import { recordRefund } from '../billingCommands';
import type { PolicyRef } from '../policyRef';
import type { Trx } from '../../../store/eventStore';
import type { RefundAnswer, RefundContext } from './askForRefund';
import { refundState, type RefundState } from './refundHistory';

// Asks the payment service again for a refund that failed (docs/payments.md "Failed refunds"). The request
// names the attempt it makes, the one after the last the staff member saw: a repeat of an attempt already
// made (a double click, a retried request) answers that attempt's outcome and asks nothing, so an attempt is
// asked for at most once; each attempt has its own payment key, so the service refunds it at most once too.
// A refund that is done or under way is answered as it stands. This decides and records the attempt; the money
// path asks for it (policyMoney/policyRefund.ts).

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

// Either the answer as the refund stands, or the attempt now recorded as pending, to be asked for.
export type RetryDecision =
  | { answer: RefundAnswer; ask: null }
  | { answer: null; ask: { key: string; amountCents: number; attempt: number } };

export async function decideRetry(
  ctx: RefundContext,
  ref: PolicyRef,
  request: { key: string; attempt: number },
): Promise<RetryDecision> {
  return ctx.db.transaction().execute(async (trx): Promise<RetryDecision> => {
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
}
