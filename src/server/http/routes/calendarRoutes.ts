import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated } from '../../../api/access';
import { BusinessCalendarResponse } from '../../../api/schemas/calendar';
import { businessDate, businessTimeZone, serverTimestamp, type Clock } from '../../../calendar';

// The business zone and day for the portal (DESIGN.md "Time and money"). Read from the injected clock, so a
// test or a sandbox that moves the server's clock moves the portal's "today" with it. It holds no agency's
// data; signed-in only, as every screen that needs it is.
export function calendarRoutes(app: FastifyInstance, options: { clock: Clock }): void {
  const { clock } = options;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/v2/calendar',
      { config: { access: authenticated }, schema: { response: { 200: BusinessCalendarResponse } } },
      async () => {
        const now = clock.now();
        return {
          data: {
            time_zone: businessTimeZone(),
            business_date: businessDate(now),
            now: serverTimestamp(now),
          },
        };
      },
    );
}
