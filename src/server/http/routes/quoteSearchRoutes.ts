import { Readable } from 'node:stream';
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
import {
  matchQuotes,
  quoteRowsQuery,
  sortedQuotes,
  toSearchRow,
  whereFilters,
} from '../../domain/quotes/quoteSearch';
import type { Db } from '../../store/db';
import { ValidationFailed } from '../errors';
import { fetchPage } from '../paging';
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
      const { filter, sort, order, page, limit } = request.query;
      checkRange(filter);
      let query = quoteRowsQuery(db, entityScope(requirePrincipal(request)));
      for (const condition of whereFilters(filter)) query = query.where(condition);
      const { rows, meta } = await fetchPage(sortedQuotes(query, sort, order), page, limit);
      return { data: rows.map(toSearchRow), meta };
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

  // A file, not JSON: no response schema, the body is a CSV stream built batch by batch.
  r.get(
    '/v2/quotes/export',
    { config: { access }, schema: { querystring: QuoteExportQuery } },
    async (request, reply) => {
      checkRange(request.query.filter);
      const lines = quoteExportCsv(
        db,
        entityScope(requirePrincipal(request)),
        request.query,
        QUOTE_EXPORT_MAX_ROWS,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="quotes.csv"')
        .send(Readable.from(lines, { objectMode: false }));
    },
  );
}
