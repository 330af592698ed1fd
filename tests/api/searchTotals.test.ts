import { businessToday } from '../support/businessToday';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PageMeta, SortOrder } from '../../src/api/schemas/paging';
import type { PolicySortField } from '../../src/api/schemas/policySearch';
import type { QuoteSortField } from '../../src/api/schemas/quoteSearch';
import type { RentersPolicySortField } from '../../src/api/schemas/rentersPolicies';
import type { EntityScope } from '../../src/server/access/principal';
import { searchPolicyPage } from '../../src/server/domain/policies/policySearch';
import { searchQuotePage } from '../../src/server/domain/quotes/quoteSearch';
import { searchRentersPolicyPage } from '../../src/server/domain/rentersPolicies/rentersPolicySearch';
import { countUpTo } from '../../src/server/store/paging';
import { entityApi } from '../support/entityApi';
import { AGENT, NORTHWIND_AUSTIN } from '../support/personas';
import { issuePolicies } from '../support/policyFixtures';
import { newQuote, quoteApi } from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { issueRentersPolicies } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Totals counted up to a cap (PageMeta's totalCapped) and the deferred-join pages of the pet policy, quote
// and renters policy searches, called with a cap small enough to reach on a test's handful of rows. Each
// test names its customers with a marker of its own, so rows of other tests never match.
const marker = () => `Zt${randomBytes(4).toString('hex')}`;

const meta = (number: number, limit: number, from: number, to: number, total: number, capped = false) => ({
  page: { number, limit, from, to },
  total,
  ...(capped ? { totalCapped: true } : {}),
});

describe.each(testDatabases())('search totals and pages on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const ALL: EntityScope = { kind: 'all' };
  // The agent's entity (Northwind Austin) and whatever lies below it, as an agency user's searches see.
  const austin = async (): Promise<EntityScope> => {
    const row = await db()
      .selectFrom('entities')
      .select('path')
      .where('entity_code', '=', NORTHWIND_AUSTIN)
      .executeTakeFirstOrThrow();
    return { kind: 'subtree', path: row.path };
  };

  it('counts rows up to the cap and says when it stopped', async () => {
    const name = marker();
    await issuePolicies(s.t, 7, { customer: { lastName: name } });
    const matching = db()
      .selectFrom('policies as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .where('c.last_name', '=', name)
      .select('p.matter_id')
      .orderBy('p.matter_id');
    expect(await countUpTo(db(), matching, 3)).toEqual({ total: 3, capped: true });
    expect(await countUpTo(db(), matching, 6)).toEqual({ total: 6, capped: true });
    expect(await countUpTo(db(), matching, 7)).toEqual({ total: 7 });
    expect(await countUpTo(db(), matching.where(sql<boolean>`false`), 7)).toEqual({ total: 0 });
  });

  it('skips counting a whole table that the planner last measured at twice the cap or more', async () => {
    await issuePolicies(s.t, 2, { customer: { lastName: marker() } });
    await sql`analyze policies`.execute(db());
    const all = db().selectFrom('policies').select('matter_id');
    const counted = await all
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(counted.n);
    expect(await countUpTo(db(), all, n, 'policies')).toEqual({ total: n });
    // The estimate alone answers: the query's own rows (none here) are never counted.
    const half = Math.floor(n / 2);
    expect(await countUpTo(db(), all.where(sql<boolean>`false`), half, 'policies')).toEqual({
      total: half,
      capped: true,
    });
    expect(await countUpTo(db(), all.where(sql<boolean>`false`), half)).toEqual({ total: 0 });
  });

  it('answers a capped total of pet policies as a lower bound, and the exact one when a page shows the end', async () => {
    const name = marker();
    await issuePolicies(s.t, 7, { customer: { lastName: name } });
    for (const scope of [ALL, await austin()]) {
      const page = (number: number, totalCap: number) =>
        searchPolicyPage(
          db(),
          scope,
          {
            filter: { full_name: name.toLowerCase() },
            sort: 'purchaseDate',
            order: 'desc',
            page: number,
            limit: 3,
          },
          { totalCap },
        );
      const exact = await page(1, 10);
      expect(exact.meta).toEqual(meta(1, 3, 1, 3, 7));
      expect((await page(1, 4)).meta).toEqual(meta(1, 3, 1, 3, 4, true));
      // A full page past the cap: the total reaches at least its last row.
      expect((await page(2, 4)).meta).toEqual(meta(2, 3, 4, 6, 6, true));
      // The last page is not full, so it shows where the rows end: exact whatever the cap.
      expect((await page(3, 4)).meta).toEqual(meta(3, 3, 7, 7, 7));
      expect((await page(4, 4)).meta).toEqual(meta(4, 3, 0, 0, 4, true));
      expect((await page(4, 10)).meta).toEqual(meta(4, 3, 0, 0, 7));
      // The cap changes the total only, never the rows.
      expect((await page(1, 4)).rows).toEqual(exact.rows);
    }
  });

  it('pages pet policies alike whether it follows a sort index or sorts every matching row', async () => {
    const name = marker();
    const tag = name.toLowerCase();
    const issued = await issuePolicies(s.t, 9, { customer: { lastName: name } });
    // Pet names that sort apart from their issue order, and ties on the purchase day for the matter id to
    // break; the pet name filter (on the policy, not its customer) finds this test's policies alone.
    const pets = ['bo', 'Al', 'al', 'Cy', 'bo', 'Di', 'al', 'Ed', 'cy'];
    for (const [i, policy] of issued.entries())
      await db()
        .updateTable('policies')
        .set({ pet_name: `${tag}${pets[i]!}`, state: i % 2 ? 'TX' : 'CA' })
        .where('matter_id', '=', policy.matterId)
        .execute();
    const scoped = await austin();
    const sorts: [PolicySortField, SortOrder][] = [
      ['purchaseDate', 'desc'],
      ['petName', 'asc'],
      ['petName', 'desc'],
      ['stateCode', 'asc'],
      ['fullName', 'desc'],
      ['policyNumber', 'asc'],
    ];
    for (const [sort, order] of sorts) {
      const pages = async (scope: EntityScope, totalCap?: number) => {
        const rows = [];
        for (let page = 1; page <= 4; page++) {
          const search = { filter: { petName: tag }, sort, order, page, limit: 4 };
          rows.push(
            ...(await searchPolicyPage(db(), scope, search, { totalCap })).rows.map((r) => r.matterId),
          );
        }
        return rows;
      };
      // Staff follow the sort index. The agency scope counts first: under the cap its few rows are sorted
      // whole, past a cap of one it follows the index too.
      const everyRow = await pages(ALL);
      expect(everyRow).toHaveLength(9);
      expect(new Set(everyRow).size).toBe(9);
      expect(await pages(scoped), `${sort} ${order}`).toEqual(everyRow);
      expect(await pages(scoped, 1), `${sort} ${order}`).toEqual(everyRow);
    }
    const byPet = await searchPolicyPage(db(), ALL, {
      filter: { petName: tag },
      sort: 'petName',
      order: 'asc',
      page: 1,
      limit: 10,
    });
    const sortedPets = byPet.rows.map((r) => r.petName.toLowerCase());
    expect(sortedPets).toEqual([...sortedPets].sort());
  });

  it('caps the quote total and pages quotes alike either way, unpurchased and unnamed last', async () => {
    const name = marker();
    const q = quoteApi(e);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await q.create({ ...newQuote, customer: { ...newQuote.customer, lastName: name } }));
    // One quote "purchased" and one without a first name, in the read table only.
    await db()
      .updateTable('quotes')
      .set({ purchased_at: new Date() })
      .where('uuid', '=', made[2]!.uuid)
      .execute();
    await db().updateTable('quotes').set({ first_name: null }).where('uuid', '=', made[3]!.uuid).execute();
    const filter = { customerName: name.toLowerCase() };
    const page = (
      scope: EntityScope,
      number: number,
      totalCap = 10_000,
      sort: QuoteSortField = 'createdAt',
    ) => searchQuotePage(db(), scope, { filter, sort, order: 'desc', page: number, limit: 2 }, { totalCap });
    expect((await page(ALL, 1, 3)).meta).toEqual(meta(1, 2, 1, 2, 3, true));
    expect((await page(ALL, 2, 3)).meta).toEqual(meta(2, 2, 3, 4, 4, true));
    expect((await page(ALL, 3, 3)).meta).toEqual(meta(3, 2, 5, 5, 5));
    expect((await page(ALL, 1)).meta).toEqual(meta(1, 2, 1, 2, 5));
    const newest = made.map((m) => m.uuid).reverse();
    const scoped = await austin();
    for (const sort of ['createdAt', 'purchasedAt', 'customerName'] as const) {
      const answers = [];
      // Staff follow the sort index; the agency scope sorts its few rows whole, or follows the index too
      // past a cap of one.
      for (const [scope, totalCap] of [
        [ALL, 10_000],
        [scoped, 10_000],
        [scoped, 1],
      ] as const) {
        const rows = [];
        for (let number = 1; number <= 3; number++)
          rows.push(...(await page(scope, number, totalCap, sort)).rows);
        answers.push(rows.map((r) => r.id));
      }
      const ids = answers[0]!;
      if (sort === 'createdAt') expect(ids).toEqual(newest);
      // Descending, yet the one purchased quote first: the others have no purchase time and go last.
      if (sort === 'purchasedAt') expect(ids[0]).toBe(made[2]!.uuid);
      // Descending, and the quote without a first name ("Zt…" alone) before the "Ada Zt…" ones.
      if (sort === 'customerName') expect(ids[0]).toBe(made[3]!.uuid);
      expect(new Set(ids).size).toBe(5);
      expect(answers[1], sort).toEqual(ids);
      expect(answers[2], sort).toEqual(ids);
    }
  });

  it('caps the renters policy total and pages renters policies alike either way', async () => {
    const name = marker();
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    await issueRentersPolicies(db(), 5, { entityId, lastName: name });
    const page = (scope: EntityScope, number: number, sort: RentersPolicySortField, totalCap = 10_000) =>
      searchRentersPolicyPage(
        db(),
        scope,
        {
          filter: { full_name: name.toLowerCase() },
          sort,
          order: 'desc',
          page: number,
          limit: 2,
          today: businessToday(),
        },
        { totalCap },
      );
    expect((await page(ALL, 1, 'sold_on', 2)).meta).toEqual(meta(1, 2, 1, 2, 2, true));
    expect((await page(ALL, 3, 'sold_on', 2)).meta).toEqual(meta(3, 2, 5, 5, 5));
    const scoped = await austin();
    // Every renters policy of the agency, no filter: sorted whole under the cap, along the index past one.
    for (const sort of ['sold_on', 'full_name', 'status', 'policy_number'] as const) {
      const all = async (totalCap: number) => {
        const numbers: string[] = [];
        for (let number = 1; ; number++) {
          const { rows } = await searchRentersPolicyPage(
            db(),
            scoped,
            { filter: {}, sort, order: 'asc', page: number, limit: 4, today: businessToday() },
            { totalCap },
          );
          numbers.push(...rows.map((r) => r.policy_number));
          if (rows.length < 4) return numbers;
        }
      };
      const whole = await all(10_000);
      expect(whole.length).toBeGreaterThanOrEqual(5);
      expect(new Set(whole).size).toBe(whole.length);
      expect(await all(1), sort).toEqual(whole);
    }
  });

  it('answers an exact total without the flag over HTTP', async () => {
    const name = marker();
    await issuePolicies(s.t, 2, { customer: { lastName: name } });
    const response = await e.get(`/v2/policies?filter[full_name]=${name}`, AGENT);
    expect((response.body as { meta: PageMeta }).meta).toEqual(meta(1, 10, 1, 2, 2));
  });
});
