import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../src/server/store/migrations/023_app_role';
import type { Db } from '../../src/server/store/db';
import { apiFor, type Api } from '../support/http';
import { MANAGER } from '../support/personas';
import { userIdOf } from '../support/records';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The event log is append-only for the role the server serves as (docs/security.md "The event log is
// append-only"): migration 023's portal_app may read and append events but not update, delete or truncate
// them, and, owning nothing, cannot switch off or drop the trigger of migration 020 either. The trigger
// alone does not stop a table's owner, who may disable it.
const REFUSED_TO_APP_ROLE: [string, string][] = [
  ['UPDATE', `UPDATE events SET data = '{}'::jsonb`],
  ['DELETE', 'DELETE FROM events'],
  ['TRUNCATE', 'TRUNCATE events'],
  ['DISABLE TRIGGER', 'ALTER TABLE events DISABLE TRIGGER events_no_rewrite'],
  ['DISABLE TRIGGER ALL', 'ALTER TABLE events DISABLE TRIGGER ALL'],
  ['DROP TRIGGER', 'DROP TRIGGER events_no_truncate ON events'],
  ['DROP TABLE', 'DROP TABLE events'],
  ['replica mode (skips triggers)', 'SET session_replication_role = replica'],
];
const NOT_ALLOWED = /permission denied|must be owner/;

const eventCount = async (db: Db) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(db)).rows[0]!.n);

// Runs one statement as the application role, in a transaction of its own that ends with it.
async function asAppRole(db: Db, statement: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`SET LOCAL ROLE ${APP_ROLE}`).execute(trx);
    await sql.raw(statement).execute(trx);
  });
}

async function profileChange(api: Api): Promise<number> {
  const { accessToken: token } = await api.login(MANAGER);
  const answer = await api.request('PATCH', '/v2/my/profile', {
    token,
    body: { firstName: 'Morgan', lastName: 'Manager', phone: '5125550100', ext: `${Date.now() % 1000}` },
  });
  return answer.status;
}

describe.each(testDatabases())('the application role on %s', (database) => {
  let t: TestServer;
  const db = () => t.server.database.db;
  beforeAll(async () => {
    t = await startTestServer(database);
    return () => t.close();
  });

  it.each(REFUSED_TO_APP_ROLE)('refuses %s of events to the application role', async (_name, statement) => {
    const before = await eventCount(db());
    await expect(asAppRole(db(), statement)).rejects.toThrow(NOT_ALLOWED);
    expect(await eventCount(db())).toBe(before);
  });

  it('lets the application role read and append events and write the read tables (control)', async () => {
    await asAppRole(db(), 'SELECT count(*) FROM events');
    await asAppRole(db(), `UPDATE users SET first_name = first_name WHERE email = '${MANAGER}'`);
    const privileges = await sql<Record<string, boolean>>`
      SELECT has_table_privilege(${APP_ROLE}, 'events', 'SELECT') AS select,
             has_table_privilege(${APP_ROLE}, 'events', 'INSERT') AS insert,
             has_table_privilege(${APP_ROLE}, 'events', 'UPDATE') AS update,
             has_table_privilege(${APP_ROLE}, 'events', 'DELETE') AS delete,
             has_table_privilege(${APP_ROLE}, 'events', 'TRUNCATE') AS truncate,
             has_table_privilege(${APP_ROLE}, 'events', 'TRIGGER') AS trigger`.execute(db());
    expect(privileges.rows[0]).toEqual({
      select: true,
      insert: true,
      update: false,
      delete: false,
      truncate: false,
      trigger: false,
    });
    // Owning no table, sequence or schema here, it can change no table's definition or triggers.
    const owned = await sql<{ n: string }>`
      SELECT (SELECT count(*) FROM pg_class WHERE relowner = ${APP_ROLE}::regrole)
           + (SELECT count(*) FROM pg_namespace WHERE nspowner = ${APP_ROLE}::regrole) AS n`.execute(db());
    expect(Number(owned.rows[0]!.n)).toBe(0);
  });

  it('keeps the owner able to read the log, and the trigger refusing the owner too', async () => {
    await expect(sql`DELETE FROM events`.execute(db())).rejects.toThrow(/append-only/);
  });

  if (database === 'postgres') {
    it('serves every request as the application role', async () => {
      const { rows } = await sql<{ current: string; session: string }>`
        SELECT current_user AS current, session_user AS session`.execute(t.server.database.appDb);
      expect(rows[0]!.current).toBe(APP_ROLE);
      // The owner keeps its own connections for migrations and for tests that look underneath.
      const owner = await sql<{ current: string }>`SELECT current_user AS current`.execute(db());
      expect(owner.rows[0]!.current).not.toBe(APP_ROLE);

      const before = await eventCount(db());
      expect(await profileChange(apiFor(t.url))).toBe(200);
      const events = await db()
        .selectFrom('events')
        .select('metadata')
        .where('stream_type', '=', 'user')
        .orderBy('position', 'desc')
        .limit(1)
        .execute();
      expect(await eventCount(db())).toBeGreaterThan(before);
      expect(events[0]!.metadata).toMatchObject({ userId: await userIdOf(db(), MANAGER) });
    });
  }
});

// The deployment docs/security.md advises: the server signs in as a role that is only a member of portal_app
// (DATABASE_URL), and the owner migrates (DATABASE_MIGRATION_URL). Then not even a statement that leaves the
// role (SET ROLE NONE, as an injected statement could) gets past it, which switching roles on the owner's
// own connections cannot promise.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a server signed in as the application role', () => {
  const LOGIN_ROLE = 'portal_app_signin';
  const ownerUrl = process.env.TEST_DATABASE_URL!;
  const loginUrl = () => {
    const url = new URL(ownerUrl);
    url.username = LOGIN_ROLE;
    url.password = '';
    return url.toString();
  };
  let owner: TestServer;
  let t: TestServer;

  beforeAll(async () => {
    // A first server makes sure portal_app exists on this cluster, then the sign-in role is made its member,
    // once for every test run on the cluster (roles are cluster-wide), whoever gets there first.
    owner = await startTestServer('postgres');
    await sql
      .raw(
        `DO $$
        BEGIN
          IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${LOGIN_ROLE}') THEN
            CREATE ROLE ${LOGIN_ROLE} LOGIN IN ROLE ${APP_ROLE};
          END IF;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END $$`,
      )
      .execute(owner.server.database.db);
    t = await startTestServer('postgres', {
      DATABASE_URL: loginUrl(),
      DATABASE_MIGRATION_URL: ownerUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await owner?.close();
  });

  it('migrates as the owner, serves as the member role, and refuses the log rewritten even after SET ROLE NONE', async () => {
    const { rows } = await sql<{ session: string }>`SELECT session_user AS session`.execute(
      t.server.database.appDb,
    );
    expect(rows[0]!.session).toBe(LOGIN_ROLE);
    expect(await profileChange(apiFor(t.url))).toBe(200);

    const client = new pg.Client({ connectionString: loginUrl(), options: `-c search_path="${t.schema}"` });
    await client.connect();
    try {
      await client.query('SET ROLE NONE');
      expect((await client.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n).not.toBe(
        '0',
      );
      for (const [name, statement] of REFUSED_TO_APP_ROLE) {
        await expect(client.query(statement), name).rejects.toThrow(NOT_ALLOWED);
      }
      const ownerName = new URL(ownerUrl).username;
      await expect(client.query(`SET ROLE ${ownerName}`)).rejects.toThrow(NOT_ALLOWED);
    } finally {
      await client.end();
    }
  });
});
