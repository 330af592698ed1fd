import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import {
  RentersPolicyExportQuery,
  RentersPolicySearchQuery,
  RentersPolicySearchResponse,
  type RentersPolicyFilters,
} from '../../../api/schemas/rentersPolicies';
import { entityScope } from '../../access/principal';
import {
  RENTERS_EXPORT_BATCH_SIZE,
  rentersPolicyExportCsv,
} from '../../domain/rentersPolicies/rentersPolicyExport';
import {
  countRentersPolicies,
  searchRentersPolicyPage,
} from '../../domain/rentersPolicies/rentersPolicySearch';
import type { Db } from '../../store/db';
import { sendCsv } from '../csvDownload';
import { ValidationFailed } from '../errors';
import { requirePrincipal } from '../routeTable';

// SPEC §7 renters policy search with its CSV export (privilege renters_policy_srch, SPEC §6), scoped to the
// caller's entities. The static /export path wins over any parametric /v2/renters/policies/:x route.
const access = anyOf('renters_policy_srch');

// zod checks each date alone; the pair is checked here so the message lands on the field that is wrong.
function checkRange(filter: RentersPolicyFilters): void {
  if (filter.date_from && filter.date_to && filter.date_from > filter.date_to)
    throw new ValidationFailed({ 'filter.date_to': ['The end date must not be before the start date.'] });
}

export function rentersPolicyRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; exportBatchSize?: number },
): void {
  const { db, exportBatchSize = RENTERS_EXPORT_BATCH_SIZE } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/renters/policies',
    {
      config: { access },
      schema: { querystring: RentersPolicySearchQuery, response: { 200: RentersPolicySearchResponse } },
    },
    async (request) => {
      checkRange(request.query.filter);
      const { rows, meta } = await searchRentersPolicyPage(db, entityScope(requirePrincipal(request)), {
        ...request.query,
        today: businessDate(options.clock.now()),
      });
      return { data: rows, meta };
    },
  );

  // A file, not JSON: no response schema; the body streams as the client reads it, after the count of
  // the rows it will hold (x-total-count), taken by the search's own count.
  r.get(
    '/v2/renters/policies/export',
    { config: { access }, schema: { querystring: RentersPolicyExportQuery } },
    async (request, reply) => {
      checkRange(request.query.filter);
      const scope = entityScope(requirePrincipal(request));
      const totalRows = await countRentersPolicies(db, scope, request.query.filter);
      const lines = rentersPolicyExportCsv(
        db,
        scope,
        { ...request.query, today: businessDate(options.clock.now()) },
        exportBatchSize,
      );
      return sendCsv(reply, { filename: 'renters-policies.csv', totalRows, lines });
    },
  );
}
