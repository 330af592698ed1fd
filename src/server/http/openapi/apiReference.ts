import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { documentBase } from './documentBase';
import { finishDocument } from './documentFinish';
import { operationTransform } from './operationTransform';
import { referenceRoutes } from './referenceRoutes';

// The API reference: an OpenAPI 3.1 document generated from the routes' zod schemas and access checks, and
// a page that shows it (docs/api-reference.md). Installed before the routes, since @fastify/swagger learns
// of a route only as it is registered.
export async function installApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: documentBase,
    transform: operationTransform,
    transformObject: finishDocument,
  });
  referenceRoutes(app);
}
