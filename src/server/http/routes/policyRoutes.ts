import { systemClock, type Clock } from '../../../calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import { HistoryResponse } from '../../../api/schemas/history';
import {
  CancelRequest,
  CancelResponse,
  MatterIdParams,
  PolicyEventsQuery,
  PolicyholderEdit,
  PolicyViewQuery,
  PolicyViewResponse,
} from '../../../api/schemas/policies';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { PAYMENT_CHANGED, cancelPolicy } from '../../domain/policyMoney/cancelPetPolicy';
import { CHARGE_UNDER_WAY } from '../../domain/billing/settleCancellation';
import { editPolicyholder } from '../../domain/policies/editPolicyholder';
import { POLICY_STREAM } from '../../domain/policies/policyEvents';
import { PREVIEW_CONFLICT_CAUSES } from '../../domain/policyChangePreviews';
import { requirePolicyInScope } from '../../domain/policies/policyQueries';
import { viewPolicy } from '../../domain/policies/policyView';
import type { Db } from '../../store/db';
import { streamHistory } from '../../domain/streamHistory';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './userMetadata';
import { roleReach } from '../../domain/roles/roleOwnership';

// One pet policy (issue 5; SPEC §3 "Policy detail", §7 "Policies and matters"): the view, the policyholder's
// contact details, cancellation (preview or commit, docs/cancellation.md) and the policy's events. SPEC §6:
// quote_policy searches and edits pet policies; a policy outside the caller's scope is 404.
const POLICY_ACCESS = anyOf('quote_policy');
// The state of the pet policy lifecycle that refuses a command (docs/decisions/006).
const STATE_REFUSES = (what: string) =>
  `The policy’s state does not allow ${what} (a cancelled policy, say).`;

export function policyRoutes(
  app: FastifyInstance,
  options: { db: Db; secret: string; payments: PaymentAdapter; clock?: Clock },
): void {
  const { db, clock = systemClock } = options;
  // Preview tokens are signed with the server's secret and checked against the business clock: a preview holds
  // for its minutes of business time, so a moved clock ends it.
  const signing = { secret: options.secret, now: () => clock.now().getTime() };
  const { payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A static path wins over /:matterId in the router, whatever the order.
  r.get(
    '/v2/policies/events',
    {
      config: { access: POLICY_ACCESS },
      schema: { querystring: PolicyEventsQuery, response: { 200: HistoryResponse } },
    },
    async (request) => {
      const { policyNumber } = request.query;
      const principal = requirePrincipal(request);
      await requirePolicyInScope(db, principal, policyNumber);
      const events = await streamHistory(db, POLICY_STREAM, policyNumber, roleReach(principal));
      return { data: events.reverse() };
    },
  );

  r.get(
    '/v2/policies/:matterId',
    {
      config: { access: POLICY_ACCESS },
      schema: { params: MatterIdParams, querystring: PolicyViewQuery, response: { 200: PolicyViewResponse } },
    },
    async (request) => ({
      data: await viewPolicy(db, requirePrincipal(request), request.params.matterId, clock),
    }),
  );

  // SPEC §7 "Matters: … view": a pet policy is a matter, so the matter's view is the policy's.
  r.get(
    '/v2/matters/:matterId',
    {
      config: { access: POLICY_ACCESS },
      schema: { params: MatterIdParams, querystring: PolicyViewQuery, response: { 200: PolicyViewResponse } },
    },
    async (request) => ({
      data: await viewPolicy(db, requirePrincipal(request), request.params.matterId, clock),
    }),
  );

  r.patch(
    '/v2/policies/:matterId/policyholder',
    {
      config: {
        access: POLICY_ACCESS,
        conflicts: [
          CONFLICT.staleVersion('data.version'),
          STATE_REFUSES('a change of its policyholder'),
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { params: MatterIdParams, body: PolicyholderEdit, response: { 200: PolicyViewResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { matterId } = request.params;
      await editPolicyholder(
        db,
        principal,
        matterId,
        request.body.data,
        metadataOf(request, principal),
        clock,
      );
      return { data: await viewPolicy(db, principal, matterId, clock) };
    },
  );

  r.post(
    '/v2/policies/:matterId/cancel',
    {
      config: {
        access: POLICY_ACCESS,
        idempotent: true,
        conflicts: [
          STATE_REFUSES('a cancellation'),
          ...PREVIEW_CONFLICT_CAUSES,
          CHARGE_UNDER_WAY,
          PAYMENT_CHANGED,
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { params: MatterIdParams, body: CancelRequest, response: { 200: CancelResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await cancelPolicy(
        {
          db,
          principal,
          payments,
          metadata: metadataOf(request, principal),
          log: request.log,
          signing,
          clock,
        },
        request.params.matterId,
        request.body.data,
      );
      return { data };
    },
  );
}
