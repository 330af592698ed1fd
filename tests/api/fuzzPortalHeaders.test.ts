import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { expectApiHeaders } from '../support/fuzzRoutes';
import { apiFor, type Api, type ApiResponse } from '../support/http';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The portal's pages and files as the server sends them: a strict CSP and helmet's headers on every page,
// asset and refusal, and nothing outside dist/ reachable by a crafted path. API tests run without a build,
// so the portal here is the repository's index.html under a dist/ of its own, beside a file it must never
// serve.

const REPO = resolve(import.meta.dirname, '../..');
const SECRET = 'TOP-SECRET-OUTSIDE-DIST';
const ASSET = '/assets/index-Fz9k2Q.js';

// The CSP of every page: nothing from another origin, no inline or eval'd script, no inline style, no
// plugins, no framing, no <base> or form posts elsewhere.
const PORTAL_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'upgrade-insecure-requests': [],
  'connect-src': ["'self'"],
};

function directives(csp: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

function expectPortalHeaders(response: ApiResponse, what: string): void {
  const h = response.headers;
  expect(directives(h.get('content-security-policy')), what).toEqual(PORTAL_CSP);
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('x-frame-options'), what).toBe('SAMEORIGIN');
  expect(h.get('strict-transport-security'), what).toBe('max-age=31536000; includeSubDomains');
  expect(h.get('referrer-policy'), what).toBe('no-referrer');
  expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(h.get('cross-origin-resource-policy'), what).toBe('same-origin');
  expect(h.get('origin-agent-cluster'), what).toBe('?1');
  expect(h.get('x-dns-prefetch-control'), what).toBe('off');
  expect(h.get('x-download-options'), what).toBe('noopen');
  expect(h.get('x-permitted-cross-domain-policies'), what).toBe('none');
  expect(h.get('x-xss-protection'), what).toBe('0');
  expect(h.get('x-powered-by'), what).toBeNull();
  expect(h.get('x-request-id'), what).toMatch(/^[\w-]{8,64}$/);
}

// A GET with the path exactly as given: fetch would resolve "..", decode nothing and reject some bytes.
function rawGet(url: string, path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

// The portal's page as vite builds it: the entry script becomes a hashed file under /assets.
const builtIndex = () => readFileSync(join(REPO, 'index.html'), 'utf8').replace('/src/main.tsx', ASSET);

describe.each(testDatabases())('portal pages and headers on %s', (database) => {
  const s = useTestServer(database);
  const root = mkdtempSync(join(tmpdir(), 'portal-headers-'));
  const dist = join(root, 'dist');
  let app: FastifyInstance;
  let portal: Api;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), builtIndex());
    writeFileSync(join(dist, ASSET), 'console.log("portal");');
    writeFileSync(join(dist, 'favicon.svg'), readFileSync(join(REPO, 'public/favicon.svg')));
    writeFileSync(join(root, 'secret.txt'), SECRET);
    ({ app } = await buildApp({
      config: s.t.config,
      db: s.t.server.database.db,
      distDir: dist,
      logger: false,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    portal = apiFor(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves every client route the page with the strict CSP and helmet headers, not cached stale', async () => {
    const index = builtIndex();
    for (const path of [
      '/',
      '/quotes',
      '/quotes/journey',
      '/admin/entities',
      '/admin/users/12',
      '/policies/123456',
      '/renters/customers/1/policies/2',
      '/login?next=%2Fquotes',
      '/reset-password?token=abc&email=a%40b.test',
      '/a/page/that/does/not/exist',
      `/search?q=${encodeURIComponent('<script>alert(1)</script>')}`,
    ]) {
      const response = await portal.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.text, path).toBe(index);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expectPortalHeaders(response, path);
    }
  });

  it('serves assets with the same headers, their own types and long caching for hashed files', async () => {
    const script = await portal.get(ASSET);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectPortalHeaders(script, ASSET);
    const icon = await portal.get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=300');
    expectPortalHeaders(icon, '/favicon.svg');
  });

  it('answers HEAD like GET and other methods on pages with 404 JSON, headers and all', async () => {
    const head = await portal.request('HEAD', '/quotes');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expectPortalHeaders(head, 'HEAD /quotes');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await portal.request(method, '/quotes', { body: {} });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ message: 'Not found.' });
      expectPortalHeaders(response, `${method} /quotes`);
    }
  });

  it('never serves a file outside dist/, whatever the path says', async () => {
    const paths = [
      '/../secret.txt',
      '/../../secret.txt',
      '/assets/../../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '/..%252fsecret.txt',
      '/%252e%252e%252fsecret.txt',
      '//secret.txt',
      '/.%2e/secret.txt',
      '/%C0%AE%C0%AE/secret.txt',
      '/..%c0%afsecret.txt',
      `/${root}/secret.txt`,
      `/${encodeURIComponent(join(root, 'secret.txt'))}`,
      '/-secret.txt',
      '/index.html%00.js',
      '/%00',
      '/%',
      '/%zz',
      '/%E0%A4%A',
      '/assets/',
      '/assets/..',
    ];
    for (const path of paths) {
      const response = await rawGet(portal.url, path);
      expect(response.status, path).toBeLessThan(500);
      expect(response.body, path).not.toContain(SECRET);
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      // Anything but the page itself is a JSON refusal.
      if (response.status !== 200)
        expect(JSON.parse(response.body), path).toEqual({ message: expect.any(String) });
      else expect(response.body, path).toBe(builtIndex());
    }
  });

  it('gives API answers on the portal server their own no-store headers and strict CSP', async () => {
    for (const path of ['/v2/my/profile', '/v2/nothing-here', '/v1/public/entity-brands', '/v2/roles/%']) {
      const response = await portal.get(path);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expectApiHeaders(response, path);
    }
  });

  it('ships a page that needs nothing the CSP forbids', () => {
    const pages = [readFileSync(join(REPO, 'index.html'), 'utf8')];
    // The real build too, when one exists (npm start and the browser tests make it).
    try {
      pages.push(readFileSync(join(REPO, 'dist/index.html'), 'utf8'));
    } catch {
      // No build in this checkout: the source page is what the build copies.
    }
    for (const page of pages) {
      // Every script is a file of the same origin: no inline code, no other host.
      for (const [tag] of page.matchAll(/<script\b[^>]*>/gi)) expect(tag).toMatch(/\bsrc="\/[^/]/);
      expect(page).not.toMatch(/<script\b[^>]*>\s*[^<\s]/i);
      // No inline event handlers (script-src-attr 'none'), no javascript: URLs, no plugins or frames.
      expect(page).not.toMatch(/\son[a-z]+\s*=/i);
      expect(page).not.toMatch(/javascript:/i);
      expect(page).not.toMatch(/<(object|embed|iframe|base)\b/i);
      // Links and sources stay on the portal's own origin.
      for (const [, url] of page.matchAll(/\b(?:src|href)="([^"]*)"/gi)) expect(url).toMatch(/^\/(?!\/)/);
    }
  });
});
