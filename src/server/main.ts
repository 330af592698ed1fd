import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from './config';
import { createServer } from './server';

const root = resolve(import.meta.dirname, '../..');
const distDir = join(root, 'dist');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

// `npm start` builds the portal when dist/ is missing or older than its sources.
function buildPortalIfNeeded(): void {
  const index = join(distDir, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts'].map((p) => join(root, p)).filter(existsSync);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.info('Building the portal…');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--build-if-needed')) buildPortalIfNeeded();
  const server = await createServer(config, { distDir });
  const log = server.app.log;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await server.app.listen({ port: config.port, host: config.host });
  log.info(
    { database: server.database.kind, dataDir: config.dataDir },
    `Portal ready on http://localhost:${config.port} (demo logins in README.md)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
