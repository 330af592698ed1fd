import { sql } from 'kysely';
import { testActor } from '../support/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { NwpReportResponse, type NwpReport } from '../../src/api/schemas/reports';
import { PolicyViewResponse } from '../../src/api/schemas/policies';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { recordDemoChange } from '../../src/server/seed/demoRentersChange';
import { statementApi, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, AGENT, INTERNAL, MANAGER, NORTHWIND, REPORTS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { businessToday } from '../support/businessToday';

// The net written premium report (issue 8; docs/reports.md "Net written premium"; SPEC §3 "Written premium
// report"): figures checked against the policy events read straight from the log, period boundaries in Central time,
// the entity's hierarchy, the caller's reach, the CSV and bad filters.

const at = (iso: string) => new Date(iso);
const cents = (dollars: number) => Math.round(dollars * 100);
const HISTORY = testActor('test:nwp');

describe.each(testDatabases())('net written premium report on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  // Agency A with a child B, and C beside them, each with renters sales on chosen instants of 2025.
  const agencies = {} as Record<'a' | 'b' | 'c', Agency>;
  const sold = {} as Record<'a1' | 'a2' | 'a3' | 'b1' | 'c1', { policyNumber: string; premiumCents: number }>;
  let returnedCents = 0;
  let userOfA = '';
  let userOfB = '';

  const sell = async (agency: Agency, state: 'TX' | 'CA', soldAt: string) => {
    const issue = rentersPolicyIssue({
      entityId: agency.id,
      state,
      termInterval: 'annual',
      effectiveDate: soldAt.slice(0, 10),
    });
    const issued = await issueTestRentersPolicy(db(), { ...issue, soldAt: at(soldAt) });
    return { policyNumber: issued.policyNumber, premiumCents: issue.termPremiumCents };
  };
  const change = (policyNumber: string, kind: 'cancel' | 'reinstate', day: string, time: string) => {
    const inputs: Record<string, string | null> =
      kind === 'cancel'
        ? { reasonCode: 'MOVED_OUT', cancellationMethod: 'PRO_RATA', cancelDate: day, note: null }
        : { reasonCode: 'CUSTOMER_REQUEST', note: null };
    return db()
      .transaction()
      .execute((trx) =>
        recordDemoChange(trx, HISTORY, policyNumber, kind, inputs, day, at(`${day}T${time}Z`)),
      );
  };

  beforeAll(async () => {
    agencies.a = await st.newAgency({ rules: false });
    agencies.b = await st.newAgency({ rules: false, parent: agencies.a.code });
    agencies.c = await st.newAgency({ rules: false });
    sold.a1 = await sell(agencies.a, 'TX', '2025-02-28T23:59:59.999-06:00');
    sold.a2 = await sell(agencies.a, 'TX', '2025-03-01T00:00:00.000-06:00');
    sold.a3 = await sell(agencies.a, 'CA', '2025-03-31T23:59:59.999-05:00');
    sold.b1 = await sell(agencies.b, 'TX', '2025-03-15T12:00:00.000Z');
    sold.c1 = await sell(agencies.c, 'TX', '2025-03-10T09:00:00.000Z');
    await change(sold.b1.policyNumber, 'cancel', '2025-05-10', '10:00:00');
    await change(sold.b1.policyNumber, 'reinstate', '2025-05-20', '10:00:00');
    // What the cancellation returned, as its event in the log says.
    const cancelled = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_type', '=', 'renters_policy')
      .where('stream_id', '=', sold.b1.policyNumber)
      .where('type', '=', 'renters.cancelled')
      .executeTakeFirstOrThrow();
    returnedCents = Number((cancelled.data as { premiumReturnedCents: number }).premiumReturnedCents);
    userOfA = await userWith(db(), {
      entityCode: agencies.a.code,
      userType: 'external',
      privilegeCodes: ['report_nwp'],
    });
    userOfB = await userWith(db(), {
      entityCode: agencies.b.code,
      userType: 'external',
      privilegeCodes: ['report'],
    });
  });

  const run = async (query: string, email = ADMIN): Promise<NwpReport> => {
    const response = await e.get(`/v2/reports/nwp?${query}`, email);
    expectStatus(response, 200);
    return NwpReportResponse.parse(response.body).data;
  };
  const total = (report: NwpReport, code: string, businessType = 'NEW') =>
    report.totals.find((t) => t.code === code && t.businessType === businessType);

  it('sums March of agency A and its child by adjustment type, month and line, boundaries in Central time', async () => {
    const report = await run(`fromDate=2025-03-01&toDate=2025-03-31&entityCode=${agencies.a.code}`);
    // a1 was sold a millisecond before March (Central time); a2 at its first instant and a3 at its last count.
    const march = [sold.a2, sold.a3, sold.b1];
    const premium = march.reduce((sum, p) => sum + p.premiumCents, 0);
    expect(report.entity?.entityCode).toBe(agencies.a.code);
    expect(report.sumOfTotals).toEqual({ count: 3, premium: premium / 100 });
    expect(total(report, 'NB')).toMatchObject({ count: 3, premium: premium / 100, category: 'WRITTEN' });
    for (const code of ['RW', 'CN', 'FC', 'RI', 'EN']) expect(total(report, code)?.count).toBe(0);
    expect(report.months).toEqual([
      { month: '2025-03', count: 3, written: premium / 100, returned: 0, premium: premium / 100 },
    ]);
    expect(report.lines).toEqual([
      { line: 'PET', count: 0, premium: 0 },
      { line: 'RENTERS', count: 3, premium: premium / 100 },
    ]);
  });

  it('takes the cancellation back and the reinstatement gives it again, month by month', async () => {
    const report = await run(`fromDate=2025-02-01&toDate=2025-05-31&entityCode=${agencies.a.code}`);
    const issued = [sold.a1, sold.a2, sold.a3, sold.b1].reduce((sum, p) => sum + p.premiumCents, 0);
    expect(returnedCents).toBeGreaterThan(0);
    expect(total(report, 'CN')).toMatchObject({ count: 1, premium: -returnedCents / 100 });
    expect(total(report, 'RI')).toMatchObject({ count: 1, premium: returnedCents / 100 });
    expect(report.sumOfTotals).toEqual({ count: 6, premium: issued / 100 });
    expect(report.months.map((m) => m.month)).toEqual(['2025-02', '2025-03', '2025-04', '2025-05']);
    expect(report.months[0]).toMatchObject({ count: 1, premium: sold.a1.premiumCents / 100 });
    expect(report.months[2]).toMatchObject({ count: 0, premium: 0 });
    expect(report.months[3]).toMatchObject({
      count: 2,
      written: returnedCents / 100,
      returned: -returnedCents / 100,
      premium: 0,
    });
    // The months add up to the sum of totals, and so do the adjustment types.
    expect(cents(report.months.reduce((sum, m) => sum + m.premium, 0))).toBe(issued);
    expect(cents(report.totals.reduce((sum, t) => sum + t.premium, 0))).toBe(issued);
  });

  it('filters by state: the property address of a renters policy', async () => {
    const report = await run(
      `fromDate=2025-03-01&toDate=2025-03-31&entityCode=${agencies.a.code}&stateCode=ca`,
    );
    expect(report.stateCode).toBe('CA');
    expect(report.sumOfTotals).toEqual({ count: 1, premium: sold.a3.premiumCents / 100 });
  });

  it('answers each caller for their own hierarchy only', async () => {
    const ofA = await run('fromDate=2025-03-01&toDate=2025-03-31', userOfA);
    expect(ofA.entity).toBeNull();
    expect(ofA.sumOfTotals.count).toBe(3);
    const ofB = await run('fromDate=2025-03-01&toDate=2025-03-31', userOfB);
    expect(ofB.sumOfTotals).toEqual({ count: 1, premium: sold.b1.premiumCents / 100 });
    // B's user may not name its parent, nor A's user the agency beside it: the same answer as for no such code.
    for (const [email, code] of [
      [userOfB, agencies.a.code],
      [userOfA, agencies.c.code],
      [userOfA, '9999-9999-ZZ'],
    ] as const) {
      const refused = await e.get(`/v2/reports/nwp?entityCode=${code}`, email);
      expect(expectValidationError(refused, ['entityCode']).errors.entityCode).toEqual([
        'No entity with this code is within your reach.',
      ]);
    }
    // The house's report staff see every entity; C alone is C's sale.
    const ofC = await run(`fromDate=2025-03-01&toDate=2025-03-31&entityCode=${agencies.c.code}`, REPORTS);
    expect(ofC.sumOfTotals).toEqual({ count: 1, premium: sold.c1.premiumCents / 100 });
  });

  it('counts a pet sale and a policyholder change (an endorsement with no premium) today', async () => {
    const pets = await st.newAgency({ rules: false });
    const [policy] = (await st.sellPets(pets, ['Rex'])).policies;
    const view = PolicyViewResponse.parse(
      (await e.get(`/v2/policies/${policy!.matterId}`, INTERNAL)).body,
    ).data;
    const edit = await e.patch(`/v2/policies/${policy!.matterId}/policyholder`, INTERNAL, {
      data: { version: view.version, reason: 'Customer moved', phone: '5125550123' },
    });
    expectStatus(edit, 200);
    const issued = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_type', '=', 'policy')
      .where('type', '=', 'policy.issued')
      .where(sql<boolean>`data->>'policyNumber' = ${policy!.policyNumber}`)
      .executeTakeFirstOrThrow();
    const premiumCents = Number((issued.data as { premiumCents: number }).premiumCents);
    const today = businessToday();
    const report = await run(`fromDate=${today}&toDate=${today}&entityCode=${pets.code}`);
    expect(total(report, 'NB')).toMatchObject({ count: 1, premium: premiumCents / 100 });
    expect(total(report, 'EN')).toMatchObject({ count: 1, premium: 0, category: 'ADJUSTMENT' });
    expect(report.lines).toEqual([
      { line: 'PET', count: 2, premium: premiumCents / 100 },
      { line: 'RENTERS', count: 0, premium: 0 },
    ]);
  });

  it('exports one CSV row per adjustment, announcing the count, adding up to the report', async () => {
    const query = `fromDate=2025-02-01&toDate=2025-05-31&entityCode=${agencies.a.code}`;
    const report = await run(query);
    const response = await e.get(`/v2/reports/nwp/export?${query}`, ADMIN);
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="net-written-premium-2025-02-01-2025-05-31.csv"',
    );
    const [header, ...rows] = response.text
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(header).toEqual([
      'recordedOn',
      'policyNumber',
      'line',
      'entityCode',
      'entityName',
      'stateCode',
      'eventCode',
      'businessType',
      'premium',
    ]);
    expect(response.headers.get('x-total-count')).toBe(String(rows.length));
    expect(rows).toHaveLength(report.sumOfTotals.count);
    expect(rows.map((r) => r[6])).toEqual(['NB', 'NB', 'NB', 'NB', 'CN', 'RI']);
    expect(rows.map((r) => r[0])).toEqual([
      '2025-02-28',
      '2025-03-01',
      '2025-03-15',
      '2025-03-31',
      '2025-05-10',
      '2025-05-20',
    ]);
    expect(cents(rows.reduce((sum, r) => sum + Number(r[8]), 0))).toBe(cents(report.sumOfTotals.premium));
  });

  it("agrees to the cent with the premium of the agency's commission statement lines of the month", async () => {
    const agency = await st.newAgency();
    const first = await st.sellRenters(agency);
    await st.sellRenters(agency);
    const today = businessToday();
    await change(first.policyNumber, 'cancel', today, new Date().toISOString().slice(11, 19));
    await st.generate();
    const statement = await st.statementOf(agency);
    expect(statement.lines.map((l) => l.event_code).sort()).toEqual(['CN', 'NB', 'NB']);
    const report = await run(`fromDate=${today.slice(0, 8)}01&toDate=${today}&entityCode=${agency.code}`);
    const linesPremium = statement.lines.reduce((sum, l) => sum + cents(l.premium), 0);
    expect(cents(report.sumOfTotals.premium)).toBe(linesPremium);
    expect(report.sumOfTotals.count).toBe(statement.lines.length);
  });

  it('refuses bad filters with field messages, for the report and its export alike', async () => {
    const cases: [string, string][] = [
      ['fromDate=2025-02-30', 'fromDate'],
      ['toDate=yesterday', 'toDate'],
      ['fromDate=2025-06-01&toDate=2025-05-31', 'toDate'],
      ['fromDate=2020-01-01&toDate=2025-05-31', 'fromDate'],
      ['stateCode=Texas', 'stateCode'],
      // Two letters that name no state (SPEC §5: an unknown state is refused, not answered as zero sales).
      ['stateCode=XX', 'stateCode'],
      ['entityCode=northwind', 'entityCode'],
      ['month=2025-05', ''],
    ];
    for (const path of ['/v2/reports/nwp', '/v2/reports/nwp/export'])
      for (const [query, field] of cases) {
        const response = await e.get(`${path}?${query}`, ADMIN);
        expect(response.status, `${path}?${query}`).toBe(422);
        expect(response.text).not.toMatch(/at .*\.ts:\d+/);
        if (field) expectValidationError(response, [field]);
      }
  });

  it('is for report_nwp or report holders only', async () => {
    const nwpOnly = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['report_nwp'],
    });
    const listOnly = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['ent_comm_list'],
    });
    expectStatus(await e.get('/v2/reports/nwp', nwpOnly), 200);
    expectStatus(await e.get('/v2/reports/nwp', REPORTS), 200);
    for (const email of [listOnly, AGENT, MANAGER]) {
      expectError(await e.get('/v2/reports/nwp', email), 403);
      expectError(await e.get('/v2/reports/nwp/export', email), 403);
    }
    expectError(await s.api.request('GET', '/v2/reports/nwp'), 401);
  });
});
