import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { jobIdOf } from '../../src/server/jobs/jobKey';
import { startJobRunner } from '../../src/server/jobs/jobRunner';
import { startTestServer, type TestServer } from '../support/testServer';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

// The job runner across processes on one PostgreSQL (decision 015): two runners given one job key make one
// job and run it once; a job whose process dies in the middle is taken for crashed once it expires and run
// again by another.
describe.skipIf(!process.env.TEST_DATABASE_URL)('job runners sharing one PostgreSQL', () => {
  let t: TestServer;
  let a: PgBoss;
  let b: PgBoss;

  beforeAll(async () => {
    t = await startTestServer('postgres');
    const runner = () =>
      startJobRunner({
        database: t.server.database,
        ownerUrl: t.databaseUrl!,
        appSchema: t.schema!,
        log: quiet,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
      });
    a = await runner();
    b = await runner();
  }, 120_000);
  afterAll(async () => {
    await b?.stop({ graceful: false });
    await a?.stop({ graceful: false });
    await t?.close();
  });

  it('runs a job sent under one key by two runners once', async () => {
    await a.createQueue('charge', { name: 'charge' });
    const ran: string[] = [];
    await a.work<{ policy: string }>('charge', async ([job]) => void ran.push(`a:${job!.data.policy}`));
    await b.work<{ policy: string }>('charge', async ([job]) => void ran.push(`b:${job!.data.policy}`));
    const id = jobIdOf('charge:PET-1:2026-11-27');
    const sent = await Promise.all([
      a.send('charge', { policy: 'PET-1' }, { id }),
      b.send('charge', { policy: 'PET-1' }, { id }),
      a.send('charge', { policy: 'PET-1' }, { id }),
    ]);
    expect(sent.filter((s) => s === id)).toHaveLength(1);
    await expect
      .poll(async () => (await a.getJobById('charge', id))?.state, { timeout: 20_000 })
      .toBe('completed');
    // Another poll of both runners finds nothing more to do.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatch(/^[ab]:PET-1$/);
  });

  it('runs a job again after the process running it died in the middle', async () => {
    await a.createQueue('crash', { name: 'crash', expireInSeconds: 1, retryLimit: 2, retryDelay: 0 });
    const id = await a.send('crash', { statement: 7 });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/support/crashingJobWorker.ts',
        t.databaseUrl!,
        t.schema!,
        'crash',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(said).toContain(`started ${id}`);
    expect(code).toBe(1);
    expect((await a.getJobById('crash', id!))?.state).toBe('active');

    const again: number[] = [];
    await b.work('crash', { includeMetadata: true }, async ([job]) => void again.push(job!.retryCount));
    await expect
      .poll(async () => (await a.getJobById('crash', id!))?.state, { timeout: 30_000 })
      .toBe('completed');
    expect(again).toEqual([1]);
  });
});
