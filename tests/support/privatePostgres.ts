import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A PostgreSQL server of the test's own (initdb in a temporary directory, its own port and socket
// directory), so a test may crash it with `pg_ctl stop -m immediate` without touching the PostgreSQL that
// every other API test shares.

const run = promisify(execFile);

export interface PrivatePostgres {
  url: string;
  // `pg_ctl stop -m immediate`: the postmaster and every backend quit without a checkpoint, as on a crash;
  // the next start replays the WAL.
  crash(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

// The newest installed server's binaries (Debian keeps them under /usr/lib/postgresql/<major>/bin).
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : null;
}

// PostgreSQL refuses to run as root: then its binaries run as the `postgres` account (via runuser).
function runAs(): { prefix: string[]; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return { prefix: [], uid: -1, gid: -1 };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')
      ? { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid }
      : null;
  } catch {
    return null;
  }
}

// Why a private server cannot be made here, or null when it can.
export function privatePostgresUnavailable(): string | null {
  if (!binDir()) return 'no initdb under /usr/lib/postgresql/*/bin';
  if (!runAs()) return 'running as root without a postgres account to run the server as';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const user = runAs();
  if (!bin || !user) throw new Error(privatePostgresUnavailable() ?? 'no private PostgreSQL');
  const dir = mkdtempSync(join(tmpdir(), 'pg-crash-'));
  if (user.uid >= 0) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const pg = (tool: string, args: string[]) => {
    const [command, ...rest] = [...user.prefix, join(bin, tool), ...args];
    return run(command!, rest, { timeout: 60_000 });
  };
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  // Only 127.0.0.1 and a socket in the test's own directory: nothing of the shared server is touched.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', '-o', options, 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async crash() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
