import { centralDate } from '../../domain/centralTime';
import { chargeUnderLimits, limits } from '../abuseLimits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { anyOf, authenticated, isAllowed } from '../../../api/access';
import { AGENT_ENTITY_CODE } from '../../../api/schemas/params';
import {
  QuoteActionRequest,
  QuoteActionResponse,
  QuoteConfigListResponse,
} from '../../../api/schemas/quoteActions';
import { accessSubject, findActingEntity, isStaff, type ActingEntity } from '../../access/principal';
import type { Db } from '../../store/db';
import { forbidden } from '../errors';
import { requireQuotingEntities } from '../../domain/entities/quotingRight';
import { CONFLICT } from '../openapi/conflicts';
import { idempotencyKeyOf } from '../idempotency';
import { requirePrincipal } from '../routeTable';
import { answerUnderwriting } from '../../domain/quotes/answerUnderwriting';
import { chooseCoverage } from '../../domain/quotes/chooseCoverage';
import { createQuote } from '../../domain/quotes/createQuote';
import type { QuoteActor } from '../../domain/quotes/quoteExecution';
import type { Clock } from '../../../calendar';
import { goBack, removePet } from '../../domain/quotes/quoteNavigation';
import { viewQuote } from '../../domain/quotes/quoteQueries';
import { refusalMessage } from '../../domain/actionRefused';
import { abandonQuote, acknowledgeFraud, fraudWarning } from '../../domain/quotes/fraudActions';
import { purchase, retryPayment } from '../../domain/quotes/purchaseQuote';
import { updateQuote } from '../../domain/quotes/updateQuote';
import { encodedCustomerId, viewCustomer } from '../../domain/customers/customerQueries';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { ratePlans } from './quoteActions/plansAction';
import {
  breeds,
  coverItems,
  fees,
  underwritingQuestions,
  wellnessPlans,
} from './quoteActions/referenceActions';

// SPEC §7 "Quote action wrapper": POST /v1/quote/action, read actions (docs/quote-actions.md). Quoting is
// open to admin, internal and external agents (SPEC §6): quote_new, or its parent `quote`.
type ActionBody = z.output<typeof QuoteActionRequest>;
type Answer = z.output<typeof QuoteActionResponse>;
type AnswerMeta = Answer['meta'];

export interface QuoteActionOptions {
  db: Db;
  // Signs encoded customer ids (a key is derived from it); the server's secret.
  secret: string;
  // The payment service purchases charge through; the sandbox by default (docs/payments.md).
  payments: PaymentAdapter;
  // The business clock: it dates the journey's events and the purchase, as it dates a renters sale.
  clock: Clock;
}

export function quoteActionRoutes(app: FastifyInstance, options: QuoteActionOptions): void {
  const { db, secret } = options;
  const { payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/quote/action',
    {
      config: {
        // quote_edit works a quote's journey; only createQuote needs quote_new (checked in the handler).
        access: anyOf('quote_new', 'quote_edit'),
        idempotent: true,
        conflicts: [
          'The quote is at a step of its journey that does not allow the action (a purchase before checkout, say).',
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { body: QuoteActionRequest, response: { 200: QuoteActionResponse } },
      // The right to quote comes before the body is read, as the renters start's does: a write (method POST)
      // acting for an entity that may not quote is a 403 whatever is sent, not a list of fields to fix. The
      // body is parsed but not yet checked, so only a well-formed entity code is taken from it; each command
      // checks again, with the quote's own entity.
      preValidation: async (request) => {
        const sent = request.body as { method?: unknown; meta?: { agent?: { entityCode?: unknown } } } | null;
        if (sent?.method !== 'POST') return;
        const code = sent.meta?.agent?.entityCode;
        const wellFormed = typeof code === 'string' && AGENT_ENTITY_CODE.test(code) ? code : undefined;
        const acting = await actingEntityOf(db, request, wellFormed);
        await requireQuotingEntities(db, [acting.id]);
      },
    },
    async (request) => {
      const body = request.body;
      const acting = await actingEntityOf(db, request, body.meta?.agent?.entityCode);
      const meta = { action: body.action, actionCode: body.actionCode ?? null };
      const principal = requirePrincipal(request);
      if (body.action === 'createQuote' && !isAllowed(anyOf('quote_new'), accessSubject(principal))) {
        throw forbidden();
      }
      const actor: QuoteActor = {
        db,
        principal,
        acting,
        requestId: request.id,
        idempotencyKey: idempotencyKeyOf(request),
        payments,
        clock: options.clock,
      };
      const answer = () => run(actor, body, meta, secret);
      try {
        // Card testing: a purchase charges a new card, so its declines count as Pay now's do, per quote and
        // per user (src/server/http/abuseLimits.ts).
        if (body.action === 'purchase' || body.action === 'retryPayment')
          return await chargeUnderLimits(
            db,
            request,
            [limits.newCardsPerQuote('pet', body.data.uuid), limits.newCardsPerUser(principal.userId)],
            answer,
            (a) => (a.data as { step?: string }).step === 'paymentFailed',
          );
        return await answer();
      } catch (error) {
        const message = refusalMessage(error);
        if (message === null) throw error;
        return { data: { error: message }, meta };
      }
    },
  );

  r.get(
    '/v2/configs',
    { config: { access: authenticated }, schema: { response: { 200: QuoteConfigListResponse } } },
    async () => ({
      data: await db
        .selectFrom('quote_configs')
        .select(['code', 'value', 'description'])
        .orderBy('code')
        .execute(),
    }),
  );
}

// meta.agent.entityCode names the agency the call is made for: the acting entity (from the header), or
// another one the user may act for; anything else is refused, as the header is.
async function actingEntityOf(
  db: Db,
  request: FastifyRequest,
  entityCode: string | undefined,
): Promise<ActingEntity> {
  const principal = requirePrincipal(request);
  const code = entityCode?.toUpperCase();
  if (!code || code === principal.acting.entityCode) return principal.acting;
  const entity = await findActingEntity(
    db,
    { entityPath: principal.entityPath, staff: isStaff(principal) },
    code,
  );
  if (!entity) throw forbidden();
  return entity;
}

async function run(actor: QuoteActor, body: ActionBody, meta: AnswerMeta, secret: string): Promise<Answer> {
  const { db, acting } = actor;
  switch (body.action) {
    case 'plans':
      return { data: await ratePlans(db, body.data), meta };
    case 'breeds':
      return { data: await breeds(db, body.data), meta };
    case 'coverItemsFormatted':
      return { data: await coverItems(db, body.data, centralDate(actor.clock.now())), meta };
    case 'wellnessFormatted':
      return { data: await wellnessPlans(db, body.data, centralDate(actor.clock.now())), meta };
    case 'fees':
      return { data: await fees(db, body.data, centralDate(actor.clock.now())), meta };
    case 'underwritingQuestions':
      return { data: await underwritingQuestions(db, acting.id, body.data), meta };
    case 'createQuote':
      return { data: await createQuote(actor, body.data), meta };
    case 'answerUnderwriting':
      return { data: await answerUnderwriting(actor, body.data), meta };
    case 'removePet':
      return { data: await removePet(actor, body.data), meta };
    case 'chooseCoverage':
      return { data: await chooseCoverage(actor, body.data), meta };
    case 'back':
      return { data: await goBack(actor, body.data), meta };
    case 'quoteView':
      return { data: await viewQuote(actor, body.data.uuid), meta };
    case 'updateQuote':
      return { data: await updateQuote(actor, body.data), meta };
    case 'fraudWarning':
      return { data: await fraudWarning(actor, body.data.uuid), meta };
    case 'purchase':
      return { data: await purchase(actor, body.data), meta };
    case 'retryPayment':
      return { data: await retryPayment(actor, body.data), meta };
    case 'acknowledgeFraud':
      return { data: await acknowledgeFraud(actor, body.data), meta };
    case 'abandonQuote':
      return { data: await abandonQuote(actor, body.data), meta };
    case 'customer':
      return { data: await viewCustomer(db, actor.principal, body.data.customerId), meta };
    case 'encodedCustomerId':
      return {
        data: await encodedCustomerId(db, actor.principal, secret, body.data.customerId),
        meta,
      };
  }
}
