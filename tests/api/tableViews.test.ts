import { describe, expect, it } from 'vitest';
import {
  MAX_VIEWS_PER_TABLE,
  TableViewListResponse,
  TableViewResponse,
  type TableViewCreateRequest,
} from '../../src/api/schemas/tableViews';
import { TEST_PASSWORD, adminApi, unique } from '../support/accessAdmin';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { up as upgradeQuoteViews } from '../../src/server/store/migrations/040_quote_view_columns';

// Saved table views (docs/decisions/011): each user's own, shared with roles they hold, changed and
// deleted by their owner alone, bounded in size and number.
describe.each(testDatabases())('saved table views on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const PATH = '/v2/my/table-views';
  const db = () => s.t.server.database.db;

  const viewCount = async () =>
    Number(
      (
        await db()
          .selectFrom('table_views')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // A fresh user holding the given roles, signed in.
  const userWith = async (roleIds: number[], entity = LAKESIDE) => {
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity, roles: roleIds });
    return { user, token: (await s.api.login(user.email, TEST_PASSWORD)).accessToken };
  };
  const newRole = async () =>
    (await a.createRole(await a.tokenOf(ADMIN), { role_name: unique('Views'), privileges: [] })).id;

  const list = async (token: string, table = 'policies') => {
    const response = await s.api.get(`${PATH}?table=${table}`, { token });
    expect(response.status, response.text).toBe(200);
    return TableViewListResponse.strict().parse(response.body);
  };
  const create = async (token: string, body: Partial<TableViewCreateRequest> = {}) => {
    const response = await s.api.post(
      PATH,
      { table: 'policies', name: unique('View'), state: { filter: {} }, ...body },
      { token },
    );
    expect(response.status, response.text).toBe(201);
    return TableViewResponse.strict().parse(response.body).data;
  };

  it('creates, lists, renames, changes and deletes a view of its owner', async () => {
    const { user, token } = await userWith([]);
    const state = {
      columns: ['policyNumber', 'fullName', 'petName'],
      sort: 'petName',
      order: 'asc' as const,
      limit: 25,
      filter: { state: 'TX', petName: 'Rex' },
    };
    const view = await create(token, { name: ' Texas dogs ', state });
    expect(view).toMatchObject({
      table: 'policies',
      name: 'Texas dogs',
      state,
      mine: true,
      owner: { id: user.id, name: 'Test User' },
      shared_roles: [],
    });
    // Another table's list does not hold it.
    expect((await list(token, 'quotes')).data).toEqual([]);
    expect((await list(token)).data).toEqual([view]);

    const renamed = await a.patch(`${PATH}/${view.id}`, { name: 'TX dogs' }, { token });
    expect(renamed.status, renamed.text).toBe(200);
    expect(TableViewResponse.parse(renamed.body).data).toMatchObject({ name: 'TX dogs', state });
    const changed = await a.patch(`${PATH}/${view.id}`, { state: { columns: ['policyNumber'] } }, { token });
    expect(TableViewResponse.parse(changed.body).data.state).toEqual({
      columns: ['policyNumber'],
      filter: {},
    });
    expect((await list(token)).data.map((v) => v.name)).toEqual(['TX dogs']);

    const deleted = await a.del(`${PATH}/${view.id}`, { token });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await list(token)).data).toEqual([]);
    expectError(await a.del(`${PATH}/${view.id}`, { token }), 404);
  });

  it('shows a view shared with a role to every holder of that role in the owner’s agency, and to nobody else', async () => {
    const role = await newRole();
    const other = await newRole();
    const owner = await userWith([role, other]);
    // Holders elsewhere never see it (tests/api/sharedViews.test.ts).
    const holder = await userWith([role]);
    const outsider = await userWith([other]);
    const stranger = await userWith([]);

    const view = await create(owner.token, { name: 'Team view', shared_role_ids: [role] });
    expect(view.shared_roles.map((r) => r.id)).toEqual([role]);
    const seen = (await list(holder.token)).data;
    expect(seen).toEqual([
      { ...view, mine: false, shared_roles: [], owner: { id: owner.user.id, name: 'Test User' } },
    ]);
    expect((await list(outsider.token)).data).toEqual([]);
    expect((await list(stranger.token)).data).toEqual([]);
    // The holder's own views come first.
    const own = await create(holder.token, { name: 'Zulu' });
    expect((await list(holder.token)).data.map((v) => v.id)).toEqual([own.id, view.id]);

    // A holder may apply it, not change or delete it; others cannot even find it.
    expectError(await a.patch(`${PATH}/${view.id}`, { name: 'Mine now' }, { token: holder.token }), 403);
    expectError(await a.del(`${PATH}/${view.id}`, { token: holder.token }), 403);
    for (const token of [outsider.token, stranger.token]) {
      expectError(await a.patch(`${PATH}/${view.id}`, { name: 'Mine now' }, { token }), 404);
      expectError(await a.del(`${PATH}/${view.id}`, { token }), 404);
    }
    expect((await list(owner.token)).data[0]).toEqual(view);

    // Shared with the other role instead: the holder loses it, the outsider gets it.
    const moved = await a.patch(`${PATH}/${view.id}`, { shared_role_ids: [other] }, { token: owner.token });
    expect(moved.status, moved.text).toBe(200);
    expect((await list(holder.token)).data.map((v) => v.id)).toEqual([own.id]);
    expect((await list(outsider.token)).data.map((v) => v.id)).toEqual([view.id]);

    // A deleted owner's views go with them.
    expect((await a.del(`/v2/users/${owner.user.id}`, { token: await a.tokenOf(ADMIN) })).status).toBe(200);
    expect((await list(outsider.token)).data).toEqual([]);
  });

  it('shares only with roles the owner holds, unless the owner administers roles', async () => {
    const held = await newRole();
    const above = await newRole();
    const owner = await userWith([held]);
    const before = await viewCount();
    const refused = expectValidationError(
      await s.api.post(
        PATH,
        { table: 'quotes', name: 'Pushed', state: {}, shared_role_ids: [held, above] },
        { token: owner.token },
      ),
      ['shared_role_ids'],
    );
    expect(refused.errors.shared_role_ids).toEqual(['You can share a view only with roles you hold.']);
    const view = await create(owner.token, { shared_role_ids: [held] });
    expectValidationError(
      await a.patch(`${PATH}/${view.id}`, { shared_role_ids: [held, above] }, { token: owner.token }),
      ['shared_role_ids'],
    );
    expect((await list(owner.token)).shareable_roles.map((r) => r.id)).toEqual([held]);
    expect(await viewCount()).toBe(before + 1);

    // The root administrator may share with any live role, and is offered every one.
    const admin = await a.tokenOf(ADMIN);
    const shared = await create(admin, { shared_role_ids: [above] });
    expect(shared.shared_roles.map((r) => r.id)).toEqual([above]);
    expect((await list(admin)).shareable_roles.map((r) => r.id)).toEqual(
      expect.arrayContaining([held, above]),
    );
    expect(
      expectValidationError(
        await s.api.post(
          PATH,
          { table: 'policies', name: 'Nobody', state: {}, shared_role_ids: [999_999] },
          {
            token: admin,
          },
        ),
        ['shared_role_ids'],
      ).errors.shared_role_ids,
    ).toEqual(['A role you chose does not exist.']);
    expect((await list(owner.token, 'policies')).data.map((v) => v.id)).toEqual([view.id]);
  });

  it('refuses bad input with the field named, changing nothing', async () => {
    const { token } = await userWith([]);
    const existing = await create(token, { name: 'Taken' });
    const before = await viewCount();
    const base = { table: 'policies', name: 'Good', state: {} };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, table: 'claims' }, 'table'],
      [{ ...base, name: '   ' }, 'name'],
      [{ ...base, name: 'x'.repeat(81) }, 'name'],
      [{ ...base, name: 'taken' }, 'name'],
      [{ ...base, state: { columns: [] } }, 'state.columns'],
      [{ ...base, state: { columns: ['a', 'a'] } }, 'state.columns'],
      [{ ...base, state: { columns: Array.from({ length: 41 }, (_, i) => `c${i}`) } }, 'state.columns'],
      [{ ...base, state: { columns: ['drop table'] } }, 'state.columns.0'],
      [{ ...base, state: { limit: 101 } }, 'state.limit'],
      [{ ...base, state: { order: 'up' } }, 'state.order'],
      [{ ...base, state: { filter: { petName: 'x'.repeat(201) } } }, 'state.filter.petName'],
      [
        {
          ...base,
          state: { filter: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'x'])) },
        },
        'state.filter',
      ],
      [{ ...base, state: { secret: true } }, 'state.secret'],
      [{ ...base, owner_user_id: 1 }, 'owner_user_id'],
      [{ ...base, shared_role_ids: [1, 1] }, 'shared_role_ids'],
    ];
    for (const [body, field] of cases) {
      const response = await s.api.post(PATH, body, { token });
      expectValidationError(response, [field]);
    }
    expectValidationError(await a.patch(`${PATH}/${existing.id}`, {}, { token }), []);
    const other = await create(token, { name: 'Other' });
    expectValidationError(await a.patch(`${PATH}/${other.id}`, { name: 'TAKEN' }, { token }), ['name']);
    expectValidationError(await s.api.get(`${PATH}?table=nope`, { token }), ['table']);
    expect(await viewCount()).toBe(before + 1);
    expect((await list(token)).data.map((v) => v.name)).toEqual(['Other', 'Taken']);
  });

  it('keeps a view to the columns its table has, changing nothing when refused', async () => {
    const { token } = await userWith([]);
    const before = await viewCount();
    const refusals: [string, string[], string][] = [
      ['policies', ['policyNumber', 'petNmae'], 'This table has no column petNmae.'],
      // A column of another table, and one no table has.
      ['users', ['userName', 'policyNumber', 'gone'], 'This table has no columns policyNumber, gone.'],
      // The quotes' actions and the statements' entity are never hidden.
      ['quotes', ['createdAt', 'city'], 'The column actions cannot be hidden.'],
      ['commission-review', ['select', 'month'], 'The column entityCode cannot be hidden.'],
      ['commission-payments', ['month', 'amount'], 'The columns select, entityCode cannot be hidden.'],
    ];
    for (const [table, columns, message] of refusals) {
      const response = await s.api.post(PATH, { table, name: 'Bad', state: { columns } }, { token });
      expect(expectValidationError(response, ['state.columns']).errors['state.columns']).toEqual([message]);
    }
    expectValidationError(
      await s.api.post(
        PATH,
        { table: 'policies', name: 'Twice', state: { columns: ['policyNumber', 'petName', 'petName'] } },
        { token },
      ),
      ['state.columns'],
    );
    expect(await viewCount()).toBe(before);

    // In any order, with those that never hide, a table's own columns are kept.
    const columns = ['select', 'amount', 'entityCode', 'month'];
    const view = await create(token, { table: 'commission-review', name: 'Amounts', state: { columns } });
    expect(view.state.columns).toEqual(columns);
    // A change of columns is held to the view's table; the name sent with it does not change either.
    const refused = await a.patch(
      `${PATH}/${view.id}`,
      { name: 'Renamed', state: { columns: ['select', 'entityCode', 'policyNumber'] } },
      { token },
    );
    expect(expectValidationError(refused, ['state.columns']).errors['state.columns']).toEqual([
      'This table has no column policyNumber.',
    ]);
    expectValidationError(
      await a.patch(`${PATH}/${view.id}`, { state: { columns: ['select', 'month'] } }, { token }),
      ['state.columns'],
    );
    expect((await list(token, 'commission-review')).data).toEqual([view]);

    // A view saved before one of its columns went is still read and renamed as it is; the portal skips
    // the column it no longer has.
    await db()
      .updateTable('table_views')
      .set({ state: JSON.stringify({ columns: ['select', 'entityCode', 'retired'], filter: {} }) })
      .where('id', '=', view.id)
      .execute();
    const renamed = await a.patch(`${PATH}/${view.id}`, { name: 'Old amounts' }, { token });
    expect(renamed.status, renamed.text).toBe(200);
    expect(TableViewResponse.parse(renamed.body).data).toMatchObject({
      name: 'Old amounts',
      state: { columns: ['select', 'entityCode', 'retired'] },
    });
  });

  it(`keeps at most ${MAX_VIEWS_PER_TABLE} views per user and table`, async () => {
    const { token } = await userWith([]);
    const early = MAX_VIEWS_PER_TABLE - 5;
    for (let i = 0; i < early; i++) await create(token, { table: 'users', name: `View ${i}` });
    // Ten at once for the last five places: the limit holds under concurrency too.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.api.post(PATH, { table: 'users', name: `Burst ${i}`, state: {} }, { token }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    expect((await list(token, 'users')).data).toHaveLength(MAX_VIEWS_PER_TABLE);
    const before = await viewCount();
    const refused = await s.api.post(PATH, { table: 'users', name: 'One more', state: {} }, { token });
    expect(expectError(refused, 409).message).toMatch(/Delete one to save another/);
    expect(await viewCount()).toBe(before);
    // Another table has room, and so does this one once a view goes.
    await create(token, { table: 'roles', name: 'One more' });
    const first = (await list(token, 'users')).data[0]!;
    expect((await a.del(`${PATH}/${first.id}`, { token })).status).toBe(200);
    await create(token, { table: 'users', name: 'One more' });
  });

  it('moves saved quote views to the camelCase column ids when upgrading (migration 040)', async () => {
    const { user, token } = await userWith([]);
    const old = {
      columns: ['createdAt', 'pet_names', 'referring_entity', 'actions'],
      sort: 'createdAt',
      filter: { stateCode: 'TX' },
    };
    const { id } = await db()
      .insertInto('table_views')
      .values({
        owner_user_id: user.id,
        table_key: 'quotes',
        name: 'Before 040',
        state: JSON.stringify(old),
        shared_role_ids: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await upgradeQuoteViews(db());
    const view = (await list(token, 'quotes')).data.find((v) => v.id === id);
    expect(view?.state).toEqual({ ...old, columns: ['createdAt', 'petNames', 'referringEntity', 'actions'] });
  });
});
