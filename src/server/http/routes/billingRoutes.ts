import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDate, systemClock, type Clock } from '../../../calendar';
import { isAllowed } from '../../../api/access';
import {
  BillingResponse,
  PayNowRequest,
  PayNowResponse,
  PaymentMethodRequest,
  type PayNowResult,
} from '../../../api/schemas/billing';
import {
  RentersBillingResponse,
  RentersPayNowRequest,
  RentersPayNowResponse,
} from '../../../api/schemas/rentersBilling';
import { ErrorBody } from '../../../api/schemas/errors';
import { MatterIdParams } from '../../../api/schemas/policies';
import { accessSubject, isStaff, type Principal } from '../../access/principal';
import { billingView } from '../../domain/billing/billingView';
import { findBillingAccount } from '../../domain/billing/billingAccount';
import { changeBillingMethod } from '../../domain/billing/changeBillingMethod';
import { BillingRefusal, PAYMENT_UNDER_WAY, payNow } from '../../domain/policyMoney/payNow';
import { recordPaidMethod } from '../../domain/policyMoney/recordPaidMethod';
import type { PolicyRef } from '../../domain/billing/policyRef';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import type { Db } from '../../store/db';
import { ValidationFailed } from '../errors';
import { chargeUnderLimits, limits } from '../abuseLimits';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { refundsOf } from '../../domain/billing/refunds/refundHistory';
import { billingAnswer } from './billingAnswers';
import { MONEY_ACCESS, lineRoutes, type PolicyLineRoutes } from './policyLines';
import { rentersBillingWire, rentersPayNowWire } from './rentersBillingWire';
import { metadataOf } from './userMetadata';

// A policy's billing on its Payments tab (docs/billing.md "On screen"), and "Pay now": staff take a late
// payment of everything due. A policy outside the caller's scope answers 404, as its other matters do.
const MatterParams = z.object({ matterId: MatterIdParams.shape.matterId });

// What Pay now says of every decline, whatever the payment service's reason.
export const DECLINED = 'The payment was declined.';

const PAY_CONFLICTS = [
  'Nothing is due: every instalment due by today is paid (or there is no billing account).',
  'The policy lapsed and its reinstatement window is over.',
  PAYMENT_UNDER_WAY,
  CONFLICT.concurrentWrite,
];

export function billingRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentAdapter; clock?: Clock },
): void {
  const { db, clock = systemClock } = options;
  const { payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Billing runs on the business calendar for both lines (the daily run's day).
  const today = () => businessDate(clock.now());

  const answerOf = async (request: FastifyRequest, line: PolicyLineRoutes, ref: PolicyRef) => {
    const view = await billingView(db, ref, today());
    if (!view) return null;
    const principal = requirePrincipal(request);
    const caller = {
      mayPay: isAllowed(line.access.pay, accessSubject(principal)),
      isStaff: isStaff(principal),
    };
    return billingAnswer(view, caller, await refundsOf(db, ref));
  };

  // A new card must be one the caller tokenized: another user's token is as unknown as a made-up one.
  // The refusal names the field as the line's wire spells it.
  const checkToken = async (principal: Principal, token: string | undefined, field = 'data.paymentToken') => {
    if (token === undefined) return;
    const stored = await payments.findToken(token);
    if (!stored || stored.createdBy !== principal.userId)
      throw new ValidationFailed({ [field]: ['The payment method is not known; enter it again.'] });
  };

  // Staff change a pet policy's card without taking a payment (a renters customer's methods have their own
  // screen and account): the run's next charge and "Pay now" take it.
  r.post(
    '/v2/policies/:matterId/billing/payment-method',
    {
      config: { access: MONEY_ACCESS.pet.pay, idempotent: true },
      schema: {
        summary: 'Change the card a pet policy is billed to',
        params: MatterParams,
        body: PaymentMethodRequest,
        response: { 200: BillingResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const line = lineRoutes('pet');
      const ref = await line.find(db, principal, request.params.matterId);
      const { paymentToken } = request.body.data;
      await checkToken(principal, paymentToken);
      const stored = await payments.findToken(paymentToken);
      if (!stored)
        throw new ValidationFailed({
          'data.paymentToken': ['The payment method is not known; enter it again.'],
        });
      const changed = await db
        .transaction()
        .execute((trx) =>
          changeBillingMethod(
            trx,
            ref,
            { token: stored.token, method: stored.method, last4: stored.last4 },
            metadataOf(request, principal),
          ),
        );
      if (!changed && !(await findBillingAccount(db, ref)))
        throw new BillingRefusal('The policy has no billing.');
      return { data: { billing: await answerOf(request, line, ref) } };
    },
  );

  // Takes everything due, the one payment behind both lines' "Pay now"; each line answers it on its own wire.
  const takePayment = async (
    request: FastifyRequest,
    line: PolicyLineRoutes,
    matterId: number,
    token: { value: string | undefined; field: string },
  ): Promise<PayNowResult> => {
    const principal = requirePrincipal(request);
    const ref = await line.find(db, principal, matterId);
    const paymentToken = token.value;
    await checkToken(principal, paymentToken, token.field);
    const metadata = metadataOf(request, principal);
    const pay = () => payNow({ db, payments, clock }, ref, today(), metadata, paymentToken);
    // Card testing: new cards on one policy, and by one user, are limited before any reaches the payment
    // service; a new card that paid is not counted.
    const result = paymentToken
      ? await chargeUnderLimits(
          db,
          request,
          [limits.newCardsPerPolicy(ref.line, ref.policyNumber), limits.newCardsPerUser(principal.userId)],
          pay,
          (paid) => paid.declined > 0,
        )
      : await pay();
    // A renters customer's card that paid is their primary method from now on, on every policy.
    if (ref.line === 'renters' && paymentToken && result.collected > 0) {
      const account = await findBillingAccount(db, ref);
      if (account)
        await db.transaction().execute((trx) =>
          recordPaidMethod(trx, metadata, {
            customerId: account.customer_id,
            policyNumber: ref.policyNumber,
            token: paymentToken,
          }),
        );
    }
    const billing = await answerOf(request, line, ref);
    // A decline is said without the payment service's reason: "insufficient funds" against "declined"
    // tells a card tester which stolen cards are good. The reason stays on the declined instalment.
    return { ...result, declineReason: result.declined > 0 ? DECLINED : null, billing };
  };
  const billingOf = async (request: FastifyRequest, line: PolicyLineRoutes, matterId: number) =>
    answerOf(request, line, await line.find(db, requirePrincipal(request), matterId));

  // The pet line's wire is the billing model as built (camelCase).
  const pet = lineRoutes('pet');
  r.get(
    `${pet.path}/billing`,
    {
      config: { access: pet.access.view },
      schema: {
        summary: 'Get a pet policy’s billing: ledger, schedule, refunds and next payment',
        params: MatterParams,
        response: { 200: BillingResponse },
      },
    },
    async (request) => ({ data: { billing: await billingOf(request, pet, request.params.matterId) } }),
  );
  r.post(
    `${pet.path}/billing/pay-now`,
    {
      config: { access: pet.access.pay, idempotent: true, conflicts: PAY_CONFLICTS },
      schema: {
        summary: 'Take a late payment of everything due on a pet policy (Pay now)',
        params: MatterParams,
        body: PayNowRequest,
        response: { 200: PayNowResponse, 429: ErrorBody },
      },
    },
    async (request) => ({
      data: await takePayment(request, pet, request.params.matterId, {
        value: request.body.data.paymentToken,
        field: 'data.paymentToken',
      }),
    }),
  );

  // The renters line's wire is snake_case like its other records (src/api/schemas/rentersBilling.ts).
  const renters = lineRoutes('renters');
  r.get(
    `${renters.path}/billing`,
    {
      config: { access: renters.access.view },
      schema: {
        summary: 'Get a renters policy’s billing: ledger, schedule, refunds and next payment (snake_case)',
        params: MatterParams,
        response: { 200: RentersBillingResponse },
      },
    },
    async (request) => {
      const billing = await billingOf(request, renters, request.params.matterId);
      return { data: { billing: billing && rentersBillingWire(billing) } };
    },
  );
  r.post(
    `${renters.path}/billing/pay-now`,
    {
      config: { access: renters.access.pay, idempotent: true, conflicts: PAY_CONFLICTS },
      schema: {
        summary: 'Take a late payment of everything due on a renters policy (Pay now, snake_case)',
        params: MatterParams,
        body: RentersPayNowRequest,
        response: { 200: RentersPayNowResponse, 429: ErrorBody },
      },
    },
    async (request) => {
      const paid = await takePayment(request, renters, request.params.matterId, {
        value: request.body.data.payment_token,
        field: 'data.payment_token',
      });
      return { data: rentersPayNowWire(paid) };
    },
  );
}
