import { sql } from 'kysely';
import type { Db } from '../store/db';
import { pendingMigrations } from '../store/migrate';

// Whether this process can serve (docs/operations.md "Readiness"): its database answers, every migration
// this code knows has run, and the job runner is alive where this process runs one (JOBS=off processes serve
// requests only, and say so). A load balancer sends traffic only to a ready process; /healthz stays the
// liveness check that does no I/O.
export interface ReadinessSources {
  appDb: Db;
  // The schema owner's connections: the migrations' bookkeeping is the owner's.
  ownerDb: Db;
  runner: () => 'on' | 'off' | 'stopped';
}

export interface Readiness {
  ready: boolean;
  checks: { database: string; migrations: string; runner: string };
}

export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const database = await sql`select 1`
    .execute(sources.appDb)
    .then(() => 'ok')
    .catch(() => 'unreachable');
  const pending = database === 'ok' ? await pendingMigrations(sources.ownerDb).catch(() => null) : null;
  const migrations =
    pending === null ? 'unknown' : pending.length === 0 ? 'ok' : `pending: ${pending.join(', ')}`;
  const runner = sources.runner();
  return {
    ready: database === 'ok' && migrations === 'ok' && runner !== 'stopped',
    checks: { database, migrations, runner: runner === 'on' ? 'ok' : runner },
  };
}
