import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, isAllowed } from '../../../api/access';
import { accessSubject } from '../../access/principal';
import { QuoteViewResponse } from '../../../api/schemas/quoteCommands';
import { SpecPurchaseRequest, SpecQuoteRequest, SpecQuoteSave } from '../../../api/schemas/specQuoteRequests';
import type { Clock } from '../../../calendar';
import { Invalid } from '../../domain/domainErrors';
import { requireQuotingEntities } from '../../domain/entities/quotingRight';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import type { QuoteActor } from '../../domain/quotes/quoteExecution';
import { purchaseFromRequest } from '../../domain/quotes/specPurchase';
import { quoteFromRequest, saveQuoteRequest } from '../../domain/quotes/specQuoteRequests';
import type { Db } from '../../store/db';
import { chargeUnderLimits, limits } from '../abuseLimits';
import { forbidden, parseBody } from '../errors';
import { idempotencyKeyOf } from '../idempotency';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';

// SPEC §7 "POST v1/quotes (create)", "POST quote with data" and "POST /v2/policies (purchase)", beside the
// wrapper's actions that do the same steps (docs/quote-actions.md "A quote request as SPEC writes it"). The
// quote is for the acting agency (the agententitycode header, else the user's own). Each body may come bare
// or as `{data: {...}}`; a refusal names the fields as they were sent.
export interface SpecQuoteRouteOptions {
  db: Db;
  payments: PaymentAdapter;
  clock: Clock;
}

const isWrapped = (body: unknown): boolean => typeof body === 'object' && body !== null && 'data' in body;

function parseSpecBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (!isWrapped(body)) return parseBody(schema, body);
  const wrapped = parseBody(z.strictObject({ data: schema }), body) as { data: z.output<T> };
  return wrapped.data;
}

// The journey's field names carry no `data.` prefix in a SPEC answer; a wrapped body's do.
async function prefixed<T>(body: unknown, work: () => Promise<T>): Promise<T> {
  if (!isWrapped(body)) return work();
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    const fields = Object.entries(error.fields).map(([key, messages]) => [`data.${key}`, messages]);
    throw new Invalid(Object.fromEntries(fields), error.message);
  }
}

export function specQuoteRoutes(app: FastifyInstance, options: SpecQuoteRouteOptions): void {
  const { db, payments, clock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): QuoteActor => {
    const principal = requirePrincipal(request);
    return {
      db,
      principal,
      acting: principal.acting,
      requestId: request.id,
      idempotencyKey: idempotencyKeyOf(request),
      payments,
      clock,
    };
  };
  // The right to quote before the body: an agency that may not quote is a 403 whatever is sent.
  const mayQuote = async (request: FastifyRequest) => {
    await requireQuotingEntities(db, [requirePrincipal(request).acting.id]);
  };
  const writes = {
    access: anyOf('quote_new'),
    conflicts: [
      'The quote is at a step of its journey that does not allow the action, or the business refuses it (a state that does not sell, a pet too old).',
      CONFLICT.concurrentWrite,
    ],
  };

  r.post(
    '/v1/quotes',
    {
      config: writes,
      preValidation: mayQuote,
      schema: { body: z.unknown(), response: { 200: QuoteViewResponse } },
    },
    async (request) => {
      const sent = parseSpecBody(SpecQuoteRequest, request.body);
      const result = await prefixed(request.body, () => quoteFromRequest(actorOf(request), sent));
      return { data: result.quote };
    },
  );

  r.post(
    '/v2/quote',
    {
      // Saving a quote that exists is working its journey (quote_edit); a new one needs quote_new.
      config: { ...writes, access: anyOf('quote_new', 'quote_edit') },
      preValidation: mayQuote,
      schema: { body: z.unknown(), response: { 200: QuoteViewResponse } },
    },
    async (request) => {
      const sent = parseSpecBody(SpecQuoteSave, request.body);
      if (!sent.uuid && !isAllowed(anyOf('quote_new'), accessSubject(requirePrincipal(request)))) {
        throw forbidden();
      }
      const result = await prefixed(request.body, () => saveQuoteRequest(actorOf(request), sent));
      return { data: result.quote };
    },
  );

  r.post(
    '/v2/policies',
    {
      // A money command: it charges, so it takes an Idempotency-Key as the wrapper's purchase does.
      config: { ...writes, access: anyOf('quote_new', 'quote_edit'), idempotent: true },
      preValidation: mayQuote,
      schema: { body: z.unknown(), response: { 200: QuoteViewResponse } },
    },
    async (request) => {
      const sent = parseSpecBody(SpecPurchaseRequest, request.body);
      const actor = actorOf(request);
      const quoteId = sent.quoteId ?? sent.uuid ?? '';
      // Card testing: a purchase charges a new card, as the wrapper's does (src/server/http/abuseLimits.ts).
      const result = await chargeUnderLimits(
        db,
        request,
        [limits.newCardsPerQuote('pet', quoteId), limits.newCardsPerUser(actor.principal.userId)],
        () => prefixed(request.body, () => purchaseFromRequest(actor, sent)),
        (answer) => answer.step === 'paymentFailed',
      );
      return { data: result.quote };
    },
  );
}
