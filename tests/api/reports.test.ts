import { beforeAll, describe, expect, it } from 'vitest';
import { StatementPage } from '../../src/api/schemas/commissionStatements';
import { ReportListResponse, StatementReportPage } from '../../src/api/schemas/reports';
import { statementApi, businessMonth } from '../support/commissionStatementApi';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, ADMIN, AGENT, HOUSE, MANAGER, NORTHWIND, REPORTS, REVIEWER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The report registry and the commission statements report (issue 8; docs/reports.md; SPEC §2 "Reporting",
// §5, §6 "Reports", §9 default sort).

const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(testDatabases())('reports on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  const registry = async (email: string) => {
    const response = await e.get('/v2/reports', email);
    expectStatus(response, 200);
    return ReportListResponse.parse(response.body).data.map((r) => r.code);
  };
  const house = (privilegeCodes: string[]) =>
    userWith(db(), { entityCode: HOUSE, userType: 'internal', privilegeCodes });

  it('lists the reports each caller may run, from the registry table', async () => {
    expect(await registry(ADMIN)).toEqual(['commission-statements', 'nwp']);
    expect(await registry(REPORTS)).toEqual(['commission-statements', 'nwp']);
    // report alone runs the premium report; the statements report also needs ent_comm_list.
    expect(await registry(await house(['report']))).toEqual(['nwp']);
    expect(await registry(await house(['admin', 'ent_comm_list']))).toEqual(['commission-statements']);
    // The registry itself needs admin or report (SPEC §6).
    for (const email of [await house(['report_nwp']), await house(['ent_comm_list']), AGENT, MANAGER])
      expectError(await e.get('/v2/reports', email), 403);
    expectError(await s.api.request('GET', '/v2/reports'), 401);

    // A report added as data appears for those its check lets in, with no change to the code; one disabled,
    // or with a check that does not parse, appears for no one.
    await db()
      .insertInto('reports')
      .values([
        {
          code: 'test-report',
          name: 'Test report',
          description: 'Only for those who pay commission.',
          path: '/reporting/nwp',
          access: JSON.stringify({ kind: 'anyOf', codes: ['acct_comm_pmnt_list'] }),
          sort_order: 3,
          is_enabled: true,
        },
        {
          code: 'broken',
          name: 'Broken',
          description: 'Its check does not parse.',
          path: '/reporting',
          access: JSON.stringify({ kind: 'everyone' }),
          sort_order: 4,
          is_enabled: true,
        },
      ])
      .execute();
    expect(await registry(await house(['report', 'acct_comm_pmnt_list']))).toEqual(['nwp', 'test-report']);
    expect(await registry(await house(['report']))).toEqual(['nwp']);
    await db().updateTable('reports').set({ is_enabled: false }).where('code', '=', 'test-report').execute();
    expect(await registry(ADMIN)).toEqual(['commission-statements', 'nwp']);
  });

  describe('commission statements report', () => {
    let lister = '';
    const agencies: { id: number; code: string }[] = [];
    beforeAll(async () => {
      lister = await house(['report', 'ent_comm_list']);
      for (let i = 0; i < 3; i++) {
        const agency = await st.newAgency({ hqState: i === 0 ? 'WY' : 'TX' });
        for (let n = 0; n <= i; n++) await st.sellRenters(agency);
        agencies.push(agency);
      }
      await st.generate();
    });

    const report = async (query: string, email = lister) => {
      const response = await e.get(`/v2/reports/commission-statements?${query}`, email);
      expectStatus(response, 200);
      return StatementReportPage.parse(response.body);
    };

    it('lists statements month descending, with totals over every matching row', async () => {
      const page = await report('limit=5');
      const months = page.data.map((r) => r.month);
      expect(months).toEqual([...months].sort().reverse());
      // The totals are those of every row of the filter, not of the page: summed here from the review search.
      const all = await e.get('/v2/commission-statements?limit=100&filter[reviewStatus]=Pending', ADMIN);
      const pending = StatementPage.parse(all.body);
      const pendingReport = await report('limit=5&filter[reviewStatus]=Pending');
      expect(pendingReport.meta.total).toBe(pending.meta.total);
      expect(pendingReport.totals.count).toBe(pending.meta.total);
      expect(pending.data.length).toBe(pending.meta.total);
      expect(cents(pendingReport.totals.amount)).toBe(
        cents(pending.data.reduce((sum, r) => sum + r.amount, 0)),
      );
      expect(cents(pendingReport.totals.paymentTotal)).toBe(
        cents(pending.data.reduce((sum, r) => sum + r.paymentTotal, 0)),
      );
      expect(pendingReport.totals.paidTotal).toBe(0);
      // The months hold every matching statement too, oldest first.
      const everything = await report('limit=1');
      const byMonth = everything.months;
      expect(byMonth.map((m) => m.month)).toEqual([...byMonth.map((m) => m.month)].sort());
      expect(byMonth.reduce((sum, m) => sum + m.count, 0)).toBe(everything.totals.count);
      expect(cents(byMonth.reduce((sum, m) => sum + m.paid + m.unpaid, 0))).toBe(
        cents(everything.totals.paymentTotal),
      );
      expect(cents(byMonth.reduce((sum, m) => sum + m.paid, 0))).toBe(cents(everything.totals.paidTotal));
    });

    it('names its entity by number: one entity exactly', async () => {
      const [, second] = agencies;
      const one = await report(`filter[entityCode]=${second!.id}&filter[date]=${businessMonth()}`);
      expect(one.data.map((r) => r.entityCode)).toEqual([second!.code]);
      expect(one.totals.count).toBe(1);
      expect(one.totals.lineCount).toBe(2);
      const wy = await report(`filter[stateCode]=wy&filter[date]=${businessMonth()}`);
      expect(wy.data.map((r) => r.entityCode)).toContain(agencies[0]!.code);
      expect(wy.data.every((r) => r.stateCode === 'WY')).toBe(true);
    });

    it('refuses an entity code that is not an integer in a string, and other bad filters (SPEC §5)', async () => {
      const cases: [string, string, string?][] = [
        ['filter[entityCode]=1234-5678-AB', 'filter.entityCode', 'The entity code must be an integer.'],
        ['filter[entityCode][]=12', 'filter.entityCode', 'The entity code must be a string.'],
        ['filter[date]=2026-13', 'filter.date'],
        ['filter[months]=3', 'filter.date'],
        ['sort=premium', 'sort'],
        ['filter[reviewStatus]=Done', 'filter.reviewStatus'],
      ];
      for (const [query, field, message] of cases) {
        const response = await e.get(`/v2/reports/commission-statements?${query}`, lister);
        const body = expectValidationError(response, [field]);
        if (message) expect(body.errors[field]).toEqual([message]);
        const file = await e.get(`/v2/commission-statement-reports?${query}`, lister);
        expectValidationError(file, [field]);
      }
    });

    it('downloads every matching row as CSV with its count, or as a PDF', async () => {
      const query = `filter[date]=${businessMonth()}&filter[reviewStatus]=Pending`;
      const page = await report(`limit=1&${query}`);
      const csv = await e.get(`/v2/commission-statement-reports?${query}&format=csv`, lister);
      expectStatus(csv, 200);
      const [header, ...rows] = csv.text.split('\r\n').filter(Boolean);
      expect(header).toMatch(
        /^month,entityCode,entityName,stateCode,lines,amount,overrideTotal,paymentTotal,/,
      );
      expect(rows).toHaveLength(page.totals.count);
      expect(csv.headers.get('x-total-count')).toBe(String(page.totals.count));
      expect(rows.length).toBeGreaterThan(1);
      const pdf = await e.get(`/v2/commission-statement-reports?${query}&format=pdf`, lister);
      expectStatus(pdf, 200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.text.startsWith('%PDF-')).toBe(true);
      expectValidationError(await e.get('/v2/commission-statement-reports?format=xlsx', lister), ['format']);
    });

    it('is for ent_comm_list holders who also have admin or report, within their reach', async () => {
      // The demo reviewer holds ent_comm_list and report.
      for (const email of [lister, REPORTS, REVIEWER, ADMIN, await house(['admin', 'ent_comm_list'])]) {
        expectStatus(await e.get('/v2/reports/commission-statements', email), 200);
        expectStatus(await e.get('/v2/commission-statement-reports', email), 200);
      }
      for (const email of [await house(['ent_comm_list']), await house(['report']), ACCOUNTING, AGENT]) {
        expectError(await e.get('/v2/reports/commission-statements', email), 403);
        expectError(await e.get('/v2/commission-statement-reports', email), 403);
      }
      // An agency's own report user sees their hierarchy's statements only, even when naming another entity.
      const northwind = await userWith(db(), {
        entityCode: NORTHWIND,
        userType: 'external',
        privilegeCodes: ['report', 'ent_comm_list'],
      });
      const theirs = await report('limit=100', northwind);
      expect(theirs.data.every((r) => r.entityCode.startsWith('1234-567'))).toBe(true);
      const other = await report(`filter[entityCode]=${agencies[0]!.id}`, northwind);
      expect(other.totals.count).toBe(0);
    });
  });
});
