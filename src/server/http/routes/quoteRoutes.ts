import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { uuidParam } from '../../../api/schemas/params';
import { QuoteViewResponse } from '../../../api/schemas/quoteCommands';
import { viewQuote } from '../../domain/quotes/quoteQueries';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';

// SPEC §7 "GET quote/{quoteUUID}" (unversioned in SPEC, so under /v2 as DESIGN.md says): a saved quote with
// its step and route, to reopen it. Whoever may make or find quotes may read one in their scope.
export function quoteRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/quote/:uuid',
    {
      config: { access: anyOf('quote_new', 'quote_search', 'quote_edit') },
      schema: { params: z.object({ uuid: uuidParam('uuid') }), response: { 200: QuoteViewResponse } },
    },
    async (request) => ({
      data: await viewQuote({ db, principal: requirePrincipal(request) }, request.params.uuid),
    }),
  );
}
