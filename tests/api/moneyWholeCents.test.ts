import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CommissionRuleResponse } from '../../src/api/schemas/commissionRules';
import { OverrideResponse, type Statement } from '../../src/api/schemas/commissionStatements';
import { EntityResponse } from '../../src/api/schemas/entities';
import { MAX_INT } from '../../src/api/schemas/numbers';
import { statementApi, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus, uniqueEntityCode } from '../support/entityApi';
import { quickFingerprint } from '../support/fuzzRoutes';
import { expectValidationError, type ApiResponse } from '../support/http';
import { ADMIN, AGENT, NORTHWIND, REVIEWER } from '../support/personas';
import { newQuote, quoteApi } from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { rentersCoverage, rentersQuoteApi } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Money on the wire is whole cents (issue 21 item 9; src/api/schemas/numbers.ts): an amount with more than
// two decimals is a 422 under its field and changes nothing, where it used to be rounded in silence (an
// override of 1e-9 stored as $0.00, which the rules refuse, and 1.0000000001 as $1.00). A whole-cent amount
// comes back exactly as sent. Every number a request carries has bounds: an id or version past what an
// integer column holds is a 422, not a stale version or a database error.

const WHOLE_CENTS = 'The amount must be in whole cents.';
// Amounts a client might send that are not whole cents: tiny, just past a whole dollar, a float sum
// (0.1 + 0.2 = 0.30000000000000004), a third decimal, negative ones.
const NOT_CENTS = [1e-9, 1.0000000001, 0.1 + 0.2, 0.001, 12.345, -0.005, -25.000000001, 5e-324];

describe.each(testDatabases())('whole cents and bounded numbers on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;
  // Signed in before any fingerprint is taken: a first sign-in writes its session.
  beforeAll(async () => {
    for (const email of [ADMIN, AGENT, REVIEWER]) await e.tokenOf(email);
  });

  // A request refused with 422 under `field`, the whole-cents message among its messages when `message`
  // is given, and nothing written: no event, no row beside the log.
  const refusedUnchanged = async (send: () => Promise<ApiResponse>, field: string, message?: string) => {
    const before = await quickFingerprint(db());
    const response = await send();
    const body = expectValidationError(response, [field]);
    if (message) expect(body.errors[field], response.text).toContain(message);
    expect(await quickFingerprint(db())).toEqual(before);
  };

  const pendingStatement = async (): Promise<{ agency: Agency; statement: Statement }> => {
    const agency = await st.newAgency();
    await st.sellRenters(agency);
    await st.generate();
    return { agency, statement: await st.statementOf(agency) };
  };

  it('refuses a statement override that is not whole cents, added or changed, and stores nothing', async () => {
    const { agency, statement } = await pendingStatement();
    const overrides = st.path(agency.id, statement.id, '/overrides');
    for (const amount of NOT_CENTS) {
      await refusedUnchanged(
        () => e.post(overrides, REVIEWER, { data: { amount, type_code: 'FEE' } }),
        'data.amount',
        WHOLE_CENTS,
      );
    }
    const added = await e.post(overrides, REVIEWER, { data: { amount: 12.5, type_code: 'FEE' } });
    expectStatus(added, 201);
    const override = OverrideResponse.parse(added.body).data;
    for (const amount of NOT_CENTS) {
      await refusedUnchanged(
        () => e.patch(`${overrides}/${override.id}`, REVIEWER, { data: { amount } }),
        'data.amount',
        WHOLE_CENTS,
      );
    }
    const row = await db()
      .selectFrom('commission_statement_overrides')
      .select(['amount_cents'])
      .where('statement_id', '=', statement.id)
      .execute();
    expect(row.map((r) => Number(r.amount_cents))).toEqual([1250]);
  });

  it('takes any whole-cent override in range and gives it back exactly; refuses any with more decimals', async () => {
    const { agency, statement } = await pendingStatement();
    const overrides = st.path(agency.id, statement.id, '/overrides');
    // ±$100,000 is what an override may be (zero is no override).
    const cents = fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((c) => c !== 0);
    await fc.assert(
      fc.asyncProperty(cents, async (c) => {
        const response = await e.post(overrides, REVIEWER, { data: { amount: c / 100, type_code: 'FEE' } });
        expectStatus(response, 201);
        const added = OverrideResponse.parse(response.body).data;
        expect(added.amount).toBe(c / 100);
        const stored = await db()
          .selectFrom('commission_statement_overrides')
          .select(['amount_cents'])
          .where('id', '=', added.id)
          .executeTakeFirstOrThrow();
        expect(Number(stored.amount_cents)).toBe(c);
      }),
      { numRuns: 15 },
    );
    // Whole cents and a further fraction of a cent, down to a millionth of one.
    const notCents = fc
      .tuple(cents, fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 0, max: 4 }))
      .map(([c, fraction, shift]) => (c + fraction / 10 ** (4 + shift)) / 100)
      .filter((amount) => !/^-?\d+(\.\d{1,2})?$/.test(String(amount)));
    await fc.assert(
      fc.asyncProperty(notCents, (amount) =>
        refusedUnchanged(
          () => e.post(overrides, REVIEWER, { data: { amount, type_code: 'FEE' } }),
          'data.amount',
          WHOLE_CENTS,
        ),
      ),
      { numRuns: 15 },
    );
  });

  it('refuses a statement filter on an amount that is not whole cents, in the query and in a bulk body', async () => {
    for (const amount of ['0.001', '1.0000000001', '1e-9']) {
      const query = await e.get(`/v2/commission-statements?filter[minAmount]=${amount}`, REVIEWER);
      expectValidationError(query, ['filter.minAmount']);
      await refusedUnchanged(
        () => e.post('/v2/commission-statements/approve', REVIEWER, { filter: { maxAmount: amount } }),
        'filter.maxAmount',
      );
    }
    expectStatus(await e.get('/v2/commission-statements?filter[minAmount]=10.50', REVIEWER), 200);
  });

  it('refuses a commission rule whose pay multiplier has more than two decimals', async () => {
    const created = await e.post('/v2/entities', ADMIN, {
      entity_code: uniqueEntityCode(),
      entity_name: 'Rounding Pet Agency',
      master_entity_id: await entityIdOf(db(), NORTHWIND),
      type_code: 'AGENCY',
    });
    expectStatus(created, 201);
    const rules = `/v2/entities/${EntityResponse.parse(created.body).data.id}/commission-configs`;
    const rule = (calculation_type: 'PERCENT' | 'FLAT', pay_multiplier: number) => ({
      data: {
        business_type: 'NEW',
        calculation_type,
        event_code: 'NB',
        state_codes: ['TX'],
        species: null,
        pay_multiplier,
        effective_date: '2026-01-01',
        expiration_date: null,
      },
    });
    for (const [type, pay] of [
      ['PERCENT', 15.0000000001],
      ['PERCENT', 1e-9],
      ['FLAT', 25.000000001],
    ] as const) {
      await refusedUnchanged(() => e.post(rules, ADMIN, rule(type, pay)), 'data.pay_multiplier');
    }
    const saved = await e.post(rules, ADMIN, rule('PERCENT', 15.25));
    expectStatus(saved, 201);
    expect(CommissionRuleResponse.parse(saved.body).data.pay_multiplier).toBe(15.25);
  });

  it('refuses renters coverage and a purchase total that are not whole cents', async () => {
    const r = rentersQuoteApi(e);
    const quote = await r.start();
    const coverage = `/v2/renters/quotes/${quote.id}/coverage`;
    const withContents = (amount: number) => ({
      ...rentersCoverage,
      coverage: {
        ...rentersCoverage.coverage,
        contents: { ...rentersCoverage.coverage.contents, amount },
      },
    });
    await refusedUnchanged(
      () => r.post(coverage, withContents(20_000.000000001)),
      'coverage.contents.amount',
      WHOLE_CENTS,
    );
    const review = await r.toReview();
    const total = review.premium!.total;
    await refusedUnchanged(
      () =>
        r.post(`/v2/renters/quotes/${review.id}/purchase`, {
          request_id: randomUUID(),
          terms_accepted: true,
          total: total + 1e-9,
        }),
      'total',
      WHOLE_CENTS,
    );
  });

  it('refuses a pet deductible that is not whole cents', async () => {
    const q = quoteApi(e);
    const response = await q.act('GET', 'plans', {
      zip: newQuote.zip,
      startDate: newQuote.startDate,
      pets: [{ species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, deductible: 500.0000001 }],
    });
    expect(response.status, response.text).toBe(422);
    expect(JSON.stringify(response.body)).toContain('The deductible must be in whole cents.');
  });

  it('refuses a version or an id past what an integer column holds, before any other check', async () => {
    const northwind = await entityIdOf(db(), NORTHWIND);
    await refusedUnchanged(
      () => e.patch(`/v2/entities/${northwind}`, ADMIN, { entity_name: 'Northwind', version: MAX_INT + 1 }),
      'version',
    );
    await refusedUnchanged(
      () => e.post('/v2/commission-statements/approve', REVIEWER, { ids: [MAX_INT + 1] }),
      'ids.0',
    );
    await refusedUnchanged(
      () =>
        e.post('/v2/users', ADMIN, {
          fname: 'Ada',
          lname: 'Bounds',
          email: 'ada.bounds@example.test',
          entity: NORTHWIND,
          roles: [MAX_INT + 1],
        }),
      'roles.0',
    );
    expectValidationError(await e.get('/v2/commission-statements?filter[accountManager]=-1', REVIEWER), [
      'filter.accountManager',
    ]);
  });
});
