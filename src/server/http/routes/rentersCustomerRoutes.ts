import { businessDate, systemClock, type Clock } from '../../../calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf, anyOf } from '../../../api/access';
import { integerParam } from '../../../api/schemas/params';
import {
  RentersCredentialsResponse,
  RentersCustomerEditRequest,
  RentersCustomerResponse,
} from '../../../api/schemas/rentersCustomer';
import type { PaymentAdapter } from '../../domain/payments/paymentAdapter';
import { editRentersCustomer, viewRentersCustomer } from '../../domain/rentersPolicies/rentersCustomer';
import type { Db } from '../../store/db';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './userMetadata';

// SPEC §7 "Customer payment": GET and POST customers/{customerId}, the renters customer (docs/renters-policy-
// record.md "The customer"), and GET credentials, what a browser needs of the payment service to tokenize
// (docs/payments.md "Renters payment methods"). The customer must have a renters policy in the caller's
// scope (404 otherwise). Reading needs renters_policy_ax; the name and e-mail are the policyholder's contact
// details, changed with the privilege of the record's primary contact (renters_phone_edit); the credentials
// serve a method change, with that change's privilege (renters_update_pmnt).
const read = anyOf('renters_policy_ax');
const edit = allOf(read, anyOf('renters_phone_edit'));
const paymentUpdate = allOf(read, anyOf('renters_update_pmnt'));
const customerParams = z.object({ customerId: integerParam('customerId') });
// Where the portal's server tokenizes when the payment service takes details from no browser itself.
const SERVER_TOKENIZE_PATH = '/v2/renters/tokenize';

export function rentersCustomerRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentAdapter; clock?: Clock },
): void {
  const { db, payments, clock = systemClock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const answer = async (principal: ReturnType<typeof requirePrincipal>, customerId: number) => {
    const { customer, version } = await viewRentersCustomer(
      db,
      principal,
      customerId,
      businessDate(clock.now()),
    );
    return { data: customer, meta: { version } };
  };

  r.get(
    '/v2/renters/customers/:customerId',
    {
      config: { access: read },
      schema: {
        summary: 'Get a renters customer',
        params: customerParams,
        response: { 200: RentersCustomerResponse },
      },
    },
    async (request) => answer(requirePrincipal(request), request.params.customerId),
  );

  r.post(
    '/v2/renters/customers/:customerId',
    {
      config: {
        access: edit,
        conflicts: [CONFLICT.staleVersion('data.version'), CONFLICT.concurrentWrite],
      },
      schema: {
        summary: 'Change a renters customer’s name or email',
        params: customerParams,
        body: RentersCustomerEditRequest,
        response: { 200: RentersCustomerResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { customerId } = request.params;
      await editRentersCustomer(db, principal, customerId, request.body.data, metadataOf(request, principal));
      return answer(principal, customerId);
    },
  );

  r.get(
    '/v2/renters/credentials',
    {
      config: { access: paymentUpdate },
      schema: {
        summary: 'Get the payment service’s public credentials for tokenizing',
        response: { 200: RentersCredentialsResponse },
      },
    },
    async () => {
      const c = payments.publicCredentials();
      return {
        data: {
          processor: c.processor,
          mode: c.mode,
          public_key: c.publicKey,
          tokenize_url: c.tokenizeUrl ?? SERVER_TOKENIZE_PATH,
          payment_types: [...c.methods],
        },
      };
    },
  );
}
