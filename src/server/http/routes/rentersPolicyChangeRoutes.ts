import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import { MatterIdParams } from '../../../api/schemas/policies';
import {
  RentersCancelRequest,
  RentersChangeReasonsResponse,
  RentersChangeResponse,
  RentersDiscontinueRequest,
  RentersReinstateRequest,
  type RentersChangeWire,
} from '../../../api/schemas/rentersPolicyChanges';
import type { RentersChangeKind } from '../../../machines/rentersPolicyStatus';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { commitRentersChange } from '../../domain/policyMoney/commitRentersChange';
import {
  previewRentersChange,
  type RentersChangeAnswer,
} from '../../domain/policyMoney/previewRentersChange';
import { RENTERS_CHANGE_REASONS } from '../../domain/rentersPolicies/changes/rentersChangeReasons';
import { requireRentersPolicy } from '../../domain/rentersPolicies/rentersPolicyScope';
import { PREVIEW_CONFLICT_CAUSES } from '../../domain/policyChangePreviews';
import { CHARGE_UNDER_WAY } from '../../domain/billing/settleCancellation';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './userMetadata';

// Cancel, discontinue and reinstate a renters policy, each as a preview (commit: false) or as a committed
// action (commit: true), which presents its preview's token or, previewed or not, none (SPEC §7;
// docs/decisions/008, 013, docs/renters-cancellation.md). renters_policy_ax for all three (SPEC §6 names none more
// specific); a policy outside the caller's scope is 404.
const access = anyOf('renters_policy_ax');

const dollars = (cents: number) => cents / 100;

const CHANGED: Readonly<Record<RentersChangeKind, string>> = {
  cancel: 'cancelled',
  discontinue: 'discontinued',
  reinstate: 'reinstated',
};

function wireAnswer(kind: RentersChangeKind, answer: RentersChangeAnswer) {
  const p = answer.preview;
  return {
    data: {
      fingerprint: p.fingerprint,
      effective_date: p.effectiveDate,
      settlement: { kind: p.settlement.kind, amount: dollars(p.settlement.amountCents) },
      fees: dollars(p.feesCents),
      new_state: p.newState,
      new_status_code: p.newStatusCode,
      commission_clawback: dollars(p.commissionClawbackCents),
      committed: answer.committed,
      policy_version: answer.policyVersion,
      preview_token: answer.previewToken,
    },
    meta: {
      cancel_date: kind === 'cancel' ? p.effectiveDate : null,
      refund_amount: p.settlement.kind === 'refund' ? dollars(p.settlement.amountCents) : 0,
      committed: answer.committed,
    },
  };
}

export function rentersPolicyChangeRoutes(
  app: FastifyInstance,
  options: { db: Db; secret: string; payments: PaymentAdapter; clock: Clock },
): void {
  const { db } = options;
  // Preview tokens are signed with the server's secret and checked against the business clock: a preview holds
  // for its minutes of business time, so a moved clock ends it.
  const signing = { secret: options.secret, now: () => options.clock.now().getTime() };
  const { payments } = options;
  // The business day of each request (docs/conventions.md "One business clock").
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/renters/cancellation-reasons',
    { config: { access }, schema: { response: { 200: RentersChangeReasonsResponse } } },
    () => ({
      data: RENTERS_CHANGE_REASONS.map((reason) => ({
        code: reason.code,
        name: reason.name,
        scope: reason.scope,
        is_enabled: reason.isEnabled,
      })),
    }),
  );

  const requests = {
    cancel: RentersCancelRequest,
    discontinue: RentersDiscontinueRequest,
    reinstate: RentersReinstateRequest,
  } as const;
  for (const kind of ['cancel', 'discontinue', 'reinstate'] as const) {
    r.post(
      `/v2/renters/policies/:matterId/${kind}`,
      {
        config: {
          access,
          idempotent: true,
          conflicts: [
            `The policy’s status on the day does not allow it to be ${CHANGED[kind]}.`,
            // A commit that loses a race reloads once and is judged again, so the race ends up here too.
            'The policy changed since the `data.policy_version` sent or since the preview (another change was saved meanwhile), or a commit differs from the change previewed: preview it again.',
            ...PREVIEW_CONFLICT_CAUSES,
            ...(kind === 'cancel' ? [CHARGE_UNDER_WAY] : []),
          ],
        },
        schema: { params: MatterIdParams, body: requests[kind], response: { 200: RentersChangeResponse } },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        const ref = await requireRentersPolicy(db, principal, request.params.matterId);
        const wire: RentersChangeWire = request.body.data;
        const day = today();
        const answer = wire.commit
          ? await commitRentersChange(
              {
                db,
                payments,
                metadata: metadataOf(request, principal),
                log: request.log,
                userId: principal.userId,
                signing,
              },
              ref,
              kind,
              wire,
              day,
            )
          : await previewRentersChange({ db, userId: principal.userId, signing }, ref, kind, wire, day);
        return wireAnswer(kind, answer);
      },
    );
  }
}
