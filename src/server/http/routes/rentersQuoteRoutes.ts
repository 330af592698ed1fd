import type { Clock } from '../../../calendar/clock';
import { chargeUnderLimits, limits } from '../abuseLimits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { uuidParam } from '../../../api/schemas/params';
import {
  ChooseRentersCoverageRequest,
  GiveRentersCustomerRequest,
  GiveRentersPaymentRequest,
  PurchaseRentersQuoteRequest,
  RentersBackRequest,
  RentersCoverageOptionsQuery,
  RentersCoverageOptionsResponse,
  RentersQuoteResponse,
  SaveRentersPropertyRequest,
  StartRentersQuoteRequest,
} from '../../../api/schemas/rentersQuotes';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { requireQuotingEntities } from '../../domain/entities/quotingRight';
import { rentersCoverageOptions } from '../../domain/rentersRating/coverageOptions';
import { loadRentersRateTables } from '../../domain/rentersRating/loadRentersRateTables';
import { coverageOptionsWire } from '../../domain/rentersQuotes/coverageOptionsWire';
import { purchaseRentersQuote } from '../../domain/rentersQuotes/purchaseRentersQuote';
import {
  chooseRentersCoverage,
  giveRentersCustomer,
  giveRentersPayment,
  rentersQuoteBack,
  saveRentersProperty,
  startRentersQuote,
} from '../../domain/rentersQuotes/rentersQuoteCommands';
import {
  requireRentersQuoteInScope,
  type RentersQuoteActor,
} from '../../domain/rentersQuotes/rentersQuoteExecution';
import { rentersQuoteView } from '../../domain/rentersQuotes/rentersQuoteView';
import type { Db } from '../../store/db';
import { idempotencyKeyOf } from '../idempotency';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';

// The renters quote journey's API (docs/renters-quotes.md, SPEC §3 and §6 "Renters"): renters_qt_create,
// scoped like pet quotes (a quote of another agency is 404). The acting entity is the agentEntityCode
// header's, as everywhere else.
const access = anyOf('renters_qt_create');
const idParams = z.object({ id: uuidParam('id') });
// Every step after the start appends to the quote's journey, which refuses a step out of order.
const STEP_CONFLICTS = [
  CONFLICT.staleVersion(),
  'The quote is at a step of its journey that does not allow this one (say, the purchase before the review).',
  CONFLICT.concurrentWrite,
];

export function rentersQuoteRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentAdapter; clock: Clock },
): void {
  const { db, clock } = options;
  const { payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): RentersQuoteActor => {
    const principal = requirePrincipal(request);
    const idempotencyKey = idempotencyKeyOf(request);
    return {
      db,
      principal,
      acting: principal.acting,
      requestId: request.id,
      idempotencyKey,
      payments,
      clock,
    };
  };
  const answers = { 200: RentersQuoteResponse };

  r.post(
    '/v2/renters/quotes',
    {
      config: {
        access,
        conflicts: [
          'With `rewrite_of`: the policy cannot be rewritten now (it is not cancelled or non-renewing, or was rewritten already); the message says why.',
        ],
      },
      schema: { body: StartRentersQuoteRequest, response: answers },
      // The right to quote comes before the body is read: acting for an entity that may not quote is a 403
      // whatever is sent, not a list of fields to fix for a quote that cannot be made. (The start checks it
      // again, with a rewrite's entity.)
      preValidation: async (request) => {
        await requireQuotingEntities(db, [requirePrincipal(request).acting.id]);
      },
    },
    async (request) => ({ data: await startRentersQuote(actorOf(request), request.body) }),
  );

  r.get(
    '/v2/renters/quotes/:id',
    { config: { access }, schema: { params: idParams, response: answers } },
    async (request) => {
      await requireRentersQuoteInScope(db, requirePrincipal(request), request.params.id);
      return { data: await rentersQuoteView(db, request.params.id) };
    },
  );

  r.get(
    '/v2/renters/coverage-options',
    {
      config: { access },
      schema: { querystring: RentersCoverageOptionsQuery, response: { 200: RentersCoverageOptionsResponse } },
    },
    async (request) => {
      const { state, effective_date } = request.query;
      const tables = await loadRentersRateTables(db, state, effective_date);
      const options = coverageOptionsWire(rentersCoverageOptions(tables));
      return { data: { ...options, effective_date } };
    },
  );

  r.post(
    '/v2/renters/quotes/:id/property',
    {
      config: { access, conflicts: STEP_CONFLICTS },
      schema: { params: idParams, body: SaveRentersPropertyRequest, response: answers },
    },
    async (request) => ({
      data: await saveRentersProperty(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/v2/renters/quotes/:id/coverage',
    {
      config: { access, conflicts: STEP_CONFLICTS },
      schema: { params: idParams, body: ChooseRentersCoverageRequest, response: answers },
    },
    async (request) => ({
      data: await chooseRentersCoverage(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/v2/renters/quotes/:id/customer',
    {
      config: { access, conflicts: STEP_CONFLICTS },
      schema: { params: idParams, body: GiveRentersCustomerRequest, response: answers },
    },
    async (request) => ({
      data: await giveRentersCustomer(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/v2/renters/quotes/:id/payment-method',
    {
      config: { access, conflicts: STEP_CONFLICTS },
      schema: { params: idParams, body: GiveRentersPaymentRequest, response: answers },
    },
    async (request) => ({
      data: await giveRentersPayment(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/v2/renters/quotes/:id/back',
    {
      config: { access, conflicts: STEP_CONFLICTS },
      schema: { params: idParams, body: RentersBackRequest, response: answers },
    },
    async (request) => ({
      data: await rentersQuoteBack(actorOf(request), request.params.id, request.body.version),
    }),
  );

  r.post(
    '/v2/renters/quotes/:id/purchase',
    {
      config: {
        access,
        idempotent: true,
        conflicts: [
          ...STEP_CONFLICTS,
          'The quote rewrites a policy that was rewritten meanwhile, or is no longer cancelled or non-renewing.',
        ],
      },
      schema: { params: idParams, body: PurchaseRentersQuoteRequest, response: answers },
    },
    // Card testing: the purchase's declines count as Pay now's do (src/server/http/abuseLimits.ts).
    async (request) => ({
      data: await chargeUnderLimits(
        db,
        request,
        [
          limits.newCardsPerQuote('renters', request.params.id),
          limits.newCardsPerUser(requirePrincipal(request).userId),
        ],
        () => purchaseRentersQuote(actorOf(request), request.params.id, request.body),
        (view) => view.step === 'paymentFailed',
      ),
    }),
  );
}
