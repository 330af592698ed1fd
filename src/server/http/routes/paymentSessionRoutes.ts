import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { ErrorBody } from '../../../api/schemas/errors';
import { uuidParam } from '../../../api/schemas/params';
import {
  PaymentMethodRequest,
  PaymentMethodResponse,
  PaymentSessionResponse,
} from '../../../api/schemas/quotePurchase';
import { centralTimestamp } from '../../domain/centralTime';
import type {
  BankAccountDetails,
  PaymentAdapter,
  TokenizeResult,
} from '../../domain/payments/paymentAdapter';
import type { Db } from '../../store/db';
import { ValidationFailed, notFound } from '../errors';
import { enforceLimits, limits } from '../abuseLimits';
import { requirePrincipal } from '../routeTable';

// SPEC §7 "GET /v1/one-inc-session": the sandbox stand-in for the processor's hosted card/bank form
// (docs/payments.md). The portal opens a session, sends the card or account into it once, and gets a token
// back; only the token travels on to purchase. Quoting users only (quote_new).
export const PAYMENT_SESSION_MINUTES = 30;

// MM/YY or MM/YYYY as printed on a card.
const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

const prefixed = (prefix: string, errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));

export function paymentSessionRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentAdapter },
): void {
  const { db } = options;
  const { payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/one-inc-session',
    {
      config: { access: anyOf('quote_new') },
      schema: { response: { 200: PaymentSessionResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      // A session's minutes are business minutes, as a preview's are: a moved clock ends it.
      const expires = new Date(request.businessAt.getTime() + PAYMENT_SESSION_MINUTES * 60_000);
      const id = randomUUID();
      await db
        .insertInto('payment_sessions')
        .values({ id, user_id: principal.userId, expires_at: expires })
        .execute();
      return { data: { session_id: id, expires_at: centralTimestamp(expires), mode: 'sandbox' as const } };
    },
  );

  r.post(
    '/v1/one-inc-session/:sessionId/payment-methods',
    {
      config: { access: anyOf('quote_new') },
      schema: {
        params: z.object({ sessionId: uuidParam('sessionId') }),
        body: PaymentMethodRequest,
        response: { 200: PaymentMethodResponse, 429: ErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      // Another user's session, or an expired one, is as unknown as a made-up id.
      const session = await db
        .selectFrom('payment_sessions')
        .select('id')
        .where('id', '=', request.params.sessionId)
        .where('user_id', '=', principal.userId)
        .where('expires_at', '>', request.businessAt)
        .executeTakeFirst();
      if (!session) throw notFound('payment session');
      // Card testing: a session takes a few cards, never dozens (src/server/http/abuseLimits.ts).
      await enforceLimits(
        db,
        request,
        [limits.tokenizationsPerSession(session.id)],
        'Too many payment methods were entered in this payment session. Try again later.',
      );
      const owner = { userId: principal.userId, sessionId: session.id };
      const body = request.body;
      let result: TokenizeResult;
      if (body.type === 'card') {
        const expiry = EXPIRY.exec(body.card.expiry.trim());
        if (!expiry) throw new ValidationFailed({ 'card.expiry': ['The expiry must be MM/YY.'] });
        result = await payments.tokenizeCard(
          {
            number: body.card.number,
            expiryMonth: Number(expiry[1]),
            expiryYear: Number(expiry[2]),
            cvc: body.card.cvc.trim(),
            name: body.card.name,
            zip: body.card.zip.trim(),
          },
          owner,
        );
      } else {
        result = await payments.tokenizeBankAccount(
          {
            routingNumber: body.bank.routingNumber.replace(/\s/g, ''),
            accountNumber: body.bank.accountNumber.replace(/\s/g, ''),
            name: body.bank.name,
            // Any other text is refused by the adapter's check, field accountType.
            accountType: body.bank.accountType.trim().toLowerCase() as BankAccountDetails['accountType'],
          },
          owner,
        );
      }
      if (!result.ok) throw new ValidationFailed(prefixed(body.type, result.errors));
      const { token, method, last4, name, expiry } = result.payment;
      return { data: { token, type: method, last4, name, expiry } };
    },
  );
}
