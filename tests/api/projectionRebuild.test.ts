import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROJECTION_TABLES, rebuildProjections } from '../../src/server/projections';
import { entityAggregate } from '../../src/server/domain/entities/entityAggregate';
import { roleAggregate } from '../../src/server/domain/roles/roleAggregate';
import { userAggregate } from '../../src/server/domain/users/userAggregate';
import { createRole } from '../../src/server/domain/roles/roleCommands';
import { execute } from '../../src/server/store/aggregate';
import type { Trx } from '../../src/server/store/eventStore';
import { AGENT, LAKESIDE, NORTHWIND_DALLAS } from '../support/personas';
import { TEST_METADATA, entityIdOf, setUserEnabled, userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { readTables } from '../support/eventLogChecks';

// `npm run projections:rebuild` (DESIGN.md "Event sourcing"): the read tables come back from the log alone.
describe.each(testDatabases())('rebuildProjections on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;
  const inTrx = <T>(work: (trx: Trx) => Promise<T>): Promise<T> => db().transaction().execute(work);

  // History beyond the seed, so the replay goes through every kind of projected event.
  async function addHistory() {
    const agentId = String(await userIdOf(db(), AGENT));
    const dallas = String(await entityIdOf(db(), NORTHWIND_DALLAS));
    const lakeside = await entityIdOf(db(), LAKESIDE);
    await inTrx(async (trx) => {
      await execute(
        trx,
        userAggregate,
        agentId,
        [{ type: 'user.updated', data: { phone: '5125559999', ext: '12' } }],
        TEST_METADATA,
      );
      const roleId = await createRole(
        trx,
        { roleName: `Temp ${randomUUID()}`, roleDesc: 'temp', privilegeCodes: ['quote'] },
        TEST_METADATA,
      );
      await execute(
        trx,
        roleAggregate,
        String(roleId),
        [{ type: 'role.privilegesSet', data: { privilegeCodes: ['report', 'quote_new'] } }],
        TEST_METADATA,
      );
      await execute(
        trx,
        userAggregate,
        agentId,
        [{ type: 'user.rolesSet', data: { roleIds: [roleId] } }],
        TEST_METADATA,
      );
      await execute(trx, roleAggregate, String(roleId), [{ type: 'role.deleted', data: {} }], TEST_METADATA);
      await execute(
        trx,
        entityAggregate,
        dallas,
        [{ type: 'entity.updated', data: { masterEntityId: lakeside, entityName: 'Moved' } }],
        TEST_METADATA,
      );
      await execute(
        trx,
        entityAggregate,
        dallas,
        [
          {
            type: 'entity.attributesSet',
            data: { attributes: [{ attribId: 28, value: '1', dataUrl: null }] },
          },
        ],
        TEST_METADATA,
      );
    });
    await setUserEnabled(db(), AGENT, false);
    await setUserEnabled(db(), AGENT, true);
  }

  it('restores users, roles and entities exactly after their rows are deleted', async () => {
    await addHistory();
    const before = await readTables(db());
    expect(before.users.length).toBeGreaterThan(0);
    for (const table of PROJECTION_TABLES) await db().deleteFrom(table).execute();
    const emptied = await readTables(db());
    for (const rows of Object.values(emptied)) expect(rows).toEqual([]);

    const replayed = await rebuildProjections(db());
    const { n } = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(replayed).toBe(Number(n));
    expect(await readTables(db())).toEqual(before);
    // Logins work again from the rebuilt users table.
    await s.api.login(AGENT);
  });

  it('leaves the tables as they were when run on intact projections', async () => {
    const before = await readTables(db());
    await rebuildProjections(db());
    expect(await readTables(db())).toEqual(before);
  });

  it('keeps the id sequences ahead of the replayed records', async () => {
    for (const sequence of ['entity_id_seq', 'role_id_seq', 'user_id_seq']) {
      await sql`select setval(${sequence}, 1)`.execute(db());
    }
    await rebuildProjections(db());
    const max = async (table: 'entities' | 'roles' | 'users') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirstOrThrow()
        ).m,
      );
    const maxRole = await max('roles');
    const maxUser = await max('users');
    const maxEntity = await max('entities');
    const roleId = await inTrx((trx) =>
      createRole(
        trx,
        { roleName: `After ${randomUUID()}`, roleDesc: 'after', privilegeCodes: [] },
        TEST_METADATA,
      ),
    );
    expect(roleId).toBe(maxRole + 1);
    const { rows } = await sql<{ user: string; entity: string }>`
        select (select last_value from user_id_seq) as user, (select last_value from entity_id_seq) as entity`.execute(
      db(),
    );
    expect(Number(rows[0]!.user)).toBeGreaterThanOrEqual(maxUser);
    expect(Number(rows[0]!.entity)).toBeGreaterThanOrEqual(maxEntity);
  });
});
