import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { uuidParam } from '../../../api/schemas/params';
import { quotePdf } from '../../domain/quotes/quotePdf';
import { requireQuoteInScope } from '../../domain/quotes/quoteQueries';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';

// SPEC §7 "GET v2/quotes/{uuid} as file (pdf)": the quote document. Not to be confused with
// GET /v2/quote/{uuid} (singular), which answers the quote as JSON to resume it. The static
// /v2/quotes/match and /v2/quotes/export win over this parametric path in fastify's router.
export function quoteDocumentRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/quotes/:uuid',
    {
      config: { access: anyOf('quote_search', 'quote_new') },
      // A file, not JSON: no 200 schema.
      schema: { params: z.object({ uuid: uuidParam('uuid') }) },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      // Another agency's quote and an unknown one both answer 404.
      await requireQuoteInScope(db, requirePrincipal(request), uuid);
      const bytes = await quotePdf(db, uuid);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="quote-${uuid}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
