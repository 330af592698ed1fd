import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatisticsResponse, type DashboardStatistics } from '../../src/api/schemas/dashboard';
import type { Statement } from '../../src/api/schemas/commissionStatements';
import { recordDemoChange } from '../../src/server/seed/demoRentersChange';
import {
  codeGroup,
  statementApi,
  businessToday,
  businessMonth,
  type Agency,
} from '../support/commissionStatementApi';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ADMIN,
  AGENT,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  REPORTS,
  REVIEWER,
} from '../support/personas';
import { centralToday, purchasePolicies } from '../support/policyFixtures';
import { quoteApi, uniqueCustomer } from '../support/quoteApi';
import { entityIdOf, TEST_METADATA } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { PAYING_CARD, rentersQuoteApi } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/dashboard/statistics (SPEC §2 "Dashboard", §6; docs/reports.md "Dashboard"): each figure is
// checked against a sum worked out here over business the test makes for agencies of its own, on days no
// other test of this file uses, so nothing else lands in the figures.

const PATH = '/v2/dashboard/statistics';
const cents = (dollars: number) => Math.round(dollars * 100);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe.each(testDatabases())('dashboard statistics on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  const statistics = async (email: string, query = '', actingFor?: string): Promise<DashboardStatistics> => {
    const response = await e.get(`${PATH}${query}`, email, actingFor ? { actingFor } : {});
    expectStatus(response, 200);
    return DashboardStatisticsResponse.parse(response.body).data;
  };

  // An agency with the agent dashboard switched on (attribute 28), a child agency beneath it, and a user of
  // the agency holding dashboard_report (plus quoting, to sell through the API as its agents do).
  interface Tree {
    parent: Agency;
    child: Agency;
    user: string;
    name: string;
  }
  let trees = 0;
  const dashboardTree = async (): Promise<Tree> => {
    trees++;
    const group = codeGroup();
    const name = `Dashboard Agency ${trees}`;
    const parent = await st.newAgency({ code: group.code(0), name });
    const child = await st.newAgency({ code: group.code(1), parent: parent.code, name: `${name} Branch` });
    const on = await e.patch(`/v2/entities/${parent.id}/attributes`, ADMIN, {
      attributes: [{ attrib_id: 28, attrib_value: '1' }],
    });
    expectStatus(on, 200);
    const user = await userWith(db(), {
      entityCode: parent.code,
      userType: 'external',
      privilegeCodes: ['dashboard_report', 'quote_new', 'renters_qt_create'],
    });
    return { parent, child, user, name };
  };

  // A renters policy (annual, TX) sold for `agency`, its issue recorded at `soldAt`; answers its number and
  // term premium in cents. It takes effect on the day sold, or on `effectiveDate` (renters insurance is
  // filed in TX from 2025 on, so a sale recorded in 2024 takes effect in 2025).
  const sellRenters = async (
    agency: { id: number },
    soldAt: string,
    options: { rewriteOf?: string; effectiveDate?: string } = {},
  ) => {
    const issue = rentersPolicyIssue({
      entityId: agency.id,
      termInterval: 'annual',
      effectiveDate: options.effectiveDate ?? soldAt.slice(0, 10),
      rewriteOf: options.rewriteOf ?? null,
    });
    const issued = await issueTestRentersPolicy(db(), { ...issue, soldAt: new Date(soldAt) });
    return { policyNumber: issued.policyNumber, premiumCents: issue.termPremiumCents };
  };
  // A flat cancellation (the whole annual premium returned) decided on `day` and recorded at `recordedAt`.
  const cancelFlat = (policyNumber: string, day: string, recordedAt: string) =>
    db()
      .transaction()
      .execute((trx) =>
        recordDemoChange(
          trx,
          TEST_METADATA,
          policyNumber,
          'cancel',
          { reasonCode: 'MOVED_OUT', cancellationMethod: 'FLAT', cancelDate: null, note: null },
          day,
          new Date(recordedAt),
        ),
      );

  describe('a period of March 2025, compared with the 31 days before it', () => {
    let tree: Tree;
    let outsider: Agency;
    // Term premiums (cents) of what each period holds, for the tree and for the agency outside it.
    const current: number[] = [];
    const previous: number[] = [];
    let outsiderPremium = 0;
    let cancelledPremium = 0;
    // March 2024, a comparison period asked for: each sale's day and term premium (cents, negative for a
    // flat cancellation's return), for the tree and for the agency outside it.
    const lastYear: { day: string; cents: number; code: 'NB' | 'FC' }[] = [];
    let outsiderLastYearPremium = 0;

    beforeAll(async () => {
      tree = await dashboardTree();
      outsider = await st.newAgency({ code: codeGroup().code(0) });
      // On the period's first and last instants, for the agency and its branch: counted.
      current.push((await sellRenters(tree.parent, '2025-03-01T00:00:00.000-06:00')).premiumCents);
      current.push((await sellRenters(tree.child, '2025-03-31T23:59:59.999-05:00')).premiumCents);
      // Sold on 5 March and cancelled flat on 10 March (the whole premium back), then rewritten on 12 March.
      const cancelled = await sellRenters(tree.child, '2025-03-05T10:00:00.000Z');
      current.push(cancelled.premiumCents);
      await cancelFlat(cancelled.policyNumber, '2025-03-10', '2025-03-10T10:00:00.000Z');
      cancelledPremium = cancelled.premiumCents;
      const rewrite = await sellRenters(tree.child, '2025-03-12T09:00:00.000Z', {
        rewriteOf: cancelled.policyNumber,
      });
      current.push(rewrite.premiumCents);
      // The previous period is 29 January to 28 February: both its ends count there.
      previous.push((await sellRenters(tree.parent, '2025-01-29T00:00:00.000-06:00')).premiumCents);
      previous.push((await sellRenters(tree.child, '2025-02-28T23:59:59.999-06:00')).premiumCents);
      // A millisecond outside either period: in neither.
      await sellRenters(tree.parent, '2025-01-28T23:59:59.999-06:00');
      await sellRenters(tree.parent, '2025-04-01T00:00:00.000-05:00');
      // Another agency's sale in the period: only for those who see every entity.
      outsiderPremium = (await sellRenters(outsider, '2025-03-15T12:00:00.000Z')).premiumCents;
      // A year earlier: March 2024's first and last instants, a sale cancelled flat within it, and a
      // millisecond either side of it (29 February and 1 April 2024), in no period asked for below.
      const sellLastYear = (agency: Agency, at: string) =>
        sellRenters(agency, at, { effectiveDate: '2025-03-01' });
      for (const [agency, at] of [
        [tree.parent, '2024-03-01T00:00:00.000-06:00'],
        [tree.child, '2024-03-31T23:59:59.999-05:00'],
        [tree.child, '2024-03-08T08:00:00.000Z'],
      ] as const) {
        lastYear.push({
          day: at.slice(0, 10),
          cents: (await sellLastYear(agency, at)).premiumCents,
          code: 'NB',
        });
      }
      const lastYearCancelled = await sellLastYear(tree.parent, '2024-03-18T11:00:00.000Z');
      lastYear.push({ day: '2024-03-18', cents: lastYearCancelled.premiumCents, code: 'NB' });
      await cancelFlat(lastYearCancelled.policyNumber, '2024-03-20', '2024-03-20T16:00:00.000Z');
      lastYear.push({ day: '2024-03-20', cents: -lastYearCancelled.premiumCents, code: 'FC' });
      await sellLastYear(tree.parent, '2024-02-29T23:59:59.999-06:00');
      await sellLastYear(tree.child, '2024-04-01T00:00:00.000-05:00');
      outsiderLastYearPremium = (await sellLastYear(outsider, '2024-03-05T12:00:00.000Z')).premiumCents;
    });

    // The figures a comparison period should give, worked out from the sales made above.
    const lastYearFigures = (from: string, to: string) => {
      const inside = lastYear.filter((sale) => sale.day >= from && sale.day <= to);
      return {
        policiesWritten: inside.filter((sale) => sale.code === 'NB').length,
        cancellations: inside.filter((sale) => sale.code === 'FC').length,
        premiumCents: sum(inside.map((sale) => sale.cents)),
      };
    };

    it('compares with the comparison period asked for: March 2025 against March 2024', async () => {
      const plain = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-03-31');
      const stats = await statistics(
        tree.user,
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2024-03-01&compareToDate=2024-03-31',
      );
      expect(stats.period).toEqual({ fromDate: '2025-03-01', toDate: '2025-03-31' });
      expect(stats.previousPeriod).toEqual({ fromDate: '2024-03-01', toDate: '2024-03-31' });
      const expected = lastYearFigures('2024-03-01', '2024-03-31');
      expect(expected).toMatchObject({ policiesWritten: 4, cancellations: 1 });
      const f = stats.figures;
      expect(f.policiesWritten).toEqual({ current: 4, previous: expected.policiesWritten });
      expect(f.cancellations).toEqual({ current: 1, previous: expected.cancellations });
      expect(cents(f.writtenPremium.previous)).toBe(expected.premiumCents);
      // The period's own figures and its chart do not move with the comparison; the sales between the two
      // periods (29 January and 28 February 2025) are in neither.
      expect(cents(f.writtenPremium.current)).toBe(sum(current) - cancelledPremium);
      expect(f.policiesWritten.current).toBe(plain.figures.policiesWritten.current);
      expect(stats.series).toEqual(plain.series);
      expect(stats.bucket).toBe('day');
      expect(f.quotesStarted).toEqual({ current: 0, previous: 0 });
      expect(f.commissionEarned).toEqual({ current: 0, previous: 0 });
      // The root admin's comparison holds the other agency's sale of March 2024 too.
      const all = await statistics(
        ADMIN,
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2024-03-01&compareToDate=2024-03-31',
      );
      expect(all.previousPeriod).toEqual({ fromDate: '2024-03-01', toDate: '2024-03-31' });
      expect(all.figures.policiesWritten.previous).toBe(expected.policiesWritten + 1);
      expect(cents(all.figures.writtenPremium.previous)).toBe(
        expected.premiumCents + outsiderLastYearPremium,
      );
    });

    it('takes a comparison period of another length, up to the day before the period', async () => {
      // 8 to 31 March 2024 (24 days) against 1 to 31 March 2025: the sales of 1 and 8 March 2024 at the edge.
      const part = await statistics(
        tree.user,
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2024-03-08&compareToDate=2024-03-31',
      );
      const expected = lastYearFigures('2024-03-08', '2024-03-31');
      expect(expected.policiesWritten).toBe(3);
      expect(part.figures.policiesWritten).toEqual({ current: 4, previous: expected.policiesWritten });
      expect(cents(part.figures.writtenPremium.previous)).toBe(expected.premiumCents);
      // February 2025, ending the day before the period: only 28 February's sale (29 January is before it).
      const february = await statistics(
        tree.user,
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-02-01&compareToDate=2025-02-28',
      );
      expect(february.previousPeriod).toEqual({ fromDate: '2025-02-01', toDate: '2025-02-28' });
      expect(february.figures.policiesWritten).toEqual({ current: 4, previous: 1 });
      expect(cents(february.figures.writtenPremium.previous)).toBe(previous[1]);
      // A comparison period running from March 2024 to February 2025 holds everything sold between: March
      // 2024's sales, 1 April 2024, and 28 and 29 January and 28 February 2025.
      const long = await statistics(
        tree.user,
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2024-03-01&compareToDate=2025-02-28',
      );
      expect(long.figures.policiesWritten.previous).toBe(
        lastYearFigures('2024-03-01', '2024-03-31').policiesWritten + 1 + 3,
      );
    });

    it('counts policies, net premium and cancellations of the caller’s agencies by the business day recorded', async () => {
      const stats = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-03-31');
      expect(stats.period).toEqual({ fromDate: '2025-03-01', toDate: '2025-03-31' });
      expect(stats.previousPeriod).toEqual({ fromDate: '2025-01-29', toDate: '2025-02-28' });
      expect(stats.scope).toEqual({ entityCode: tree.parent.code, entityName: tree.name });
      const f = stats.figures;
      // Three new policies and a rewrite; one flat cancellation returning its whole annual premium.
      expect(f.policiesWritten).toEqual({ current: 4, previous: 2 });
      expect(f.cancellations).toEqual({ current: 1, previous: 0 });
      expect(cents(f.writtenPremium.current)).toBe(sum(current) - cancelledPremium);
      expect(cents(f.writtenPremium.previous)).toBe(sum(previous));
      // Policies sold straight through issue have no quotes; there are no statements for 2025.
      expect(f.quotesStarted).toEqual({ current: 0, previous: 0 });
      expect(f.conversionRate).toEqual({ current: null, previous: null });
      expect(f.commissionEarned).toEqual({ current: 0, previous: 0 });
      expect(f.commissionPending).toEqual({ current: 0, previous: 0 });
    });

    it('charts every day of a period up to 62 days, the empty ones too', async () => {
      const stats = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-03-31');
      expect(stats.bucket).toBe('day');
      expect(stats.series.map((b) => b.bucket)).toEqual(
        Array.from({ length: 31 }, (_, i) => addDays('2025-03-01', i)),
      );
      const at = (day: string) => stats.series.find((b) => b.bucket === day)!;
      expect(at('2025-03-01')).toMatchObject({ policiesWritten: 1, cancellations: 0 });
      expect(at('2025-03-31')).toMatchObject({ policiesWritten: 1 });
      expect(at('2025-03-10')).toMatchObject({ policiesWritten: 0, cancellations: 1 });
      expect(cents(at('2025-03-10').writtenPremium)).toBe(-cancelledPremium);
      expect(at('2025-03-02')).toEqual({
        bucket: '2025-03-02',
        quotesStarted: 0,
        quotesConverted: 0,
        policiesWritten: 0,
        writtenPremium: 0,
        cancellations: 0,
      });
      // The series adds up to the figures.
      expect(sum(stats.series.map((b) => b.policiesWritten))).toBe(stats.figures.policiesWritten.current);
      expect(sum(stats.series.map((b) => cents(b.writtenPremium)))).toBe(
        cents(stats.figures.writtenPremium.current),
      );
    });

    it('charts by month above 62 days, partial months included', async () => {
      const stats = await statistics(tree.user, '?fromDate=2025-01-15&toDate=2025-04-30');
      expect(stats.bucket).toBe('month');
      expect(stats.series.map((b) => [b.bucket, b.policiesWritten, b.cancellations])).toEqual([
        ['2025-01', 2, 0],
        ['2025-02', 1, 0],
        ['2025-03', 4, 1],
        ['2025-04', 1, 0],
      ]);
      const sixtyTwo = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-05-01');
      expect(sixtyTwo.bucket).toBe('day');
      expect(sixtyTwo.series).toHaveLength(62);
      const sixtyThree = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-05-02');
      expect(sixtyThree.bucket).toBe('month');
      expect(sixtyThree.series.map((b) => b.bucket)).toEqual(['2025-03', '2025-04', '2025-05']);
    });

    it('moves a sale across the boundary with the period: one day later, the first of March is previous', async () => {
      const stats = await statistics(tree.user, '?fromDate=2025-03-02&toDate=2025-04-01');
      expect(stats.previousPeriod).toEqual({ fromDate: '2025-01-30', toDate: '2025-03-01' });
      // Current: 31 March, 5 and 12 March, 1 April; previous: 28 February and 1 March (29 January is out).
      expect(stats.figures.policiesWritten).toEqual({ current: 4, previous: 2 });
      const oneDay = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-03-01');
      expect(oneDay.previousPeriod).toEqual({ fromDate: '2025-02-28', toDate: '2025-02-28' });
      expect(oneDay.figures.policiesWritten).toEqual({ current: 1, previous: 1 });
      expect(oneDay.series.map((b) => b.bucket)).toEqual(['2025-03-01']);
    });

    it('shows everything to the root admin, the other agency’s sale included, and no scope', async () => {
      const mine = await statistics(tree.user, '?fromDate=2025-03-01&toDate=2025-03-31');
      const all = await statistics(ADMIN, '?fromDate=2025-03-01&toDate=2025-03-31');
      expect(all.scope).toBeNull();
      expect(all.figures.policiesWritten.current).toBe(mine.figures.policiesWritten.current + 1);
      expect(cents(all.figures.writtenPremium.current)).toBe(
        cents(mine.figures.writtenPremium.current) + outsiderPremium,
      );
    });
  });

  describe('today’s quotes, purchases and commission', () => {
    let tree: Tree;
    let premiumCents = 0;
    let pendingStatement: Statement;
    let approvedStatement: Statement;
    const OVERRIDE = 12.34;

    beforeAll(async () => {
      tree = await dashboardTree();
      // Pet: a quote of two pets bought for the branch, and a quote of one pet left unbought.
      const bought = await purchasePolicies(s.t, {
        email: tree.user,
        actingFor: tree.child.code,
        petNames: ['Rex', 'Tom'],
      });
      premiumCents += sum(bought.quote.policies.map((p) => cents(p.annual_premium)));
      await quoteApi(e).create(
        {
          zip: '78701',
          startDate: centralToday(),
          customer: uniqueCustomer(),
          pets: [{ name: 'Bolt', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 4, gender: 'MALE' }],
        },
        { email: tree.user },
      );
      // Renters: one quote bought, one only started.
      const r = rentersQuoteApi(e);
      const review = await r.toReview(PAYING_CARD, tree.user);
      const purchased = await r.step(
        `/v2/renters/quotes/${review.id}/purchase`,
        { request_id: randomUUID(), terms_accepted: true, total: review.premium!.total },
        tree.user,
      );
      premiumCents += cents(purchased.policy!.term_premium);
      await r.start(tree.user);
      // The month's statements: the branch's approved, the agency's pending with an override.
      await st.generate();
      approvedStatement = await st.commandOk(await st.statementOf(tree.child), 'approve', REVIEWER);
      const pending = await st.statementOf(tree.parent);
      const override = await e.post(st.path(tree.parent.id, pending.id, '/overrides'), REVIEWER, {
        data: { amount: OVERRIDE, type_code: 'CONTEST' },
      });
      expectStatus(override, 201);
      pendingStatement = await st.detail(tree.parent.id, pending.id);
    });

    it('counts quotes started and converted per line, the conversion rate, and what they wrote', async () => {
      const today = businessToday();
      const stats = await statistics(tree.user, `?fromDate=${today}&toDate=${today}`);
      const f = stats.figures;
      expect(f.quotesStarted).toEqual({ current: 4, previous: 0 });
      expect(f.quotesStartedByLine).toEqual({
        pet: { current: 2, previous: 0 },
        renters: { current: 2, previous: 0 },
      });
      expect(f.quotesConverted).toEqual({ current: 2, previous: 0 });
      expect(f.quotesConvertedByLine).toEqual({
        pet: { current: 1, previous: 0 },
        renters: { current: 1, previous: 0 },
      });
      expect(f.conversionRate).toEqual({ current: 50, previous: null });
      expect(f.policiesWritten).toEqual({ current: 3, previous: 0 });
      expect(cents(f.writtenPremium.current)).toBe(premiumCents);
      expect(stats.series).toEqual([
        {
          bucket: today,
          quotesStarted: 4,
          quotesConverted: 2,
          policiesWritten: 3,
          writtenPremium: premiumCents / 100,
          cancellations: 0,
        },
      ]);
    });

    it('sums statement lines of the period by statement state, overrides on their month’s first day', async () => {
      const stats = await statistics(tree.user, `?fromDate=${businessMonth()}-01&toDate=${businessToday()}`);
      const linesOf = (statement: Statement) => sum(statement.lines.map((l) => cents(l.amount)));
      expect(approvedStatement.lines.length).toBeGreaterThan(0);
      expect(pendingStatement.lines.length).toBeGreaterThan(0);
      expect(cents(stats.figures.commissionEarned.current)).toBe(linesOf(approvedStatement));
      expect(cents(stats.figures.commissionPending.current)).toBe(
        linesOf(pendingStatement) + cents(OVERRIDE),
      );
      expect(stats.figures.commissionEarned.previous).toBe(0);
      // A period that leaves out the first of the month leaves out the override (unless today is the first).
      if (businessToday() !== `${businessMonth()}-01`) {
        const today = await statistics(tree.user, `?fromDate=${businessToday()}&toDate=${businessToday()}`);
        expect(cents(today.figures.commissionPending.current)).toBe(linesOf(pendingStatement));
      }
    });

    it('answers the 30 days ending today without dates', async () => {
      const stats = await statistics(tree.user);
      expect(stats.period).toEqual({ fromDate: addDays(businessToday(), -29), toDate: businessToday() });
      expect(stats.previousPeriod).toEqual({
        fromDate: addDays(businessToday(), -59),
        toDate: addDays(businessToday(), -30),
      });
      expect(stats.bucket).toBe('day');
      expect(stats.series).toHaveLength(30);
      expect(stats.figures.quotesStarted.current).toBe(4);
      expect(stats.figures.policiesWritten.current).toBe(3);
    });
  });

  describe('access (SPEC §6: root admin, or dashboard_report with attribute 28 on the acting entity)', () => {
    it('lets the root admin and a dashboard user of an agency with the dashboard on in', async () => {
      expect((await statistics(ADMIN)).scope).toBeNull();
      const tree = await dashboardTree();
      expect((await statistics(tree.user)).scope?.entityCode).toBe(tree.parent.code);
      expect((await statistics(MANAGER)).scope).toEqual({
        entityCode: NORTHWIND,
        entityName: expect.any(String),
      });
    });

    it('refuses dashboard_report without the attribute, and the attribute without dashboard_report', async () => {
      const tree = await dashboardTree();
      // The branch has no attribute 28.
      const branchUser = await userWith(db(), {
        entityCode: tree.child.code,
        userType: 'external',
        privilegeCodes: ['dashboard_report'],
      });
      expectError(await e.get(PATH, branchUser), 403);
      // reports@demo.test holds dashboard_report in the house, which has the dashboard off.
      expectError(await e.get(PATH, REPORTS), 403);
      const noPrivilege = await userWith(db(), {
        entityCode: tree.parent.code,
        userType: 'external',
        privilegeCodes: ['quote_search'],
      });
      expectError(await e.get(PATH, noPrivilege), 403);
      expectError(await e.get(PATH, AGENT), 403);
      // The manager acting for Austin: the acting entity has no attribute 28.
      expectError(await e.get(PATH, MANAGER, { actingFor: NORTHWIND_AUSTIN }), 403);
    });

    it('answers 401 without a session', async () => {
      expectError(await s.api.get(PATH), 401);
    });
  });

  it('keeps the manager’s figures to Northwind and its agencies', async () => {
    const day = '2025-06-10';
    const austin = await sellRenters(
      { id: await entityIdOf(db(), NORTHWIND_AUSTIN) },
      `${day}T14:00:00.000Z`,
    );
    const lakeside = await sellRenters({ id: await entityIdOf(db(), LAKESIDE) }, `${day}T15:00:00.000Z`);
    const query = `?fromDate=${day}&toDate=${day}`;
    const manager = await statistics(MANAGER, query);
    expect(manager.figures.policiesWritten.current).toBe(1);
    expect(cents(manager.figures.writtenPremium.current)).toBe(austin.premiumCents);
    const admin = await statistics(ADMIN, query);
    expect(admin.figures.policiesWritten.current).toBe(2);
    expect(cents(admin.figures.writtenPremium.current)).toBe(austin.premiumCents + lakeside.premiumCents);
  });

  describe('refused queries (422 with the field’s message, no stack trace)', () => {
    it.each([
      ['an impossible day', '?fromDate=2025-02-30&toDate=2025-03-31', 'fromDate', /date \(YYYY-MM-DD\)/],
      ['a word for a date', '?fromDate=2025-01-01&toDate=yesterday', 'toDate', /date \(YYYY-MM-DD\)/],
      ['an end before the start', '?fromDate=2025-03-31&toDate=2025-03-01', 'toDate', /not be before/],
      ['732 days', '?fromDate=2024-01-01&toDate=2026-01-01', 'toDate', /at most 731 days/],
      ['an unknown parameter', '?fromDate=2025-03-01&entityId=5', 'entityId', /not allowed/],
      [
        'a comparison start alone',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-02-01',
        'compareToDate',
        /comparison end date is required/,
      ],
      [
        'a comparison end alone',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareToDate=2025-02-28',
        'compareFromDate',
        /comparison start date is required/,
      ],
      [
        'a comparison period ending on the period’s first day',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-02-01&compareToDate=2025-03-01',
        'compareToDate',
        /^The comparison period must end before the period starts\.$/,
      ],
      [
        'a comparison period after the period',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-04-01&compareToDate=2025-04-30',
        'compareToDate',
        /^The comparison period must end before the period starts\.$/,
      ],
      [
        'a comparison period ending before the day it starts',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-02-20&compareToDate=2025-02-10',
        'compareToDate',
        /comparison end date must not be before/,
      ],
      [
        'a comparison period of 732 days',
        '?fromDate=2026-03-01&toDate=2026-03-31&compareFromDate=2024-01-01&compareToDate=2026-01-01',
        'compareToDate',
        /at most 731 days/,
      ],
      [
        'an impossible comparison day',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-02-29&compareToDate=2025-02-28',
        'compareFromDate',
        /comparison start date must be a date \(YYYY-MM-DD\)/,
      ],
      [
        'a word for a comparison day',
        '?fromDate=2025-03-01&toDate=2025-03-31&compareFromDate=2025-02-01&compareToDate=soon',
        'compareToDate',
        /comparison end date must be a date \(YYYY-MM-DD\)/,
      ],
    ])('refuses %s', async (_what, query, field, message) => {
      const response = await e.get(`${PATH}${query}`, ADMIN);
      const body = expectValidationError(response, [field]);
      expect(body.errors[field]!.join(' ')).toMatch(message);
      expect(response.text).not.toMatch(/\bat \S+\.(ts|js):\d+/);
    });

    it('takes 731 days, charted as 24 months', async () => {
      const stats = await statistics(ADMIN, '?fromDate=2024-01-01&toDate=2025-12-31');
      expect(stats.bucket).toBe('month');
      expect(stats.series).toHaveLength(24);
      expect(stats.previousPeriod).toEqual({ fromDate: '2021-12-31', toDate: '2023-12-31' });
      const compared = await statistics(
        ADMIN,
        '?fromDate=2024-01-01&toDate=2025-12-31&compareFromDate=2021-12-31&compareToDate=2023-12-31',
      );
      expect(compared.previousPeriod).toEqual({ fromDate: '2021-12-31', toDate: '2023-12-31' });
    });
  });
});
