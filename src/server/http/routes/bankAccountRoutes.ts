import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import {
  BankAccountListResponse,
  BankAccountSearchQuery,
  BankAccountSearchResponse,
  BankAccountVerificationResponse,
} from '../../../api/schemas/bankAccounts';
import { integerParam } from '../../../api/schemas/params';
import { entityScope } from '../../access/principal';
import { listEntityBankAccounts } from '../../domain/bankAccounts/bankAccountQueries';
import { searchBankAccounts } from '../../domain/bankAccounts/bankAccountSearch';
import { bankAccountOut } from '../../domain/bankAccounts/bankAccountView';
import { verifyBankAccount } from '../../domain/bankAccounts/verifyBankAccount';
import { findEntityInScope } from '../../domain/entities/entityQueries';
import type { RtpEligibilityChecker } from '../../domain/payments/rtpEligibility';
import type { Db } from '../../store/db';
import { ValidationFailed, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './userMetadata';
import { parseBankAccountBody } from './bankAccountRequest';

// Bank account verification (SPEC §7 "POST /v2/bank-accounts", docs/payments.md "Bank account
// verification"): accounting staff check a payee entity's account for RTP eligibility; every attempt is
// recorded, the latest eligible one is the entity's payout account. verify_bank_account on every route, and
// the entity must be in the caller's scope (staff: every entity).
const access = anyOf('verify_bank_account');
const EntityParams = z.object({ entityId: integerParam('entityId') });

export function bankAccountRoutes(
  app: FastifyInstance,
  options: { db: Db; secret: string; rtp: RtpEligibilityChecker },
): void {
  const { db, secret } = options;
  const { rtp } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/bank-accounts',
    {
      // Every attempt is an event on the entity's bank account log.
      config: { access, conflicts: [CONFLICT.concurrentWrite] },
      // Read in the handler: the body's shape (VerifyBankAccountBody) says which names its errors carry.
      schema: { body: z.unknown(), response: { 200: BankAccountVerificationResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { account: sent, fields } = parseBankAccountBody(request.body);
      // No agency named: the one the caller acts for (the acting-agency header, else their own).
      const entityId = sent.entityId ?? principal.acting.id;
      const entity = await findEntityInScope(db, entityId, entityScope(principal));
      if (!entity) throw new ValidationFailed({ [fields.entityId]: ['The agency was not found.'] });
      const { eligibility, account } = await verifyBankAccount(
        db,
        { rtp, secret },
        metadataOf(request, principal),
        {
          entityId: entity.id,
          routingNumber: sent.routingNumber,
          accountNumber: sent.accountNumber,
          holderName: sent.holderName ?? entity.entity_name,
          accountType: sent.accountType ?? 'checking',
          routingField: fields.routingNumber,
        },
      );
      return { data: { ...eligibility, account: bankAccountOut(account) } };
    },
  );

  r.get(
    '/v2/entities/:entityId/bank-accounts',
    { config: { access }, schema: { params: EntityParams, response: { 200: BankAccountListResponse } } },
    async (request) => {
      const scope = entityScope(requirePrincipal(request));
      const entity = await findEntityInScope(db, request.params.entityId, scope);
      if (!entity) throw notFound('entity');
      return { data: (await listEntityBankAccounts(db, entity.id)).map(bankAccountOut) };
    },
  );

  r.get(
    '/v2/bank-accounts',
    {
      config: { access },
      schema: { querystring: BankAccountSearchQuery, response: { 200: BankAccountSearchResponse } },
    },
    async (request) => searchBankAccounts(db, entityScope(requirePrincipal(request)), request.query),
  );
}
