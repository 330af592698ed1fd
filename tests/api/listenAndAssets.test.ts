import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createServer, type RunningServer } from '../../src/server/server';

// The demo password is published in the README, so a server started without HOST answers this machine only;
// and the portal ships no source maps, built or served, which would hand out the portal's whole source.
const REPO = resolve(import.meta.dirname, '../..');

describe('where the server listens and what of the build it serves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-listen-'));
  const dist = join(dir, 'dist');
  const ASSET = 'assets/index-Bx7f2Q.js';
  let server: RunningServer;
  let url = '';

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(join(dist, ASSET), 'console.log("portal");\n//# sourceMappingURL=index-Bx7f2Q.js.map');
    // A map left on disk by an older build: still never served.
    writeFileSync(join(dist, `${ASSET}.map`), JSON.stringify({ version: 3, sources: ['src/main.tsx'] }));
    writeFileSync(join(dist, 'stray.css.map'), '{}');
    // No HOST: the default is what is under test.
    const config = loadConfig({
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
      ACCESS_TOKEN_SECRET: 'x'.repeat(64),
      SEED_DEMO: 'false',
    });
    server = await createServer(config, { distDir: dist, pgliteDir: null, logger: false });
    await server.app.listen({ port: 0, host: config.host });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on the loopback interface unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: join(dir, 'data') }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: join(dir, 'data'), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const address = server.app.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
  });

  it('answers 404 for a source map of the built portal, even one on disk, and serves the script itself', async () => {
    const script = await fetch(`${url}/${ASSET}`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('console.log');
    for (const path of [`/${ASSET}.map`, '/stray.css.map', `/${ASSET}.MAP`, '/assets/missing.js.map']) {
      const map = await fetch(`${url}${path}`);
      expect(map.status, path).toBe(404);
      expect(await map.json(), path).toEqual({ message: 'Not found.' });
    }
  });

  it('builds the portal without source maps', async () => {
    const config = await resolveConfig({ root: REPO, configFile: join(REPO, 'vite.config.ts') }, 'build');
    expect(config.build.sourcemap).toBe(false);
  });
});
