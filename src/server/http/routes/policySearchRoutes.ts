import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import {
  PolicyExportQuery,
  PolicySearchQuery,
  PolicySearchResponse,
  type PolicyFilters,
} from '../../../api/schemas/policySearch';
import { entityScope } from '../../access/principal';
import { EXPORT_BATCH_SIZE, policyExportCsv } from '../../domain/policies/policyExport';
import { countPolicies, searchPolicyPage } from '../../domain/policies/policySearch';
import type { Db } from '../../store/db';
import { sendCsv } from '../csvDownload';
import { ValidationFailed } from '../errors';
import { requirePrincipal } from '../routeTable';

// SPEC §7 pet policy search with its CSV export, under /v2/policies and again under /v2/matters (a pet
// policy is a matter). The static /export paths win over parametric /v2/policies/:x routes in fastify's
// router, whatever the registration order.
const access = anyOf('quote_policy');

// zod checks each date alone; the pair is checked here so the message lands on the field that is wrong.
function checkRange(filter: PolicyFilters): void {
  if (filter.date_from && filter.date_to && filter.date_from > filter.date_to)
    throw new ValidationFailed({ 'filter.date_to': ['The end date must not be before the start date.'] });
}

export function policySearchRoutes(
  app: FastifyInstance,
  options: { db: Db; exportBatchSize?: number },
): void {
  const { db, exportBatchSize = EXPORT_BATCH_SIZE } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const base of ['/v2/policies', '/v2/matters']) {
    r.get(
      base,
      {
        config: { access },
        schema: { querystring: PolicySearchQuery, response: { 200: PolicySearchResponse } },
      },
      async (request) => {
        checkRange(request.query.filter);
        const { rows, meta } = await searchPolicyPage(
          db,
          entityScope(requirePrincipal(request)),
          request.query,
        );
        return { data: rows, meta };
      },
    );

    // A file, not JSON: no response schema; the body streams as the client reads it, after the count of
    // the rows it will hold (x-total-count), taken by the search's own count.
    r.get(
      `${base}/export`,
      { config: { access }, schema: { querystring: PolicyExportQuery } },
      async (request, reply) => {
        checkRange(request.query.filter);
        const scope = entityScope(requirePrincipal(request));
        const totalRows = await countPolicies(db, scope, request.query.filter);
        const lines = policyExportCsv(db, scope, request.query, exportBatchSize);
        return sendCsv(reply, { filename: 'policies.csv', totalRows, lines });
      },
    );
  }
}
