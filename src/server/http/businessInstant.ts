import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../calendar';

declare module 'fastify' {
  interface FastifyRequest {
    // The business clock's instant when the request arrived: every event the request appends is dated by it
    // (docs/conventions.md "One business clock"), so a moved clock dates what people do on the moved day.
    businessAt: Date;
  }
}

export function installBusinessInstant(app: FastifyInstance, clock: Clock): void {
  app.decorateRequest('businessAt', null as unknown as Date);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.businessAt = clock.now();
  });
}
