import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BrandResponse } from '../../src/api/schemas/session';
import { loadConfig, type Config } from '../../src/server/config';
import { setUpHouse } from '../../src/server/house/setUpHouse';
import { createServer, type RunningServer } from '../../src/server/server';
import { apiFor } from '../support/http';
import { testDatabases, type TestDatabase } from '../support/testServer';

// A server deployed as production (docs/operations.md "Production or sandbox"): on an empty database it seeds
// no demo and answers no brand until the house is set up; its clock is not moved by any request; the first
// administrator set up signs in; and it refuses to serve a database that holds the demo's logins. Each test
// migrates a database of its own making (no template), which takes PGlite a while.

const SECRET = randomBytes(48).toString('base64url');
const ADMIN = {
  email: 'ops@carrier.example',
  firstName: 'Olive',
  lastName: 'Ops',
  password: 'a long first password',
};

describe.each(testDatabases())('a production server, on %s', (database: TestDatabase) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-production-'));
  const schema = `test_prod_${randomBytes(5).toString('hex')}`;
  const running: RunningServer[] = [];

  const settings = (env: Record<string, string>): Config =>
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      SEED_DEMO_POLICIES: 'false',
      ...(database === 'postgres'
        ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
        : {}),
      ...env,
    });

  // The embedded database lives in the data dir, so a second start sees what the first wrote.
  async function start(config: Config) {
    const server = await createServer(config, { distDir: dataDir, pgliteDir: join(dataDir, 'pglite') });
    running.push(server);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    return {
      server,
      api: apiFor(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`),
    };
  }
  async function stop(server: RunningServer) {
    await server.close();
    running.splice(running.indexOf(server), 1);
  }

  afterAll(async () => {
    for (const server of running) await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.query(`drop schema if exists "${schema}_jobs" cascade`);
      await client.end();
    }
  });

  it('seeds nothing, has no brand until the house is set up, and its clock is not moved', async () => {
    const { server, api } = await start(settings({ NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET }));
    const db = server.database.db;
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('entities').select('id').execute()).toEqual([]);
    expect((await api.get('/v1/public/entity-brands')).status).toBe(404);

    const made = await setUpHouse(
      db,
      {
        houseCode: 'HQ-0001',
        houseName: 'Carrier Insurance Services',
        brandName: 'Carrier',
        legalName: 'Carrier Insurance Services, Inc.',
        publicUrl: 'https://portal.carrier.example',
        admin: ADMIN,
      },
      { userId: null, entityId: null, requestId: 'test:set-up-house', at: new Date() },
    );
    expect(made).toMatchObject({ created: true });
    const again = await setUpHouse(
      db,
      {
        houseCode: 'HQ-0002',
        houseName: 'Another',
        brandName: 'Another',
        legalName: 'Another',
        publicUrl: 'https://other.example',
        admin: { ...ADMIN, email: 'someone@carrier.example' },
      },
      { userId: null, entityId: null, requestId: 'test:set-up-house', at: new Date() },
    );
    expect(again).toMatchObject({ created: false });
    expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: ADMIN.email }]);

    const brand = BrandResponse.strict().parse((await api.get('/v1/public/entity-brands')).body);
    expect(brand).toMatchObject({ environment: 'PR', sandbox: null, data: { name: 'Carrier' } });

    const { accessToken: token } = await api.login(ADMIN.email, ADMIN.password);
    expect((await api.get('/v2/jobs/overview', { token })).body).toMatchObject({ data: { sandbox: false } });
    const move = await api.post('/v2/jobs/clock', { days: 30 }, { token });
    expect(move.status).toBe(403);
    expect(JSON.stringify(move.body)).toContain('only in a sandbox');
    await stop(server);
  }, 120_000);

  it('makes the first administrator with npm run set-up-house, who then signs in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-house-'));
    const commandSchema = `${schema}_house`;
    const env = {
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: SECRET,
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      FIRST_ADMIN_PASSWORD: ADMIN.password,
      ...(database === 'postgres'
        ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: commandSchema }
        : {}),
    };
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/server/setUpHouseCommand.ts',
          '--house-code=HQ-0009',
          '--house-name=Carrier Insurance Services',
          `--admin-email=${ADMIN.email}`,
          `--admin-first-name=${ADMIN.firstName}`,
          `--admin-last-name=${ADMIN.lastName}`,
        ],
        { cwd: resolve(import.meta.dirname, '../..'), env: { ...process.env, ...env } },
      );
      expect(stdout).toContain(`administrator ${ADMIN.email}`);
      expect(stdout).not.toContain(ADMIN.password);
      const config = loadConfig({ ...env, PORT: '0', SEED_DEMO_POLICIES: 'false' });
      const server = await createServer(config, { distDir: dir, pgliteDir: join(dir, 'pglite') });
      running.push(server);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const api = apiFor(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      const { accessToken: token } = await api.login(ADMIN.email, ADMIN.password);
      expect((await api.get('/v2/my/profile', { token })).status).toBe(200);
      await stop(server);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      if (database === 'postgres') {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${commandSchema}" cascade`);
        await client.query(`drop schema if exists "${commandSchema}_jobs" cascade`);
        await client.end();
      }
    }
  }, 180_000);

  it('refuses to serve a database that holds the demo logins, naming them', async () => {
    // The same database started once as a sandbox, which seeds the demo business.
    const sandbox = await start(settings({ PORTAL_MODE: 'sandbox', ACCESS_TOKEN_SECRET: SECRET }));
    expect(
      await sandbox.server.database.db
        .selectFrom('users')
        .select('email')
        .where('email', '=', 'admin@demo.test')
        .execute(),
    ).toHaveLength(1);
    await stop(sandbox.server);
    await expect(start(settings({ APP_ENV: 'PR', ACCESS_TOKEN_SECRET: SECRET }))).rejects.toThrow(
      /Refusing to start in production: the database holds the demo's logins \(.*admin@demo\.test/,
    );
  }, 120_000);
});
