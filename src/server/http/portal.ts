import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Serves the built portal. Files that exist under dist/ are sent as they are; any other GET outside the API
// is a client route and gets index.html, so deep links and reloads work.
const API_PREFIXES = ['/v1/', '/v2/', '/healthz', '/readyz', '/metrics', '/api/'];

export async function installPortal(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  const hasPortal = existsSync(join(root, 'index.html'));
  // The cache headers are set below per file; @fastify/static's own ("public, max-age=0") would replace them.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const isApi = API_PREFIXES.some(
      (prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix),
    );
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi || !hasPortal) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // A source map left on disk by an older build or copied in by hand is never served (nor index.html in
    // its place, which would answer 200 to the request).
    if (/\.map$/i.test(path)) return reply.code(404).send({ message: 'Not found.' });
    const file = normalize(join(root, path));
    if (file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .sendFile(file.slice(root.length + 1));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
