import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { DEMO_PASSWORD } from './testServer';

// The real server (`src/server/main.ts`) as a child process, for what an in-process server cannot show:
// a second process of the same deployment, and a process killed with SIGKILL in the middle of its work.
// A restart is another start with the same options: the same data directory or PostgreSQL schema.

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const KEPT_LINES = 200;

export interface ServerProcessOptions {
  // DATA_DIR: the embedded database lives under it when no PostgreSQL is given.
  dataDir: string;
  // PostgreSQL to run on; absent means PGlite under dataDir.
  postgres?: { url: string; schema: string };
  // Shared by every process of one deployment, so a token of one is honoured by the others.
  accessTokenSecret: string;
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  pid: number;
  // SIGKILL: no shutdown hook runs, requests in flight are cut off. Resolves once the process is gone.
  kill(): Promise<void>;
  // SIGTERM: the server's own graceful shutdown (finishes requests, closes the database).
  stop(): Promise<void>;
  // Whether the process has exited (by a signal or by itself).
  exited(): boolean;
  // The last lines it wrote, to explain a failure.
  output(): string;
}

const running = new Set<ChildProcess>();
// A test that fails or times out must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

// The server's environment: the test's own, minus anything that would point it at another database.
function serverEnv(options: ServerProcessOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'PORT', 'HOST', 'DATA_DIR', 'PUBLIC_URL'])
    delete env[name];
  return {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    // info: fastify announces the port it bound ("Server listening at …"), which PORT=0 leaves to the OS.
    LOG_LEVEL: 'info',
    DATA_DIR: options.dataDir,
    ACCESS_TOKEN_SECRET: options.accessTokenSecret,
    DEMO_PASSWORD,
    SEED_DEMO: 'true',
    SEED_DEMO_POLICIES: 'false',
    ...(options.postgres
      ? { DATABASE_URL: options.postgres.url, DATABASE_SCHEMA: options.postgres.schema }
      : {}),
    ...options.env,
  };
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

// Starts the server and resolves once it answers /healthz (after migrating and seeding its database).
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);

  const url = await new Promise<string>((found, failed) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      failed(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${lines.join('\n')}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      failed(new Error(`The server exited (${signal ?? code}) before listening:\n${lines.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) {
        clearTimeout(timer);
        found(listening[1]!);
      }
    });
  });
  const health = await fetch(`${url}/healthz`);
  if (health.status !== 200) throw new Error(`GET /healthz answered ${health.status}`);

  return {
    url,
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child);
    },
    exited: () => child.exitCode !== null || child.signalCode !== null,
    output: () => lines.join('\n'),
  };
}
