import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import {
  QUOTE_EXPORT_MAX_ROWS,
  QUOTE_MATCH_MAX_ROWS,
  QuoteExportQuery,
  QuoteMatchQuery,
  QuoteSearchQuery,
  QuoteSearchResponse,
  QuoteMatchResponse,
  type QuoteFilters,
} from '../../../api/schemas/quoteSearch';
import { entityScope } from '../../access/principal';
import { quoteExportCsv } from '../../domain/quotes/quoteExport';
import { countQuotes, matchQuotes, searchQuotePage } from '../../domain/quotes/quoteSearch';
import type { Db } from '../../store/db';
import { sendCsv } from '../csvDownload';
import { ValidationFailed } from '../errors';
import { requirePrincipal } from '../routeTable';

// SPEC §7 GET /v2/quotes (search) with /match and /export. The static paths /match and /export win over any
// parametric /v2/quotes/:x route in fastify's router, whatever the registration order.
const access = anyOf('quote_search');

// zod checks each date alone; the pair is checked here so the message lands on the field that is wrong.
function checkRange(filter: QuoteFilters): void {
  if (filter.createdFrom && filter.createdTo && filter.createdFrom > filter.createdTo)
    throw new ValidationFailed({ 'filter.createdTo': ['The end date must not be before the start date.'] });
}

export function quoteSearchRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/quotes',
    { config: { access }, schema: { querystring: QuoteSearchQuery, response: { 200: QuoteSearchResponse } } },
    async (request) => {
      checkRange(request.query.filter);
      const { rows, meta } = await searchQuotePage(db, entityScope(requirePrincipal(request)), request.query);
      return { data: rows, meta };
    },
  );

  r.get(
    '/v2/quotes/match',
    { config: { access }, schema: { querystring: QuoteMatchQuery, response: { 200: QuoteMatchResponse } } },
    async (request) => ({
      data: await matchQuotes(
        db,
        entityScope(requirePrincipal(request)),
        request.query,
        QUOTE_MATCH_MAX_ROWS,
      ),
    }),
  );

  // A file, not JSON: no response schema, the body is a CSV stream built batch by batch after the count of
  // the rows it will hold (x-total-count). An export past the cap is refused rather than cut short, so a
  // file never silently leaves rows out.
  r.get(
    '/v2/quotes/export',
    { config: { access }, schema: { querystring: QuoteExportQuery } },
    async (request, reply) => {
      const { filter } = request.query;
      checkRange(filter);
      const scope = entityScope(requirePrincipal(request));
      const totalRows = await countQuotes(db, scope, filter);
      if (totalRows > QUOTE_EXPORT_MAX_ROWS) {
        const count = (n: number) => n.toLocaleString('en-US');
        const message = `These filters match ${count(totalRows)} quotes; an export holds at most ${count(QUOTE_EXPORT_MAX_ROWS)}. Narrow the filters and export again.`;
        throw new ValidationFailed({ filter: [message] }, message);
      }
      const lines = quoteExportCsv(db, scope, request.query, QUOTE_EXPORT_MAX_ROWS);
      return sendCsv(reply, { filename: 'quotes.csv', totalRows, lines });
    },
  );
}
