import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock, type Clock } from '../../../calendar';
import { anyOf, isAllowed } from '../../../api/access';
import { MatterIdParams } from '../../../api/schemas/policies';
import {
  FailedRefundsPage,
  FailedRefundsQuery,
  RetryRefundRequest,
  RetryRefundResponse,
  type FailedRefund,
  type Refund,
} from '../../../api/schemas/refunds';
import { RentersRetryRefundRequest, RentersRetryRefundResponse } from '../../../api/schemas/rentersRefunds';
import { accessSubject, entityScope } from '../../access/principal';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { failedRefunds, refundState } from '../../domain/billing/refunds/refundHistory';
import { retryPolicyRefund } from '../../domain/policyMoney/policyRefund';
import type { Db } from '../../store/db';
import { pageMeta } from '../../store/paging';
import { notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { POLICY_LINES, lineRoutes, type PolicyLineRoutes } from './policyLines';
import { rentersRefundWire } from './rentersBillingWire';
import { failedRefundRow, refundAnswer } from './refundAnswers';
import { metadataOf } from './userMetadata';

// Failed refunds as staff's work (docs/payments.md "Refund statuses"): the queue of refunds the payment
// service refused, and a retry from the policy or the queue. Giving money back is the same kind of act as
// taking it, so each line's retry needs what its "Pay now" needs, and the queue lists a policy's refund only
// to a caller who could retry it, inside their entity scope.
const MatterParams = z.object({ matterId: MatterIdParams.shape.matterId });

// Either line's privilege opens the queue; the rows are then narrowed to the lines the caller may retry.
const QUEUE_ACCESS = anyOf('quote_policy', 'renters_update_pmnt');

const RETRY_CONFLICTS = [CONFLICT.concurrentWrite];

const byFailedAt = (a: FailedRefund, b: FailedRefund) => a.failedAt.localeCompare(b.failedAt);
const byAmount = (a: FailedRefund, b: FailedRefund) => a.amount - b.amount;

export function refundRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentAdapter; clock?: Clock },
): void {
  const { db, payments, clock = systemClock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/refunds/failed',
    {
      config: { access: QUEUE_ACCESS },
      schema: {
        summary: 'List the failed refunds of the policies the caller may retry, newest first',
        tags: ['refunds'],
        querystring: FailedRefundsQuery,
        response: { 200: FailedRefundsPage },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const subject = accessSubject(principal);
      const { page, limit, sort, order, filter } = request.query;
      const lines = POLICY_LINES.filter(
        (l) => isAllowed(l.access.pay, subject) && (!filter.line || filter.line === l.line),
      ).map((l) => l.line);
      const failed =
        lines.length === 0
          ? []
          : (await failedRefunds(db, entityScope(principal))).filter((f) => lines.includes(f.ref.line));
      const compare = sort === 'amount' ? byAmount : byFailedAt;
      const rows = failed
        .flatMap((f) => failedRefundRow(f) ?? [])
        .sort((a, b) => (order === 'asc' ? compare(a, b) : compare(b, a)) || a.key.localeCompare(b.key));
      const shown = rows.slice((page - 1) * limit, page * limit);
      return { data: shown, meta: pageMeta(page, limit, shown.length, { total: rows.length }) };
    },
  );

  // Asks again for the refund the body names, the one retry behind both lines; each answers on its own wire.
  const retry = async (
    request: FastifyRequest,
    line: PolicyLineRoutes,
    matterId: number,
    asked: { key: string; attempt: number },
  ): Promise<Refund> => {
    const principal = requirePrincipal(request);
    const ref = await line.find(db, principal, matterId);
    // A key of another policy is looked for on this policy's stream only: as unknown as a made-up one.
    await retryPolicyRefund(
      { db, payments, clock, metadata: metadataOf(request, principal), log: request.log },
      ref,
      asked,
    );
    const state = await refundState(db, ref, asked.key);
    if (!state) throw notFound('refund');
    return refundAnswer(state);
  };

  const pet = lineRoutes('pet');
  r.post(
    `${pet.path}/refunds/retry`,
    {
      config: { access: pet.access.pay, idempotent: true, conflicts: RETRY_CONFLICTS },
      schema: {
        summary: 'Ask the payment service again for a failed refund of a pet policy',
        params: MatterParams,
        body: RetryRefundRequest,
        response: { 200: RetryRefundResponse },
      },
    },
    async (request) => ({
      data: { refund: await retry(request, pet, request.params.matterId, request.body.data) },
    }),
  );

  // The renters line answers in its wire's snake_case (src/api/schemas/rentersRefunds.ts).
  const renters = lineRoutes('renters');
  r.post(
    `${renters.path}/refunds/retry`,
    {
      config: { access: renters.access.pay, idempotent: true, conflicts: RETRY_CONFLICTS },
      schema: {
        summary: 'Ask the payment service again for a failed refund of a renters policy (snake_case)',
        params: MatterParams,
        body: RentersRetryRefundRequest,
        response: { 200: RentersRetryRefundResponse },
      },
    },
    async (request) => {
      const refund = await retry(request, renters, request.params.matterId, request.body.data);
      return { data: { refund: rentersRefundWire(refund) } };
    },
  );
}
