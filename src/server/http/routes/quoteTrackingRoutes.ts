import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { uuidParam } from '../../../api/schemas/params';
import { QuoteTrackingRequest, QuoteTrackingResponse } from '../../../api/schemas/quoteTracking';
import { setQuoteTracking } from '../../domain/quotes/quoteTracking';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';
import { CONFLICT } from '../openapi/conflicts';
import { metadataOf } from './userMetadata';

// SPEC §6 "quote_set_track_info": a quote's tracking information (docs/quote-actions.md "Tracking
// information"). Its own route rather than a wrapper action: the wrapper is quote_new's and quote_edit's, and
// this privilege is neither.
export function quoteTrackingRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().put(
    '/v2/quotes/:uuid/tracking',
    {
      config: {
        access: anyOf('quote_set_track_info'),
        conflicts: [CONFLICT.staleVersion(), CONFLICT.concurrentWrite],
      },
      schema: {
        params: z.object({ uuid: uuidParam('uuid') }),
        body: QuoteTrackingRequest,
        response: { 200: QuoteTrackingResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return {
        data: await setQuoteTracking(
          { db, principal, metadata: metadataOf(request, principal) },
          request.params.uuid,
          request.body,
        ),
      };
    },
  );
}
