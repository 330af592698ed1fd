import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf, anyOf } from '../../../api/access';
import { ErrorBody } from '../../../api/schemas/errors';
import { integerParam, uuidParam } from '../../../api/schemas/params';
import {
  AddPaymentMethodRequest,
  AddPaymentMethodWireResponse,
  LookupQuery,
  LookupResponse,
  RentersPaymentMethodListWireResponse,
  PaymentMethodQuery,
  RentersPaymentMethodIncludedWireResponse,
  SetupIntentResponse,
  TokenizeRequest,
  TokenizeResponse,
} from '../../../api/schemas/rentersPaymentMethods';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { requireRentersCustomer } from '../../domain/rentersPayments/rentersCustomerScope';
import {
  addPrimaryMethod,
  findAccountId,
  findMethod,
  listMethods,
  openAccount,
} from '../../domain/rentersPayments/rentersPaymentAccounts';
import { methodOnFileOut, paymentMethodOut } from '../../domain/rentersPayments/rentersPaymentView';
import { announceMethodChange, methodOnFile } from '../../domain/policyMoney/rentersPolicyMethods';
import {
  advanceIntent,
  createSetupIntent,
  findOwnIntent,
  requireIntentAt,
} from '../../domain/rentersPayments/rentersSetupIntents';
import { tokenizeMethod } from '../../domain/rentersPayments/tokenizeIntoIntent';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { notFound } from '../errors';
import { enforceLimits, limits } from '../abuseLimits';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './userMetadata';
import { serverTimestamp } from '../../../calendar';

// SPEC §7 "Customer payment" for renters (docs/payments.md "Renters payment methods"): the customer's
// methods (renters_policy_ax), and the update through a setup intent, tokenize and add
// (renters_update_pmnt besides). Every route checks the customer has a renters policy in the caller's scope.
const read = anyOf('renters_policy_ax');
const update = allOf(anyOf('renters_policy_ax'), anyOf('renters_update_pmnt'));

const customerParams = z.object({ customerId: integerParam('customerId') });
// An account is named by its id or as `active`, the customer's one account.
const accountId = z.union([z.literal('active'), uuidParam('accountId')], {
  error: 'accountId must be a UUID or active',
});
const accountParams = customerParams.extend({ accountId });
const methodParams = accountParams.extend({ methodId: uuidParam('methodId') });

// The customer's account the path names: `active` or its id; another customer's id is unknown.
async function accountOf(db: Db | Trx, customerId: number, named: string): Promise<string | null> {
  const id = await findAccountId(db, customerId);
  return named === 'active' || named === id ? id : null;
}

export function rentersPaymentMethodRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentAdapter },
): void {
  const { db } = options;
  const { payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/renters/customers/:customerId/payment_methods',
    {
      config: { access: read },
      schema: { params: customerParams, response: { 200: RentersPaymentMethodListWireResponse } },
    },
    async (request) => {
      const { customerId } = await requireRentersCustomer(
        db,
        requirePrincipal(request),
        request.params.customerId,
      );
      const methods = await listMethods(db, customerId);
      if (methods.length) return { data: methods.map(paymentMethodOut) };
      const onFile = await methodOnFile(db, customerId);
      return { data: onFile ? [methodOnFileOut(onFile, await findAccountId(db, customerId))] : [] };
    },
  );

  // Opens the customer's account on first need, so the method can then be added under its id.
  r.get(
    '/v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/setup-intent',
    {
      // Two requests opening the customer's account at once: the later one (openAccount).
      config: { access: update, conflicts: [CONFLICT.concurrentWrite] },
      schema: { params: accountParams, response: { 200: SetupIntentResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { customerId } = await requireRentersCustomer(db, principal, request.params.customerId);
      const paymentAccountId = await db.transaction().execute(async (trx) => {
        if (request.params.accountId !== 'active') {
          const named = await accountOf(trx, customerId, request.params.accountId);
          if (!named) throw notFound('payment account');
        }
        return openAccount(trx, metadataOf(request, principal), customerId);
      });
      const intent = await createSetupIntent(db, customerId, principal.userId, request.businessAt);
      return {
        data: {
          setup_intent_id: intent.id,
          expires_at: serverTimestamp(intent.expires_at),
          payment_account_id: paymentAccountId,
        },
      };
    },
  );

  r.post(
    '/v2/renters/tokenize',
    {
      config: {
        access: update,
        conflicts: [
          'The setup intent already has a payment method entered, was used to add one, or expired: start again.',
        ],
      },
      schema: { body: TokenizeRequest, response: { 200: TokenizeResponse, 429: ErrorBody } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = request.body.data;
      const intent = await findOwnIntent(db, data.setup_intent_id, principal.userId);
      await requireRentersCustomer(db, principal, intent.customer_id);
      requireIntentAt(intent, 'created', request.businessAt);
      // Card testing: each setup intent takes one method, so the customer's new methods are what is limited.
      await enforceLimits(
        db,
        request,
        [limits.tokenizationsPerRentersCustomer(intent.customer_id)],
        'Too many payment methods were entered for this customer. Try again later.',
      );
      const { payment, billingZipCode } = await tokenizeMethod(payments, data, principal.userId);
      await advanceIntent(db, intent.id, 'created', {
        token: payment.token,
        type_code: payment.method,
        last4: payment.last4,
        billing_zip_code: billingZipCode,
      });
      return {
        data: {
          setup_intent_id: intent.id,
          type: payment.method,
          last_4: payment.last4,
          billing_zip_code: billingZipCode,
        },
      };
    },
  );

  r.get(
    '/v2/renters/payment-methods/lookup',
    {
      config: { access: update },
      schema: { querystring: LookupQuery, response: { 200: LookupResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const intent = await findOwnIntent(db, request.query.setupIntentId, principal.userId);
      await requireRentersCustomer(db, principal, intent.customer_id);
      return {
        data: {
          setup_intent_id: intent.id,
          status: intent.status,
          type: intent.type_code,
          last_4: intent.last4,
          billing_zip_code: intent.billing_zip_code,
          payment_method_id: intent.method_id,
          expires_at: serverTimestamp(intent.expires_at),
        },
      };
    },
  );

  r.post(
    '/v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods',
    {
      config: {
        access: update,
        conflicts: [
          'The setup intent has no payment method entered yet, was already used, or expired.',
          CONFLICT.concurrentWrite,
        ],
      },
      schema: {
        params: accountParams,
        body: AddPaymentMethodRequest,
        response: { 201: AddPaymentMethodWireResponse },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { customerId } = await requireRentersCustomer(db, principal, request.params.customerId);
      const metadata = metadataOf(request, principal);
      const result = await db.transaction().execute(async (trx) => {
        const intent = await findOwnIntent(
          trx,
          request.body.data.setup_intent_id,
          principal.userId,
          customerId,
        );
        requireIntentAt(intent, 'tokenized', request.businessAt);
        const named = await accountOf(trx, customerId, request.params.accountId);
        // The setup intent opened the account, so an intent without one is for another account.
        if (!named) throw notFound('payment account');
        const method = {
          typeCode: intent.type_code!,
          processorPaymentMethodId: intent.token!,
          last4: intent.last4!,
          billingZipCode: intent.billing_zip_code,
        };
        const added = await addPrimaryMethod(trx, metadata, customerId, {
          ...method,
          source: { kind: 'setupIntent', setupIntentId: intent.id },
        });
        await advanceIntent(trx, intent.id, 'tokenized', { method_id: added.methodId });
        const policyNumbers = await announceMethodChange(
          trx,
          metadata,
          customerId,
          {
            methodId: added.methodId,
            type: method.typeCode,
            last4: method.last4,
            billingZipCode: method.billingZipCode,
          },
          null,
          method.processorPaymentMethodId,
        );
        return { methodId: added.methodId, accountId: added.accountId, policyNumbers };
      });
      const row = await findMethod(db, customerId, result.accountId, result.methodId);
      if (!row) throw notFound('payment method');
      return reply
        .code(201)
        .send({ data: paymentMethodOut(row), meta: { policy_numbers: result.policyNumbers } });
    },
  );

  r.get(
    '/v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/:methodId',
    {
      config: { access: read },
      schema: {
        params: methodParams,
        querystring: PaymentMethodQuery,
        response: { 200: RentersPaymentMethodIncludedWireResponse },
      },
    },
    async (request) => {
      const { customerId } = await requireRentersCustomer(
        db,
        requirePrincipal(request),
        request.params.customerId,
      );
      const account = await accountOf(db, customerId, request.params.accountId);
      const row = account && (await findMethod(db, customerId, account, request.params.methodId));
      if (!row) throw notFound('payment method');
      const method = paymentMethodOut(row);
      const included = request.query.include ?? [];
      return {
        data: included.includes('payment_account')
          ? { ...method, payment_account: { id: account, customer_id: customerId } }
          : method,
      };
    },
  );
}
