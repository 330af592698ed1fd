import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { integerParam, uuidParam } from '../../../api/schemas/params';
import { QuoteViewResponse } from '../../../api/schemas/quoteCommands';
import { viewQuote } from '../../domain/quotes/quoteQueries';
import type { Db } from '../../store/db';
import { notFound } from '../../domain/domainErrors';
import { requirePrincipal } from '../routeTable';

// SPEC §7 "GET quote/{quoteUUID}" (unversioned in SPEC, so under /v2 as DESIGN.md says): a saved quote with
// its step and route, to reopen it. Whoever may make or find quotes may read one in their scope. SPEC §5's
// `cid` (the customer id) is checked when sent, an integer naming the quote's customer, and not required:
// a quote has no customer until it is bought (docs/decisions/021-quote-lookup-cid.md).
export function quoteRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/quote/:uuid',
    {
      config: { access: anyOf('quote_new', 'quote_search', 'quote_edit') },
      schema: {
        params: z.object({ uuid: uuidParam('uuid') }),
        querystring: z.strictObject({ cid: integerParam('cid').optional() }),
        response: { 200: QuoteViewResponse },
      },
    },
    async (request) => {
      const quote = await viewQuote({ db, principal: requirePrincipal(request) }, request.params.uuid);
      const { cid } = request.query;
      // A cid that names another customer is a quote the caller cannot reach by it: as not found.
      if (cid !== undefined && quote.customer_id !== cid) throw notFound('quote');
      return { data: quote };
    },
  );
}
