import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { publicRoute } from '../../../api/access';
import { docsPage, DOCUMENT_PATH, STYLESHEET_PATH } from './docsPage';

// GET /api/openapi.json, the reference page and its stylesheet. Public: they describe the API and hold no
// data. The document and the page are made once, on the first request, when every route is registered.

const OpenApiDocument = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('The OpenAPI 3.1 document of this API.');

const stylesheet = readFileSync(join(import.meta.dirname, 'docs.css'), 'utf8');

// The reference changes only with a deployment; a client revalidates rather than keeping a stale copy.
const REVALIDATE = 'no-cache';

// A text made once and kept with its gzip form: the page runs to megabytes of markup and compresses about
// thirtyfold, and the app has no compression of its own.
interface Answer {
  plain: string;
  gzip: Buffer;
}

const answerOf = (text: string): Answer => ({ plain: text, gzip: gzipSync(text) });

function sendAnswer(request: FastifyRequest, reply: FastifyReply, type: string, answer: Answer) {
  reply.type(type).header('cache-control', REVALIDATE).header('vary', 'accept-encoding');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.plain);
}

// Registered without the zod type provider: the answers are sent as ready-made text, which fastify does not
// serialise again, and the response schemas are there for the reference itself.
export function referenceRoutes(app: FastifyInstance): void {
  let document: OpenAPIV3_1.Document | null = null;
  let json: Answer | null = null;
  let page: Answer | null = null;
  const theDocument = () => (document ??= app.swagger() as OpenAPIV3_1.Document);

  app.get(
    DOCUMENT_PATH,
    {
      config: { access: publicRoute },
      schema: { response: { 200: OpenApiDocument } },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        'application/json; charset=utf-8',
        (json ??= answerOf(JSON.stringify(theDocument()))),
      ),
  );

  app.get(
    '/api/docs',
    {
      config: { access: publicRoute },
      schema: {
        response: {
          200: {
            description: 'The reference as a web page.',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) =>
      sendAnswer(request, reply, 'text/html; charset=utf-8', (page ??= answerOf(docsPage(theDocument())))),
  );

  app.get(
    STYLESHEET_PATH,
    // The page's stylesheet is not part of the API it describes.
    { config: { access: publicRoute }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', REVALIDATE).send(stylesheet),
  );
}
