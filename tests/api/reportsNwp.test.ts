import fc from 'fast-check';
import { sql } from 'kysely';
import { testActor } from '../support/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { NwpReportResponse, type NwpReport } from '../../src/api/schemas/reports';
import { PolicyViewResponse } from '../../src/api/schemas/policies';
import { QuoteSourceResponse } from '../../src/api/schemas/entities';
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

// Quote attribution in the report (docs/reports.md "Attribution"): the quote search's filters, a breakdown per
// platform, method, quote source or partner that adds up to the report, scope, bad values and the CSV.
describe.each(testDatabases())('net written premium by quote attribution on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  type Attribution = {
    platform: 'PORTAL' | 'API' | null;
    method: 'PHONE' | 'WEB' | 'EMAIL' | null;
    source: number | null;
    partner: string | null;
  };
  // X sells pets on three quotes and one renters policy; Y, beside it, one pet quote.
  let x: Agency;
  let y: Agency;
  let userOfX = '';
  let userOfY = '';
  const quotes: { uuid: string; policyNumbers: string[] }[] = [];
  let rentersOfX = '';
  const sources: { id: number; name: string }[] = [];
  const today = businessToday();

  const attribute = async (uuid: string, a: Attribution) => {
    await db()
      .updateTable('quotes')
      .set({ quoting_platform: a.platform, quote_method: a.method, entity_source_id: a.source })
      .where('uuid', '=', uuid)
      .execute();
    await db().deleteFrom('quote_tracking').where('quote_uuid', '=', uuid).execute();
    if (a.partner !== null)
      await db()
        .insertInto('quote_tracking')
        .values({
          quote_uuid: uuid,
          partner_code: a.partner,
          partner_name: `Partner ${a.partner.toUpperCase()}`,
          updated_at: new Date(),
          version: 1,
        })
        .execute();
  };

  beforeAll(async () => {
    x = await st.newAgency({ rules: false });
    y = await st.newAgency({ rules: false });
    for (const names of [['Rex', 'Max'], ['Luna'], ['Bo']]) {
      const bought = await st.sellPets(x, names);
      quotes.push({ uuid: bought.quote.uuid, policyNumbers: bought.policies.map((p) => p.policyNumber) });
    }
    rentersOfX = (await st.sellRenters(x)).policyNumber;
    const ofY = await st.sellPets(y, ['Fido']);
    quotes.push({ uuid: ofY.quote.uuid, policyNumbers: ofY.policies.map((p) => p.policyNumber) });
    for (const [code, name] of [
      ['VET', 'Vet clinic'],
      ['SHELTER', 'Shelter'],
    ] as const) {
      const created = await e.post(`/v2/entities/${x.id}/quote-sources`, ADMIN, { code, name });
      expectStatus(created, 201);
      sources.push({ id: QuoteSourceResponse.parse(created.body).data.id, name });
    }
    userOfX = await userWith(db(), {
      entityCode: x.code,
      userType: 'external',
      privilegeCodes: ['report_nwp'],
    });
    userOfY = await userWith(db(), {
      entityCode: y.code,
      userType: 'external',
      privilegeCodes: ['report_nwp'],
    });
  });

  const get = async (query: string, email = ADMIN): Promise<NwpReport> => {
    const response = await e.get(`/v2/reports/nwp?${query}`, email);
    expectStatus(response, 200);
    return NwpReportResponse.parse(response.body).data;
  };
  const todayOf = (agency: Agency) => `fromDate=${today}&toDate=${today}&entityCode=${agency.code}`;
  const premiumOf = async (policyNumbers: readonly string[]) => {
    const rows = await db()
      .selectFrom('premium_adjustments')
      .select(['policy_number', 'premium_cents'])
      .where('policy_number', 'in', [...policyNumbers])
      .execute();
    return { count: rows.length, cents: rows.reduce((sum, r) => sum + r.premium_cents, 0) };
  };

  it('keeps to the sales of quotes with the attribution asked for, the report unchanged without one', async () => {
    const [q1, q2, q3] = quotes;
    await attribute(q1!.uuid, {
      platform: 'API',
      method: 'PHONE',
      source: sources[0]!.id,
      partner: 'Acme-1',
    });
    await attribute(q2!.uuid, { platform: 'PORTAL', method: 'WEB', source: sources[1]!.id, partner: null });
    await attribute(q3!.uuid, { platform: null, method: null, source: null, partner: null });
    const all = await get(todayOf(x));
    // No attribution option: SPEC's report as it was, no new keys, renters and untracked sales included.
    expect(Object.keys(all).sort()).toEqual(
      ['entity', 'fromDate', 'lines', 'months', 'stateCode', 'sumOfTotals', 'toDate', 'totals'].sort(),
    );
    const everything = await premiumOf([
      ...q1!.policyNumbers,
      ...q2!.policyNumbers,
      ...q3!.policyNumbers,
      rentersOfX,
    ]);
    expect(all.sumOfTotals).toEqual({ count: everything.count, premium: everything.cents / 100 });

    const q1Premium = await premiumOf(q1!.policyNumbers);
    const q2Premium = await premiumOf(q2!.policyNumbers);
    const cases: [string, { count: number; cents: number }][] = [
      ['quotingPlatform=API', q1Premium],
      ['quoteMethod=WEB', q2Premium],
      [`entitySourceId=${sources[0]!.id}`, q1Premium],
      // The partner code in any case, as the quote search compares it.
      ['partnerCode=acme-1', q1Premium],
      ['quotingPlatform=PORTAL&quoteMethod=PHONE', { count: 0, cents: 0 }],
    ];
    for (const [query, expected] of cases) {
      const report = await get(`${todayOf(x)}&${query}`);
      expect(report.sumOfTotals, query).toEqual({ count: expected.count, premium: expected.cents / 100 });
      expect(report.lines.find((l) => l.line === 'RENTERS')!.count).toBe(0);
      expect(report.attribution).toBeDefined();
      expect(report.breakdown).toBeUndefined();
    }
    expect((await get(`${todayOf(x)}&partnerCode=acme-1`)).attribution).toEqual({
      quotingPlatform: null,
      quoteMethod: null,
      entitySourceId: null,
      partnerCode: 'acme-1',
    });
  });

  it('breaks the report down per value, "none" holding renters and untracked sales, adding up to the totals', async () => {
    const [q1, q2, q3] = quotes;
    await attribute(q1!.uuid, {
      platform: 'API',
      method: 'PHONE',
      source: sources[0]!.id,
      partner: 'acme-1',
    });
    await attribute(q2!.uuid, { platform: 'PORTAL', method: null, source: null, partner: 'ACME-1' });
    await attribute(q3!.uuid, { platform: null, method: null, source: null, partner: null });
    const report = await get(`${todayOf(x)}&groupBy=partnerCode`);
    const q12 = await premiumOf([...q1!.policyNumbers, ...q2!.policyNumbers]);
    const rest = await premiumOf([...q3!.policyNumbers, rentersOfX]);
    expect(report.breakdown?.groupBy).toBe('partnerCode');
    expect(report.breakdown?.groups.map((g) => [g.value, g.label, g.count, cents(g.premium)])).toEqual([
      ['ACME-1', 'Partner ACME-1', q12.count, q12.cents],
      ['none', null, rest.count, rest.cents],
    ]);
    const bySource = await get(`${todayOf(x)}&groupBy=entitySource`);
    expect(bySource.breakdown?.groups.map((g) => [g.value, g.label])).toEqual([
      [String(sources[0]!.id), 'Vet clinic'],
      ['none', null],
    ]);
    // A filter and a breakdown together: the groups are the filtered sales'.
    const filtered = await get(`${todayOf(x)}&quotingPlatform=PORTAL&groupBy=quoteMethod`);
    expect(filtered.breakdown?.groups.map((g) => g.value)).toEqual(['none']);
    expect(filtered.breakdown?.groups[0]?.count).toBe(filtered.sumOfTotals.count);
  });

  it('exports the filtered rows with their attribution and group, adding up to the breakdown', async () => {
    const query = `${todayOf(x)}&groupBy=quotingPlatform`;
    const report = await get(query);
    const response = await e.get(`/v2/reports/nwp/export?${query}`, ADMIN);
    expectStatus(response, 200);
    const [header, ...rows] = response.text
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(header!.slice(9)).toEqual([
      'quotingPlatform',
      'quoteMethod',
      'entitySourceId',
      'partnerCode',
      'group',
    ]);
    expect(response.headers.get('x-total-count')).toBe(String(rows.length));
    const perGroup = new Map<string, number>();
    for (const row of rows) perGroup.set(row[13]!, (perGroup.get(row[13]!) ?? 0) + cents(Number(row[8])));
    expect(Object.fromEntries(perGroup)).toEqual(
      Object.fromEntries(report.breakdown!.groups.map((g) => [g.value, cents(g.premium)])),
    );
    const filtered = await e.get(`/v2/reports/nwp/export?${todayOf(x)}&quotingPlatform=API`, ADMIN);
    const lines = filtered.text.split('\r\n').filter(Boolean);
    expect(lines[0]!.split(',').slice(9)).toEqual([
      'quotingPlatform',
      'quoteMethod',
      'entitySourceId',
      'partnerCode',
    ]);
    expect(lines.slice(1).every((line) => line.split(',')[9] === 'API')).toBe(true);
  });

  it("shows an agency user only its entities' sales, whatever the attribution asked for", async () => {
    const [q1, , , qY] = quotes;
    await attribute(q1!.uuid, {
      platform: 'API',
      method: 'PHONE',
      source: sources[0]!.id,
      partner: 'shared',
    });
    await attribute(qY!.uuid, {
      platform: 'API',
      method: 'PHONE',
      source: sources[0]!.id,
      partner: 'shared',
    });
    const period = `fromDate=${today}&toDate=${today}`;
    const ofY = await get(`${period}&partnerCode=shared&groupBy=entitySource`, userOfY);
    const yPremium = await premiumOf(qY!.policyNumbers);
    expect(ofY.sumOfTotals).toEqual({ count: yPremium.count, premium: yPremium.cents / 100 });
    expect(ofY.breakdown?.groups.map((g) => g.count)).toEqual([yPremium.count]);
    const ofX = await get(`${period}&partnerCode=shared`, userOfX);
    const xPremium = await premiumOf(q1!.policyNumbers);
    expect(ofX.sumOfTotals).toEqual({ count: xPremium.count, premium: xPremium.cents / 100 });
    const refused = await e.get(`/v2/reports/nwp?entityCode=${x.code}&groupBy=partnerCode`, userOfY);
    expectValidationError(refused, ['entityCode']);
  });

  it('refuses bad attribution values with the quote search messages, for the report and its export', async () => {
    const cases: [string, string][] = [
      ['quotingPlatform=WEB', 'quotingPlatform'],
      ['quoteMethod=FAX', 'quoteMethod'],
      ['entitySourceId=abc', 'entitySourceId'],
      ['entitySourceId=0', 'entitySourceId'],
      [`partnerCode=${'p'.repeat(41)}`, 'partnerCode'],
      ['groupBy=stateCode', 'groupBy'],
    ];
    for (const [query, field] of cases) {
      const search = await e.get(`/v2/quotes?filter[${query.replace('=', ']=')}`, ADMIN);
      for (const path of ['/v2/reports/nwp', '/v2/reports/nwp/export']) {
        const response = await e.get(`${path}?${query}`, ADMIN);
        const errors = expectValidationError(response, [field]).errors;
        if (field !== 'groupBy')
          expect(errors[field], query).toEqual(
            expectValidationError(search, [`filter.${field}`]).errors[`filter.${field}`],
          );
      }
    }
    expect(
      expectValidationError(await e.get('/v2/reports/nwp?groupBy=state', ADMIN), ['groupBy']).errors.groupBy,
    ).toEqual(['Group by one of quotingPlatform, quoteMethod, entitySource, partnerCode.']);
  });

  it('is described in the OpenAPI document: the new parameters and the answer', async () => {
    const response = await s.api.request('GET', '/api/openapi.json');
    expectStatus(response, 200);
    const text = JSON.stringify(response.body);
    const document = response.body as {
      paths: Record<string, Record<string, { parameters?: { name: string; description?: string }[] }>>;
    };
    for (const path of ['/v2/reports/nwp', '/v2/reports/nwp/export']) {
      const parameters = document.paths[path]!.get!.parameters ?? [];
      for (const name of ['quotingPlatform', 'quoteMethod', 'entitySourceId', 'partnerCode', 'groupBy'])
        expect(parameters.find((p) => p.name === name)?.description, `${path} ${name}`).toBeTruthy();
    }
    expect(text).toContain('Present when groupBy is given.');
    expect(text).toContain('The attribution filters given, when any was.');
  });

  // Random sales of a quiet year (2019) against an oracle worked out here from the sales themselves: each
  // group's figures, and the groups together, are the report's to the cent.
  it('adds the groups up to the totals to the cent over random sales', async () => {
    const pool = [
      ...quotes.slice(0, 3).flatMap((q) => q.policyNumbers.map((p) => ({ quote: q.uuid, policy: p }))),
    ];
    const platform = fc.constantFrom<Attribution['platform']>('PORTAL', 'API', null);
    const method = fc.constantFrom<Attribution['method']>('PHONE', 'WEB', 'EMAIL', null);
    const source = fc.constantFrom<number | null>(sources[0]!.id, sources[1]!.id, null);
    const partner = fc.constantFrom<string | null>('acme', 'ACME', 'zed', null);
    const attribution = fc.record({ platform, method, source, partner });
    const sale = fc.record({
      // -1: the renters policy.
      policy: fc.integer({ min: -1, max: pool.length - 1 }),
      code: fc.constantFrom('NB', 'RN', 'CN', 'FC', 'RI', 'EN', 'RW'),
      businessType: fc.constantFrom<'NEW' | 'RENEWAL'>('NEW', 'RENEWAL'),
      premiumCents: fc.integer({ min: -500_000, max: 500_000 }),
      day: fc.integer({ min: 1, max: 365 }),
    });
    const EVENT_BASE = 9_000_000_000_000;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(...quotes.slice(0, 3).map(() => attribution)),
        fc.array(sale, { maxLength: 25 }),
        async (attributions, sales) => {
          for (const [i, a] of attributions.entries()) await attribute(quotes[i]!.uuid, a);
          const attributionOf = new Map(quotes.slice(0, 3).map((q, i) => [q.uuid, attributions[i]!]));
          const rows = sales.map((s, i) => {
            const pet = s.policy >= 0 ? pool[s.policy]! : null;
            const on = new Date(Date.UTC(2019, 0, s.day)).toISOString().slice(0, 10);
            return {
              row: {
                event_id: EVENT_BASE + i,
                on,
                line: pet ? ('PET' as const) : ('RENTERS' as const),
                policy_number: pet ? pet.policy : rentersOfX,
                entity_id: x.id,
                state_code: 'TX',
                species: pet ? 'DOG' : 'RENTERS',
                event_code: s.code,
                business_type: s.businessType,
                premium_cents: s.premiumCents,
              },
              attribution: pet ? attributionOf.get(pet.quote)! : null,
            };
          });
          await db().deleteFrom('premium_adjustments').where('event_id', '>=', EVENT_BASE).execute();
          if (rows.length > 0)
            await db()
              .insertInto('premium_adjustments')
              .values(rows.map((r) => r.row))
              .execute();
          const period = `fromDate=2019-01-01&toDate=2019-12-31&entityCode=${x.code}`;
          const oracleValue: Record<string, (a: Attribution) => string | null> = {
            quotingPlatform: (a) => a.platform,
            quoteMethod: (a) => a.method,
            entitySource: (a) => (a.source === null ? null : String(a.source)),
            partnerCode: (a) => a.partner?.toUpperCase() ?? null,
          };
          for (const [groupBy, valueOf] of Object.entries(oracleValue)) {
            const report = await get(`${period}&groupBy=${groupBy}`);
            // The oracle: per group value, the count and cents per code and business type.
            const oracle = new Map<string, Map<string, { count: number; cents: number }>>();
            for (const r of rows) {
              const value = (r.attribution && valueOf(r.attribution)) ?? 'none';
              const group = oracle.get(value) ?? new Map<string, { count: number; cents: number }>();
              const key = `${r.row.event_code}/${r.row.business_type}`;
              const t = group.get(key) ?? { count: 0, cents: 0 };
              group.set(key, { count: t.count + 1, cents: t.cents + r.row.premium_cents });
              oracle.set(value, group);
            }
            const groups = report.breakdown!.groups;
            expect(groups.map((g) => g.value).sort()).toEqual([...oracle.keys()].sort());
            for (const g of groups) {
              const expected = oracle.get(g.value)!;
              const figures = [...expected.values()];
              expect(g.count).toBe(figures.reduce((sum, t) => sum + t.count, 0));
              expect(cents(g.premium)).toBe(figures.reduce((sum, t) => sum + t.cents, 0));
              for (const t of g.totals.filter((t) => t.count > 0 || t.premium !== 0))
                expect({ count: t.count, cents: cents(t.premium) }).toEqual(
                  expected.get(`${t.code}/${t.businessType}`),
                );
            }
            // The groups add up to the report's totals, per type and in all.
            const total = rows.reduce((sum, r) => sum + r.row.premium_cents, 0);
            expect(cents(report.sumOfTotals.premium)).toBe(total);
            expect(report.sumOfTotals.count).toBe(rows.length);
            expect(groups.reduce((sum, g) => sum + cents(g.premium), 0)).toBe(total);
            for (const t of report.totals) {
              const parts = groups.map((g) =>
                g.totals.find((u) => u.code === t.code && u.businessType === t.businessType),
              );
              expect(parts.reduce((sum, u) => sum + (u?.count ?? 0), 0)).toBe(t.count);
              expect(parts.reduce((sum, u) => sum + cents(u?.premium ?? 0), 0)).toBe(cents(t.premium));
            }
          }
        },
      ),
      { numRuns: 15 },
    );
    await db().deleteFrom('premium_adjustments').where('event_id', '>=', EVENT_BASE).execute();
  });
});
