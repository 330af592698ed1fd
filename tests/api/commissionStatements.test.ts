import { beforeAll, describe, expect, it } from 'vitest';
import { countCsvRows } from '../../src/api/download';
import { CommissionRulePage } from '../../src/api/schemas/commissionRules';
import {
  OverrideListResponse,
  OverrideResponse,
  OverrideTypeListResponse,
  StatementMonthListResponse,
  StatementResponse,
  type BulkCommand,
  type Statement,
} from '../../src/api/schemas/commissionStatements';
import { CancelResponse } from '../../src/api/schemas/policies';
import { noBankAccountMessage } from '../../src/server/domain/commission/statementCommands';
import { PAYMENT_REPORT_HEADER } from '../../src/server/domain/commission/statementFiles';
import {
  NON_RTP_BANK,
  codeGroup,
  monthBefore,
  statementApi,
  businessToday,
  businessMonth,
  type Agency,
} from '../support/commissionStatementApi';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError, type ApiResponse } from '../support/http';
import {
  ACCOUNTING,
  ADMIN,
  AGENT,
  HOUSE,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  REPORTS,
  REVIEWER,
} from '../support/personas';
import { centralToday, purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { commitPetCancel } from '../support/previewedCommits';
import { testDatabases } from '../support/testServer';

// Commission statements (issue 7; docs/commission.md, docs/decisions/009; SPEC §3 "Commission", §4, §6):
// generated from the month's policy events and the rules in force, searched, reviewed and paid singly and in
// bulk, adjusted by overrides, downloaded, and reported for payment. Most tests work on agencies of their own
// (created under the house with the house's rules), so they neither see nor disturb each other's statements.

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// The commission of a premium at a percentage, rounded half away from zero to the cent, worked out here in
// floating point dollars (the server works in integer cents).
const commissionOf = (premiumCents: number, percent: number) =>
  Math.sign(premiumCents) * Math.round((Math.abs(premiumCents) * percent) / 100);
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const cents = (dollars: number) => Math.round(dollars * 100);
const asc = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

// A CSV body as rows of fields (the files here hold no quoted line breaks).
function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const fields: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            field += '"';
            i++;
          } else if (c === '"') quoted = false;
          else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          fields.push(field);
          field = '';
        } else field += c;
      }
      fields.push(field);
      return fields;
    });
}

describe.each(testDatabases())('commission statements on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;
  const MONTH = businessMonth();

  // Users holding exactly one of the statement privileges (SPEC §6 "Commissions"), in the house.
  const users = {
    payer: '',
    reviewer: '',
    unapprover: '',
    downloader: '',
    entityAdmin: '',
    entityEditor: '',
    reportLister: '',
  };
  beforeAll(async () => {
    const one = (privilege: string) =>
      userWith(db(), { entityCode: HOUSE, userType: 'internal', privilegeCodes: [privilege] });
    users.payer = await one('acct_comm_pmnt_list');
    users.reviewer = await one('ent_comm_review');
    users.unapprover = await one('ent_comm_unapprove');
    users.downloader = await one('ent_comm_download');
    users.entityAdmin = await one('admin_ent');
    users.entityEditor = await one('admin_ent_edit');
    users.reportLister = await one('ent_comm_list');
  });

  // An agency of the test's own with one renters sale this month, and its generated statement.
  const pendingStatement = async (agency?: Agency) => {
    const owner = agency ?? (await st.newAgency());
    await st.sellRenters(owner);
    await st.generate();
    return { agency: owner, statement: await st.statementOf(owner) };
  };
  const statementEvents = (statementId: number) =>
    db()
      .selectFrom('events')
      .select(['type', 'version'])
      .where('stream_type', '=', 'commission_statement')
      .where('stream_id', '=', String(statementId))
      .orderBy('version')
      .execute();

  it('reconciles the lines to the cent with the premiums and rule percentages: new business and chargebacks', async () => {
    // agent@demo.test sells three pets for Northwind Austin (a dog, a cat, a dog), then cancels the cat in the
    // free look (flat: the whole premium back) and the second dog pro rata a hundred days on.
    const purchase = await purchasePolicies(s.t, { email: AGENT, petNames: ['Rex', 'Tom', 'Bolt'] });
    const [rex, tom, bolt] = purchase.policies as [IssuedPolicy, IssuedPolicy, IssuedPolicy];
    const cancel = async (matterId: number, cancelDate: string) => {
      const response = await commitPetCancel(e, matterId, AGENT, { cancelDate, reason: 'CUSTOMER_REQUEST' });
      expectStatus(response, 200);
      return CancelResponse.parse(response.body).data;
    };
    const flat = await cancel(tom.matterId, addDays(centralToday(), 5));
    const proRata = await cancel(bolt.matterId, addDays(centralToday(), 100));
    expect(flat.flatCancel).toBe(true);
    expect(proRata.flatCancel).toBe(false);
    expect(proRata.earnedPremium).toBeGreaterThan(0);

    // The independent side: premiums from the policies' read rows, percentages from Austin's rules.
    const premiums = new Map(
      (
        await db()
          .selectFrom('policies')
          .select(['policy_number', 'annual_premium_cents'])
          .where('quote_uuid', '=', purchase.quote.uuid)
          .execute()
      ).map((p) => [p.policy_number, p.annual_premium_cents]),
    );
    const austin = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const rulesResponse = await e.get(
      `/v2/entities/${austin}/commission-configs?filter[status]=active&filter[stateCode]=TX&limit=100`,
      ADMIN,
    );
    expectStatus(rulesResponse, 200);
    const rules = CommissionRulePage.parse(rulesResponse.body).data;
    const ruleOf = (eventCode: string, species: string) => {
      const rule = rules.find(
        (r) => r.event_code === eventCode && r.species === species && r.business_type === 'NEW',
      );
      expect(rule, `${eventCode} ${species} rule`).toBeDefined();
      expect(rule!.calculation_type).toBe('PERCENT');
      return rule!;
    };

    const today = businessToday();
    const expected = [
      { policy: rex, code: 'NB', species: 'DOG', premium: premiums.get(rex.policyNumber)! },
      { policy: tom, code: 'NB', species: 'CAT', premium: premiums.get(tom.policyNumber)! },
      { policy: bolt, code: 'NB', species: 'DOG', premium: premiums.get(bolt.policyNumber)! },
      { policy: tom, code: 'FC', species: 'CAT', premium: -premiums.get(tom.policyNumber)! },
      {
        policy: bolt,
        code: 'CN',
        species: 'DOG',
        premium: -(premiums.get(bolt.policyNumber)! - cents(proRata.earnedPremium)),
      },
    ].map(({ policy, code, species, premium }) => {
      const rule = ruleOf(code, species);
      const amount = commissionOf(premium, rule.pay_multiplier);
      return {
        policy_number: policy.policyNumber,
        event_code: code,
        event_name: { NB: 'New business', FC: 'Flat cancellation', CN: 'Cancellation' }[code],
        on: today,
        premium: premium / 100,
        rule_id: rule.id,
        amount: amount / 100,
        explanation: `${rule.pay_multiplier}% of ${money(premium)} = ${money(amount)} (rule ${rule.id}).`,
      };
    });
    // The cancellation answers agree with the policies: nothing earned in the free look.
    expect(cents(flat.annualPremium)).toBe(premiums.get(tom.policyNumber));
    expect(flat.earnedPremium).toBe(0);

    await st.generate();
    const statement = await st.statementOf({ id: austin, code: NORTHWIND_AUSTIN }, MONTH, REVIEWER);
    const mine = statement.lines.filter((l) =>
      purchase.policies.some((p) => p.policyNumber === l.policy_number),
    );
    expect(mine.map(({ event_id: _id, ...line }) => line)).toEqual(expected);
    // Each line points at the policy event it pays for, in the order they happened.
    const ids = mine.map((l) => l.event_id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const events = await db()
      .selectFrom('events')
      .select(['position', 'stream_id', 'type'])
      .where('position', 'in', ids.map(String))
      .orderBy('position')
      .execute();
    expect(events.map((ev) => [ev.stream_id, ev.type])).toEqual([
      [rex.policyNumber, 'policy.issued'],
      [tom.policyNumber, 'policy.issued'],
      [bolt.policyNumber, 'policy.issued'],
      [tom.policyNumber, 'policy.cancelled'],
      [bolt.policyNumber, 'policy.cancelled'],
    ]);
    // The flat chargeback takes back exactly what the cat's sale paid.
    expect(cents(expected[3]!.amount)).toBe(-cents(expected[1]!.amount));

    // The statement's amount is the sum of its lines, to the cent, and so are the search row's figures.
    const sum = statement.lines.reduce((total, l) => total + cents(l.amount), 0);
    expect(cents(statement.amount)).toBe(sum);
    if (statement.lines.length === mine.length) {
      expect(cents(statement.amount)).toBe(expected.reduce((total, l) => total + cents(l.amount), 0));
    }
    expect(statement).toMatchObject({
      entity: { id: austin, entity_code: NORTHWIND_AUSTIN },
      statement_month: MONTH,
      override_total: 0,
      payment_total: statement.amount,
      state: 'pending',
      review_status: 'Pending',
      payment_status: 'Not Paid',
      statement_on: today,
    });
    const { rows } = await st.search(`filter[entityCode]=${NORTHWIND_AUSTIN}&filter[date]=${MONTH}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: statement.id,
      entityCode: NORTHWIND_AUSTIN,
      stateCode: 'TX',
      amount: statement.amount,
      paymentTotal: statement.amount,
      lineCount: statement.lines.length,
      reviewStatus: 'Pending',
      paymentStatus: 'Not Paid',
    });
  });

  it('generates idempotently, recalculates a pending statement after a sale, and keeps an approved one', async () => {
    const approved = await st.newAgency();
    const pending = await st.newAgency();
    const [soldA, soldP] = [await st.sellRenters(approved), await st.sellRenters(pending)];
    const first = await st.generate();
    expect(first.created).toBeGreaterThanOrEqual(2);

    // A second run changes nothing: every statement of the month is unchanged (or, approved with figures
    // that changed before, kept as it was).
    const monthCount = async () =>
      Number(
        (
          await db()
            .selectFrom('commission_statements')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('month', '=', MONTH)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const eventCount = async () =>
      (
        await db()
          .selectFrom('events')
          .select('position')
          .where('stream_type', '=', 'commission_statement')
          .execute()
      ).length;
    const eventsBefore = await eventCount();
    const second = await st.generate();
    expect(second).toEqual({
      month: MONTH,
      created: 0,
      recalculated: 0,
      unchanged: (await monthCount()) - first.kept.length,
      kept: first.kept,
    });
    expect(second.kept.map((k) => k.id)).not.toContain((await st.statementOf(approved)).id);
    expect(await eventCount()).toBe(eventsBefore);

    // One is approved; both sell again.
    const approvedBefore = await st.commandOk(await st.statementOf(approved), 'approve', REVIEWER);
    const pendingBefore = await st.statementOf(pending);
    expect(cents(pendingBefore.amount)).toBe(commissionOf(soldP.premiumCents, 12));
    expect(cents(approvedBefore.amount)).toBe(commissionOf(soldA.premiumCents, 12));
    const [againA, againP] = [await st.sellRenters(approved), await st.sellRenters(pending)];

    const third = await st.generate();
    expect(third).toMatchObject({ created: 0, recalculated: 1 });
    expect(third.kept).toContainEqual({
      id: approvedBefore.id,
      entity_code: approved.code,
      reason:
        'Its figures changed, but it is already approved: unapprove it and generate again to recalculate.',
    });
    const recalculated = await st.statementOf(pending);
    expect(recalculated.id).toBe(pendingBefore.id);
    expect(recalculated.lines.map((l) => l.policy_number)).toEqual([soldP.policyNumber, againP.policyNumber]);
    expect(cents(recalculated.amount)).toBe(
      commissionOf(soldP.premiumCents, 12) + commissionOf(againP.premiumCents, 12),
    );
    expect(recalculated.payment_total).toBe(recalculated.amount);
    expect(recalculated.history.at(-1)).toMatchObject({
      type: 'statement.recalculated',
      label: 'Statement recalculated',
      detail: `${money(cents(pendingBefore.amount))} → ${money(cents(recalculated.amount))}`,
    });
    // The approved one is as the reviewer saw it.
    const kept = await st.statementOf(approved);
    expect(kept).toMatchObject({
      state: 'approved',
      amount: approvedBefore.amount,
      version: approvedBefore.version,
    });
    expect(kept.lines).toHaveLength(1);

    // Unapproved, the next run brings it up to date.
    await st.commandOk(kept, 'unapprove', REVIEWER);
    const fourth = await st.generate();
    expect(fourth.recalculated).toBe(1);
    expect(fourth.kept.map((k) => k.id)).not.toContain(kept.id);
    const updated = await st.statementOf(approved);
    expect(updated.lines.map((l) => l.policy_number)).toEqual([soldA.policyNumber, againA.policyNumber]);
    expect(updated.state).toBe('pending');

    // Only this month or an earlier one, as YYYY-MM.
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    expectValidationError(await st.generateResponse(next.toISOString().slice(0, 7)), ['data.month']);
    for (const month of ['2026-13', '2026-1', 'june', ''])
      expectValidationError(await st.generateResponse(month), ['data.month']);
    expectValidationError(
      await e.post('/v2/commission-statements/generate', ADMIN, { data: { month: MONTH, force: true } }),
      ['data.force'],
    );
  });

  it('searches by review and payment status, entity code, months, amounts, download status and state', async () => {
    const group = codeGroup();
    const one = await st.newAgency({ code: group.code(0) });
    const two = await st.newAgency({ code: group.code(1) });
    const wyoming = await st.newAgency({ code: group.code(2), hqState: 'WY' });
    const previous = monthBefore(MONTH);
    const twoBack = monthBefore(MONTH, 2);
    await st.sellRenters(one);
    await st.sellRenters(two);
    await st.sellRenters(two);
    await st.sellRenters(wyoming);
    await st.sellRenters(wyoming, { soldAt: new Date(`${previous}-12T15:00:00Z`) });
    await st.sellRenters(wyoming, { soldAt: new Date(`${twoBack}-20T15:00:00Z`) });
    for (const month of [twoBack, previous, MONTH]) await st.generate(month);

    const [s1, s2, s3] = [
      await st.statementOf(one),
      await st.statementOf(two),
      await st.statementOf(wyoming),
    ];
    await st.commandOk(s1, 'approve', REVIEWER);
    await st.commandOk(s2, 'approve', REVIEWER);
    await st.verifyBankAccount(two.id);
    await st.commandOk(s2, 'mark-paid', ACCOUNTING);
    const download = await e.get(st.path(one.id, s1.id, '/download?format=csv'), ACCOUNTING);
    expectStatus(download, 200);

    const ids = async (filter: string, email = ADMIN) => {
      const { rows, total } = await st.search(
        `filter[entityCode]=${group.prefix}${filter}&sort=id&order=asc`,
        email,
      );
      expect(total).toBe(rows.length);
      return rows.map((r) => r.id);
    };
    const earlier = await st.list(wyoming.id, ADMIN, '&sort=month&order=desc');
    expect(earlier.map((r) => r.month)).toEqual([MONTH, previous, twoBack]);
    const [prevId, twoBackId] = [earlier[1]!.id, earlier[2]!.id];
    const older = asc([prevId, twoBackId]);
    // The statement knows the month before it.
    expect(s3).toMatchObject({
      previous: { id: prevId, statement_month: previous, amount: s3.amount },
      change_from_previous: 0,
    });
    const everything = asc([s1.id, s2.id, s3.id, prevId, twoBackId]);
    expect(await ids('')).toEqual(everything);
    // The code filter is a prefix, case-blind.
    expect(await ids('-aa')).toEqual([s1.id]);

    // Months: `date` is the latest, `months` how many up to it.
    expect(await ids(`&filter[date]=${MONTH}`)).toEqual(asc([s1.id, s2.id, s3.id]));
    expect(await ids(`&filter[date]=${MONTH}&filter[months]=2`)).toEqual(asc([s1.id, s2.id, s3.id, prevId]));
    expect(await ids(`&filter[date]=${MONTH}&filter[months]=3`)).toEqual(everything);
    expect(await ids(`&filter[date]=${previous}`)).toEqual([prevId]);
    expect(await ids(`&filter[date]=${previous}&filter[months]=2`)).toEqual(older);
    expect(await ids(`&filter[date]=${monthBefore(MONTH, 3)}`)).toEqual([]);

    // Review and payment status: three states seen through two axes.
    expect(await ids('&filter[reviewStatus]=Pending')).toEqual(asc([s3.id, ...older]));
    expect(await ids('&filter[reviewStatus]=Approved')).toEqual(asc([s1.id, s2.id]));
    expect(await ids('&filter[paymentStatus]=Paid')).toEqual([s2.id]);
    expect(await ids('&filter[paymentStatus]=Not%20Paid')).toEqual(asc([s1.id, s3.id, ...older]));
    expect(await ids('&filter[reviewStatus]=Approved&filter[paymentStatus]=Not%20Paid')).toEqual([s1.id]);
    expect(await ids('&filter[reviewStatus]=Pending&filter[paymentStatus]=Paid')).toEqual([]);

    // Amounts on the payment total, both ends inclusive: one sale each, except `two` with two.
    const single = s1.payment_total;
    const double = s2.payment_total;
    expect(double).toBeGreaterThan(single);
    const singles = asc([s1.id, s3.id, ...older]);
    expect(await ids(`&filter[maxAmount]=${single}`)).toEqual(singles);
    expect(await ids(`&filter[minAmount]=${single}&filter[maxAmount]=${single}`)).toEqual(singles);
    expect(await ids(`&filter[minAmount]=${double}`)).toEqual([s2.id]);
    // A cent either side, worked out in cents: single + 0.01 in floating point is not whole cents.
    expect(await ids(`&filter[minAmount]=${(cents(single) + 1) / 100}`)).toEqual([s2.id]);
    expect(await ids(`&filter[maxAmount]=${(cents(single) - 1) / 100}`)).toEqual([]);

    expect(await ids('&filter[downloadStatus]=downloaded')).toEqual([s1.id]);
    expect(await ids('&filter[downloadStatus]=not_downloaded')).toEqual(
      everything.filter((id) => id !== s1.id),
    );
    expect(await ids('&filter[stateCode]=wy')).toEqual(asc([s3.id, ...older]));
    expect(await ids('&filter[stateCode]=TX')).toEqual([]);
    expect(await ids(`&filter[paidOn]=${businessToday()}`)).toEqual([s2.id]);

    // The months of the caller's statements, newest first.
    const months = await e.get('/v2/lists/commission/statement-months', REVIEWER);
    expectStatus(months, 200);
    const listed = StatementMonthListResponse.parse(months.body).data;
    expect(listed.slice(0, 3)).toEqual([MONTH, previous, twoBack]);

    // Paging: every row counted, a page at a time.
    const paged = await e.get(
      `/v2/commission-statements?filter[entityCode]=${group.prefix}&limit=2&page=2&sort=id&order=asc`,
      ADMIN,
    );
    expectStatus(paged, 200);
    expect(paged.body).toMatchObject({ meta: { total: 5, page: { number: 2, from: 3, to: 4 } } });
  });

  it('refuses bad filters with 422 naming each field', async () => {
    const bad: [string, string, RegExp?][] = [
      ['filter[reviewStatus]=Done', 'filter.reviewStatus', /Pending or Approved/],
      ['filter[paymentStatus]=paid', 'filter.paymentStatus', /Paid or Not Paid/],
      ['filter[downloadStatus]=maybe', 'filter.downloadStatus', /downloaded or not_downloaded/],
      ['filter[date]=2026-13', 'filter.date', /YYYY-MM/],
      ['filter[date]=2026-10-01', 'filter.date', /YYYY-MM/],
      [`filter[date]=${MONTH}&filter[months]=0`, 'filter.months', /between 1 and 36/],
      [`filter[date]=${MONTH}&filter[months]=37`, 'filter.months', /between 1 and 36/],
      [`filter[date]=${MONTH}&filter[months]=1.5`, 'filter.months', /whole number/],
      ['filter[months]=2', 'filter.date', /months count back from/],
      ['filter[minAmount]=abc', 'filter.minAmount', /must be a number/],
      ['filter[maxAmount]=ten', 'filter.maxAmount', /must be a number/],
      // Only plain decimals: Number() would read these as 16, 3, 1000 and 0.
      ['filter[minAmount]=0x10', 'filter.minAmount', /must be a number/],
      ['filter[minAmount]=0b11', 'filter.minAmount', /must be a number/],
      ['filter[maxAmount]=1e3', 'filter.maxAmount', /must be a number/],
      ['filter[maxAmount]=%20', 'filter.maxAmount', /must be a number/],
      ['filter[minAmount]=20&filter[maxAmount]=10', 'filter.maxAmount', /may not be below the minimum/],
      ['filter[stateCode]=Texas', 'filter.stateCode', /two-letter/],
      ['filter[paidOn]=yesterday', 'filter.paidOn', /YYYY-MM-DD/],
      ['filter[addedToAccounting]=yes', 'filter.addedToAccounting', /true or false/],
      ['filter[accountManager]=bob', 'filter.accountManager', /number/],
      ['filter[secret]=1', 'filter.secret'],
      ['sort=password', 'sort'],
      ['limit=1000', 'limit'],
    ];
    const agency = await st.newAgency();
    for (const [query, field, message] of bad) {
      for (const path of ['/v2/commission-statements', st.path(agency.id)]) {
        const body = expectValidationError(await e.get(`${path}?${query}`, REVIEWER), [field]);
        if (message) expect(body.errors[field]!.join(' '), query).toMatch(message);
      }
    }
    // Bulk commands and the payment report check their filter the same way.
    expectValidationError(
      await st.bulk('approve', { filter: { minAmount: 20, maxAmount: 10 } } as never, REVIEWER),
      ['filter.maxAmount'],
    );
    expectValidationError(await st.bulk('approve', { filter: { reviewStatus: 'Done' } } as never, REVIEWER), [
      'filter.reviewStatus',
    ]);
    expectValidationError(
      await e.post('/v2/commission-payment-reports', ACCOUNTING, { filter: { months: 3 } }),
      ['filter.date'],
    );
  });

  it('answers 403 to each endpoint for a user without its privilege, and lets the privileged through', async () => {
    const { agency, statement: pending } = await pendingStatement();
    const { statement: approvedOne } = await pendingStatement();
    const approved = await st.commandOk(approvedOne, 'approve', REVIEWER);
    const u = users;
    const readers = [u.payer, u.reviewer, u.unapprover, u.downloader, u.entityAdmin, REVIEWER, ACCOUNTING];
    const strangers = [u.reportLister, u.entityEditor, MANAGER, AGENT, INTERNAL, REPORTS];
    const everyone = [...readers, ...strangers, ADMIN];

    // Each request is one the allowed may make without changing anything: a refusal of the state (409), a
    // bad body (422) or a read (200). Whoever is not allowed gets 403 before any of that.
    const single = (statement: Statement, name: BulkCommand) => (email: string) =>
      st.command(statement, name, email);
    const checks: {
      what: string;
      send: (email: string) => Promise<ApiResponse>;
      allowed: string[];
      status: number;
    }[] = [
      {
        what: 'search',
        send: (email) => e.get('/v2/commission-statements', email),
        allowed: [...readers, ADMIN],
        status: 200,
      },
      {
        what: 'entity list',
        send: (email) => e.get(st.path(agency.id), email),
        allowed: [...readers, ADMIN],
        status: 200,
      },
      {
        what: 'detail',
        send: (email) => e.get(st.path(agency.id, pending.id), email),
        allowed: [...readers, ADMIN],
        status: 200,
      },
      {
        what: 'override list',
        send: (email) => e.get(st.path(agency.id, pending.id, '/overrides'), email),
        allowed: [...readers, ADMIN],
        status: 200,
      },
      {
        what: 'override types',
        send: (email) => e.get('/v2/lists/commission/override-types', email),
        allowed: [...readers, ADMIN],
        status: 200,
      },
      {
        what: 'statement months',
        send: (email) => e.get('/v2/lists/commission/statement-months', email),
        allowed: [...readers, ADMIN],
        status: 200,
      },
      {
        what: 'approve',
        send: single(approved, 'approve'),
        allowed: [u.reviewer, u.entityAdmin, REVIEWER, ADMIN],
        status: 409,
      },
      {
        what: 'unapprove',
        send: single(pending, 'unapprove'),
        allowed: [u.unapprover, REVIEWER, ADMIN],
        status: 409,
      },
      {
        what: 'mark paid',
        send: single(pending, 'mark-paid'),
        allowed: [u.payer, ACCOUNTING, ADMIN],
        status: 409,
      },
      {
        what: 'mark unpaid',
        send: single(approved, 'mark-unpaid'),
        allowed: [u.payer, ACCOUNTING, ADMIN],
        status: 409,
      },
      ...(['approve', 'unapprove', 'mark-paid', 'mark-unpaid'] as const).map((name) => ({
        what: `bulk ${name}`,
        send: (email: string) => e.post(`/v2/commission-statements/${name}`, email, {}),
        allowed: {
          approve: [u.reviewer, u.entityAdmin, REVIEWER, ADMIN],
          unapprove: [u.unapprover, REVIEWER, ADMIN],
          'mark-paid': [u.payer, ACCOUNTING, ADMIN],
          'mark-unpaid': [u.payer, ACCOUNTING, ADMIN],
        }[name],
        status: 422,
      })),
      {
        what: 'generate',
        send: (email) => st.generateResponse('2026-13', email),
        allowed: [u.entityAdmin, ADMIN],
        status: 422,
      },
      {
        what: 'download',
        send: (email) => e.get(st.path(agency.id, pending.id, '/download?format=doc'), email),
        allowed: [u.downloader, REVIEWER, ACCOUNTING, ADMIN],
        status: 422,
      },
      {
        what: 'payment report',
        send: (email) => e.post('/v2/commission-payment-reports', email, {}),
        allowed: [u.payer, ACCOUNTING, ADMIN],
        status: 422,
      },
      {
        what: 'add override',
        send: (email) => e.post(st.path(agency.id, pending.id, '/overrides'), email, { data: {} }),
        allowed: [u.reviewer, u.entityAdmin, REVIEWER, ADMIN],
        status: 422,
      },
      {
        what: 'change override',
        send: (email) => e.patch(st.path(agency.id, pending.id, '/overrides/999999999'), email, { data: {} }),
        allowed: [u.reviewer, u.entityAdmin, REVIEWER, ADMIN],
        status: 404,
      },
      {
        what: 'delete override',
        send: (email) => e.del(st.path(agency.id, pending.id, '/overrides/999999999'), email),
        allowed: [u.reviewer, u.entityAdmin, REVIEWER, ADMIN],
        status: 404,
      },
    ];
    for (const check of checks) {
      for (const email of everyone) {
        const response = await check.send(email);
        const status = check.allowed.includes(email) ? check.status : 403;
        expect(response.status, `${check.what} as ${email}: ${response.text}`).toBe(status);
        if (status === 403) expect(expectError(response, 403).message).toBe('This action is unauthorized.');
      }
    }
    // Nothing moved.
    expect(await st.detail(agency.id, pending.id)).toMatchObject({
      state: 'pending',
      version: pending.version,
    });
    expect(await st.detail(approved.entity_id, approved.id)).toMatchObject({
      state: 'approved',
      version: approved.version,
    });

    // What each user's detail says they may do: their privileges and the state together.
    const can = async (email: string, statement: Statement) =>
      (await st.detail(statement.entity_id, statement.id, email)).can;
    expect(await can(u.reviewer, pending)).toEqual({
      approve: true,
      unapprove: false,
      markPaid: false,
      markUnpaid: false,
      editOverrides: true,
      recalculate: true,
      download: false,
    });
    expect(await can(u.payer, pending)).toMatchObject({
      approve: false,
      editOverrides: false,
      download: false,
    });
    expect(await can(u.unapprover, approved)).toMatchObject({ unapprove: true, approve: false });
    expect(await can(u.reviewer, approved)).toMatchObject({ unapprove: false, editOverrides: false });
    expect(await can(u.downloader, approved)).toMatchObject({
      download: true,
      approve: false,
      unapprove: false,
    });
  });

  it('keeps each agency to its own statements: 404 on entity routes, absent from search, 403 without privileges', async () => {
    const austin = { id: await entityIdOf(db(), NORTHWIND_AUSTIN), code: NORTHWIND_AUSTIN };
    const northwind = { id: await entityIdOf(db(), NORTHWIND), code: NORTHWIND };
    const lakeside = { id: await entityIdOf(db(), LAKESIDE), code: LAKESIDE };
    for (const agency of [austin, northwind, lakeside]) await st.sellRenters(agency);
    await st.generate();
    const [ofAustin, ofNorthwind, ofLakeside] = [
      await st.statementOf(austin),
      await st.statementOf(northwind),
      await st.statementOf(lakeside),
    ];
    const privileges = ['ent_comm_review', 'ent_comm_unapprove', 'acct_comm_pmnt_list', 'ent_comm_download'];
    const external = (entityCode: string) =>
      userWith(db(), { entityCode, userType: 'external', privilegeCodes: privileges });
    const atLakeside = await external(LAKESIDE);
    const atNorthwind = await external(NORTHWIND);
    const atAustin = await external(NORTHWIND_AUSTIN);

    // Lakeside's user: Austin's statement does not exist for them, whatever the route.
    const austinPaths: [string, string, unknown?][] = [
      ['GET', st.path(austin.id)],
      ['GET', st.path(austin.id, ofAustin.id)],
      ['GET', st.path(austin.id, ofAustin.id, '/overrides')],
      ['GET', st.path(austin.id, ofAustin.id, '/download?format=pdf')],
      ['POST', st.path(austin.id, ofAustin.id, '/approve'), { data: {} }],
      ['POST', st.path(austin.id, ofAustin.id, '/overrides'), { data: { amount: 5, type_code: 'CONTEST' } }],
      // Nor under their own entity's path.
      ['GET', st.path(lakeside.id, ofAustin.id)],
      ['POST', st.path(lakeside.id, ofAustin.id, '/approve'), { data: {} }],
    ];
    for (const [method, path, body] of austinPaths) {
      const response =
        method === 'GET' ? await e.get(path, atLakeside) : await e.post(path, atLakeside, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(404);
    }
    const lakesideRows = (await st.search('', atLakeside)).rows;
    expect(lakesideRows.map((r) => r.id)).toContain(ofLakeside.id);
    expect(lakesideRows.every((r) => r.entityCode === LAKESIDE)).toBe(true);
    expect((await st.search(`filter[entityCode]=${NORTHWIND}`, atLakeside)).total).toBe(0);
    // Bulk by ids or by filter does not reach it either: unknown to them, and named as such.
    const byIds = await st.bulkOk('approve', { ids: [ofAustin.id] }, atLakeside);
    expect(byIds).toEqual({
      affected: 0,
      matched: 0,
      total: 1,
      refused: [{ id: ofAustin.id, entity_code: '', statement_month: '', message: 'No such statement.' }],
      next_after_id: null,
    });
    const byFilter = await st.bulkOk('approve', { filter: { entityCode: NORTHWIND_AUSTIN } }, atLakeside);
    expect(byFilter).toMatchObject({ affected: 0, matched: 0, total: 0 });
    const report = await e.post('/v2/commission-payment-reports', atLakeside, { ids: [ofAustin.id] });
    expectStatus(report, 200);
    expect(csvRows(report.text)).toHaveLength(2);
    expect((await st.detail(austin.id, ofAustin.id)).state).toBe('pending');

    // Northwind's user sees its own and its children's; Austin's user only Austin's, not its parent's.
    const northwindCodes = new Set((await st.search('', atNorthwind)).rows.map((r) => r.entityCode));
    expect(northwindCodes.has(NORTHWIND) && northwindCodes.has(NORTHWIND_AUSTIN)).toBe(true);
    expect(northwindCodes.has(LAKESIDE)).toBe(false);
    expect((await st.detail(austin.id, ofAustin.id, atNorthwind)).id).toBe(ofAustin.id);
    expect((await st.search('', atAustin)).rows.map((r) => r.entityCode)).toEqual(
      expect.arrayContaining([NORTHWIND_AUSTIN]),
    );
    expect((await st.search('', atAustin)).rows.every((r) => r.entityCode === NORTHWIND_AUSTIN)).toBe(true);
    expectStatus(await e.get(st.path(northwind.id, ofNorthwind.id), atAustin), 404);
    expectStatus(await e.get(st.path(northwind.id), atAustin), 404);

    // The manager and the agent hold no statement privilege: 403, not an empty list.
    for (const email of [MANAGER, AGENT]) {
      expectStatus(await e.get('/v2/commission-statements', email), 403);
      expectStatus(await e.get(st.path(austin.id), email), 403);
      expectStatus(await e.get(st.path(austin.id, ofAustin.id), email), 403);
    }
  });

  it('acts on every row matching a filter, not one page, and in batches that say where to continue', async () => {
    const group = codeGroup();
    const agencies: Agency[] = [];
    for (let i = 0; i < 12; i++) agencies.push(await st.newAgency({ code: group.code(i) }));
    for (const agency of agencies) await st.sellRenters(agency);
    await st.generate();
    const filter = { entityCode: group.prefix, date: MONTH };
    const ids = (await st.search(`filter[entityCode]=${group.prefix}&sort=id&order=asc`)).rows.map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(12);

    // A page holds ten; the command takes all twelve.
    const approved = await st.bulkOk('approve', { filter: { ...filter, reviewStatus: 'Pending' } }, REVIEWER);
    expect(approved).toEqual({ affected: 12, matched: 12, total: 12, refused: [], next_after_id: null });
    expect(
      (await st.search(`filter[entityCode]=${group.prefix}&filter[reviewStatus]=Approved&limit=5`)).total,
    ).toBe(12);

    // In batches of five: each answer names the last id it took; the last one null.
    const steps = [];
    let after: number | undefined;
    for (;;) {
      const step = await st.bulkOk(
        'unapprove',
        { filter, batch: 5, ...(after === undefined ? {} : { after_id: after }) },
        REVIEWER,
      );
      steps.push(step);
      if (step.next_after_id === null) break;
      after = step.next_after_id;
      expect(steps.length).toBeLessThan(5);
    }
    expect(steps.map((step) => [step.affected, step.matched, step.total, step.next_after_id])).toEqual([
      [5, 5, 12, ids[4]],
      [5, 5, 7, ids[9]],
      [2, 2, 2, null],
    ]);
    expect((await st.search(`filter[entityCode]=${group.prefix}&filter[reviewStatus]=Pending`)).total).toBe(
      12,
    );

    // A batch that ends exactly at the last row says to continue; the next step finds nothing more.
    const tail = await st.bulkOk('approve', { filter, batch: 2, after_id: ids[9] }, REVIEWER);
    expect(tail).toMatchObject({ affected: 2, matched: 2, total: 2, next_after_id: ids[11] });
    expect(await st.bulkOk('approve', { filter, batch: 2, after_id: ids[11] }, REVIEWER)).toEqual({
      affected: 0,
      matched: 0,
      total: 0,
      refused: [],
      next_after_id: null,
    });
    // By ids: duplicates count once.
    expect(await st.bulkOk('approve', { ids: [ids[0]!, ids[0]!, ids[1]!] }, REVIEWER)).toMatchObject({
      affected: 2,
      matched: 2,
      total: 2,
      refused: [],
    });
  });

  it('reports every row a bulk command cannot move, with its reason, and moves the rest', async () => {
    const group = codeGroup();
    const agencies: Agency[] = [];
    for (let i = 0; i < 4; i++) agencies.push(await st.newAgency({ code: group.code(i) }));
    for (const agency of agencies) await st.sellRenters(agency);
    await st.generate();
    const [pending, noBank, withBank, paid] = await Promise.all(agencies.map((a) => st.statementOf(a)));
    for (const statement of [noBank!, withBank!, paid!]) await st.commandOk(statement, 'approve', REVIEWER);
    await st.verifyBankAccount(withBank!.entity_id);
    await st.verifyBankAccount(paid!.entity_id);
    await st.commandOk(paid!, 'mark-paid', ACCOUNTING);
    const refusal = (statement: Statement, message: string) => ({
      id: statement.id,
      entity_code: statement.entity.entity_code,
      statement_month: MONTH,
      message,
    });

    const markPaid = await st.bulkOk(
      'mark-paid',
      { ids: [pending!.id, noBank!.id, withBank!.id, paid!.id, 999_999_999] },
      ACCOUNTING,
    );
    expect(markPaid).toEqual({
      affected: 1,
      matched: 4,
      total: 5,
      refused: [
        refusal(pending!, 'Only an approved statement can be paid.'),
        refusal(noBank!, noBankAccountMessage(noBank!.entity.entity_code)),
        refusal(paid!, 'The statement is already paid.'),
        { id: 999_999_999, entity_code: '', statement_month: '', message: 'No such statement.' },
      ],
      next_after_id: null,
    });
    expect((await st.detail(withBank!.entity_id, withBank!.id)).state).toBe('paid');

    const filter = { entityCode: group.prefix };
    expect(await st.bulkOk('unapprove', { filter }, REVIEWER)).toEqual({
      affected: 1,
      matched: 4,
      total: 4,
      refused: [
        refusal(pending!, 'Only an approved statement can be unapproved.'),
        refusal(withBank!, 'A paid statement cannot be unapproved; mark it unpaid first.'),
        refusal(paid!, 'A paid statement cannot be unapproved; mark it unpaid first.'),
      ],
      next_after_id: null,
    });
    expect(await st.bulkOk('approve', { filter }, REVIEWER)).toMatchObject({
      affected: 2,
      refused: [
        refusal(withBank!, 'Only a pending statement can be approved.'),
        refusal(paid!, 'Only a pending statement can be approved.'),
      ],
    });
    expect(await st.bulkOk('mark-unpaid', { filter }, ACCOUNTING)).toMatchObject({
      affected: 2,
      refused: [
        refusal(pending!, 'Only a paid statement can be marked unpaid.'),
        refusal(noBank!, 'Only a paid statement can be marked unpaid.'),
      ],
    });
    const states = (await st.search(`filter[entityCode]=${group.prefix}&sort=id&order=asc`)).rows.map((r) => [
      r.id,
      r.state,
    ]);
    expect(states).toEqual(
      [pending!, noBank!, withBank!, paid!]
        .map((x) => [x.id, 'approved'])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );

    // What a body may hold.
    const badBodies: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: [0] }, 'ids.0'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'ids'],
      [{ ids: [1], filter: {} }, 'ids'],
      [{ filter: {}, batch: 0 }, 'batch'],
      [{ filter: {}, batch: 501 }, 'batch'],
      [{ filter: {}, after_id: -1 }, 'after_id'],
      [{ filter: { colour: 'red' } }, 'filter.colour'],
      [{ ids: [1], commit: true }, 'commit'],
    ];
    for (const [body, field] of badBodies)
      expectValidationError(await e.post('/v2/commission-statements/approve', REVIEWER, body), [field]);
  });

  it('lets exactly one of several concurrent approvals of a statement through; the rest get 409', async () => {
    const { statement } = await pendingStatement();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => st.command(statement, 'approve', REVIEWER)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(expectError(answer, 409).message).toBeTruthy();
    const events = await statementEvents(statement.id);
    expect(events.filter((ev) => ev.type === 'statement.approved')).toHaveLength(1);
    const after = await st.detail(statement.entity_id, statement.id);
    expect(after).toMatchObject({
      state: 'approved',
      version: statement.version + 1,
      reviewed_by: expect.any(Number),
    });

    // A stale version is refused even when the command would be allowed.
    const stale = await st.command(after, 'unapprove', REVIEWER, statement.version);
    expect(expectError(stale, 409).message).toBe(
      'The record was changed by someone else. Reload it and try again.',
    );
    const current = await st.command(after, 'unapprove', REVIEWER, after.version);
    expectStatus(current, 200);
    expect(StatementResponse.parse(current.body).data).toMatchObject({
      state: 'pending',
      reviewed_at: null,
      reviewed_by: null,
    });
  });

  it('refuses to mark paid without a verified bank account, naming it, and pays once one is verified', async () => {
    const { agency, statement } = await pendingStatement();
    const approved = await st.commandOk(statement, 'approve', REVIEWER);
    expect((await st.detail(agency.id, statement.id, ACCOUNTING)).can).toMatchObject({ markPaid: false });

    const refused = await st.command(approved, 'mark-paid', ACCOUNTING);
    expect(expectError(refused, 409).message).toBe(noBankAccountMessage(agency.code));
    expect(expectError(refused, 409).message).toContain(agency.code);
    // An account that fails verification is no payout account.
    expect(await st.verifyBankAccount(agency.id, NON_RTP_BANK)).toBe(false);
    expect(expectError(await st.command(approved, 'mark-paid', ACCOUNTING), 409).message).toBe(
      noBankAccountMessage(agency.code),
    );
    expect(await st.detail(agency.id, statement.id)).toMatchObject({
      state: 'approved',
      version: approved.version,
      has_verified_bank_account: false,
    });

    expect(await st.verifyBankAccount(agency.id)).toBe(true);
    const before = await st.detail(agency.id, statement.id, ACCOUNTING);
    expect(before).toMatchObject({ has_verified_bank_account: true, can: { markPaid: true } });
    const paid = await st.commandOk(approved, 'mark-paid', ACCOUNTING);
    expect(paid).toMatchObject({
      state: 'paid',
      review_status: 'Approved',
      payment_status: 'Paid',
      paid_on: businessToday(),
      payment_amount: paid.payment_total,
    });
    expect((await st.detail(agency.id, statement.id, ACCOUNTING)).can).toMatchObject({
      markPaid: false,
      markUnpaid: true,
    });
    expect(paid.history.at(-1)).toMatchObject({
      type: 'statement.markedPaid',
      detail: `${money(cents(paid.payment_total))} on ${businessToday()}`,
    });
    const unpaid = await st.commandOk(paid, 'mark-unpaid', ACCOUNTING);
    expect(unpaid).toMatchObject({ state: 'approved', paid_on: null, payment_amount: null });
  });

  it('adds, changes and deletes overrides while pending, recomputing the payment total, and not once approved', async () => {
    const { agency, statement } = await pendingStatement();
    const overrides = st.path(agency.id, statement.id, '/overrides');
    const types = OverrideTypeListResponse.parse(
      (await e.get('/v2/lists/commission/override-types', REVIEWER)).body,
    ).data;
    expect(types.find((t) => t.override_code === 'PRODUCTION_BONUS')).toMatchObject({ is_enabled: true });
    const disabled = types.find((t) => !t.is_enabled)!;
    expect(disabled).toBeDefined();

    const add = async (data: Record<string, unknown>) => {
      const response = await e.post(overrides, REVIEWER, { data });
      expectStatus(response, 201);
      return OverrideResponse.parse(response.body).data;
    };
    const bonus = await add({ amount: 25.5, type_code: 'PRODUCTION_BONUS', note: ' Spring contest ' });
    expect(bonus).toMatchObject({
      statement_id: statement.id,
      override_type_code: 'PRODUCTION_BONUS',
      amount: 25.5,
      override_note: 'Spring contest',
      deleted: false,
    });
    const fee = await add({ amount: -10.25, type_code: 'FEE' });
    expect(fee.override_note).toBeNull();
    const totals = async (overrideCents: number) => {
      const now = await st.detail(agency.id, statement.id);
      expect(cents(now.override_total)).toBe(overrideCents);
      expect(cents(now.payment_total)).toBe(cents(statement.amount) + overrideCents);
      expect(now.amount).toBe(statement.amount);
      const [row] = (await st.search(`filter[entityCode]=${agency.code}`)).rows;
      expect(row).toMatchObject({ overrideTotal: now.override_total, paymentTotal: now.payment_total });
      return now;
    };
    await totals(2550 - 1025);

    const patch = (id: number, data: Record<string, unknown>) =>
      e.patch(`${overrides}/${id}`, REVIEWER, { data });
    const changed = await patch(bonus.id, { amount: 30, note: null });
    expectStatus(changed, 200);
    expect(OverrideResponse.parse(changed.body).data).toMatchObject({
      id: bonus.id,
      amount: 30,
      override_type_code: 'PRODUCTION_BONUS',
      override_note: null,
    });
    await totals(3000 - 1025);
    expectStatus(await patch(bonus.id, { type_code: 'CONTEST' }), 200);

    const deleted = await e.del(`${overrides}/${fee.id}`, REVIEWER);
    expectStatus(deleted, 200);
    expect(OverrideResponse.parse(deleted.body).data).toMatchObject({ id: fee.id, deleted: true });
    const afterDelete = await totals(3000);
    // Soft: it stays in the list and the history, marked deleted; it can be neither changed nor deleted again.
    const list = OverrideListResponse.parse((await e.get(overrides, ACCOUNTING)).body).data;
    expect(list.map((o) => [o.id, o.override_type_code, o.amount, o.deleted])).toEqual([
      [bonus.id, 'CONTEST', 30, false],
      [fee.id, 'FEE', -10.25, true],
    ]);
    expect(afterDelete.overrides).toEqual(list);
    const one = await e.get(`${overrides}/${bonus.id}`, ACCOUNTING);
    expectStatus(one, 200);
    expect(OverrideResponse.parse(one.body).data).toEqual(list[0]);
    expectStatus(await patch(fee.id, { amount: 5 }), 404);
    expectStatus(await e.del(`${overrides}/${fee.id}`, REVIEWER), 404);
    expectStatus(await e.get(`${overrides}/999999999`, REVIEWER), 404);
    expect(afterDelete.history.map((h) => h.type)).toEqual([
      'statement.generated',
      'statement.overrideAdded',
      'statement.overrideAdded',
      'statement.overrideUpdated',
      'statement.overrideUpdated',
      'statement.overrideDeleted',
    ]);
    expect(afterDelete.history[1]!.detail).toBe('PRODUCTION_BONUS $25.50: Spring contest');

    // Bad requests: 422 under the field, nothing stored.
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: 0, type_code: 'FEE' }, 'data.amount'],
      [{ amount: '12', type_code: 'FEE' }, 'data.amount'],
      [{ amount: 1.234, type_code: 'FEE' }, 'data.amount'],
      [{ amount: 100_000.01, type_code: 'FEE' }, 'data.amount'],
      [{ type_code: 'FEE' }, 'data.amount'],
      [{ amount: 5 }, 'data.type_code'],
      [{ amount: 5, type_code: ' ' }, 'data.type_code'],
      [{ amount: 5, type_code: 'NOT_A_TYPE' }, 'data.type_code'],
      [{ amount: 5, type_code: disabled.override_code }, 'data.type_code'],
      [{ amount: 5, type_code: 'FEE', note: 'x'.repeat(501) }, 'data.note'],
      [{ amount: 5, type_code: 'FEE', paid: true }, 'data.paid'],
    ];
    for (const [data, field] of bad) {
      expectValidationError(await e.post(overrides, REVIEWER, { data }), [field]);
    }
    expectValidationError(await patch(bonus.id, { amount: 0 }), ['data.amount']);
    expectValidationError(await patch(bonus.id, { type_code: 'NOT_A_TYPE' }), ['data.type_code']);
    expect((await st.detail(agency.id, statement.id)).version).toBe(afterDelete.version);

    // Approved: overrides are part of what was approved, so they wait for an unapproval.
    const approved = await st.commandOk(afterDelete, 'approve', REVIEWER);
    expect(approved.can.editOverrides).toBe(false);
    const message = 'Overrides change only while the statement is pending: unapprove it first.';
    expect(
      expectError(await e.post(overrides, REVIEWER, { data: { amount: 5, type_code: 'FEE' } }), 409).message,
    ).toBe(message);
    expect(expectError(await patch(bonus.id, { amount: 40 }), 409).message).toBe(message);
    expect(expectError(await e.del(`${overrides}/${bonus.id}`, REVIEWER), 409).message).toBe(message);
    expect(await st.detail(agency.id, statement.id)).toMatchObject({
      version: approved.version,
      override_total: 30,
    });
  });

  it('downloads a statement as PDF and CSV, recording the download in every state', async () => {
    const { agency, statement } = await pendingStatement();
    // A pet policy besides the renters one: two lines, two rules.
    await st.sellPets(agency, ['Pixel']);
    await st.generate();
    const current = await st.detail(agency.id, statement.id);
    expect(current.lines.map((l) => l.event_code)).toEqual(['NB', 'NB']);
    const download = (format: string, email = ACCOUNTING) =>
      e.get(st.path(agency.id, statement.id, `/download?format=${format}`), email);

    const pdf = await download('pdf');
    expectStatus(pdf, 200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="commission-statement-${agency.code}-${MONTH}.pdf"`,
    );
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    const afterPdf = await st.detail(agency.id, statement.id);
    expect(afterPdf.downloaded_on).not.toBeNull();
    expect(afterPdf.history.at(-1)).toMatchObject({
      type: 'statement.downloaded',
      label: 'Downloaded',
      detail: 'PDF',
    });
    expect(afterPdf.state).toBe('pending');
    const [row] = (await st.search(`filter[entityCode]=${agency.code}`)).rows;
    expect(row!.downloadedAt).toBe(afterPdf.downloaded_on);

    const csv = await download('csv', REVIEWER);
    expectStatus(csv, 200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain(`.csv"`);
    const rows = csvRows(csv.text);
    // The announced count is what the portal's download checks the file against (docs/reports.md "Exports").
    expect(Number(csv.headers.get('x-total-count'))).toBe(countCsvRows(csv.text));
    expect(rows.slice(0, 4)).toEqual([
      ['Entity', `${agency.code} ${current.entity.entity_name}`],
      ['Month', MONTH],
      ['Review', 'Pending'],
      ['Payment', 'Not Paid'],
    ]);
    expect(rows[4]).toEqual(['Policy', 'Event', 'Date', 'Premium', 'Rule', 'Commission', 'Explanation']);
    const number = (text: string) => Number(text);
    const lines = rows.slice(5, 7);
    expect(lines.map((l) => [l[0], l[1], l[2], number(l[3]!), Number(l[4]), number(l[5]!), l[6]])).toEqual(
      current.lines.map((l) => [
        l.policy_number,
        l.event_code,
        l.on,
        l.premium,
        l.rule_id,
        l.amount,
        l.explanation,
      ]),
    );
    expect(rows.slice(7)).toEqual([
      ['Amount', '', '', '', '', current.amount.toFixed(2), ''],
      ['Override total', '', '', '', '', '0.00', ''],
      ['Payment total', '', '', '', '', current.payment_total.toFixed(2), ''],
    ]);
    const afterCsv = await st.detail(agency.id, statement.id);
    expect(afterCsv.history.at(-1)).toMatchObject({ type: 'statement.downloaded', detail: 'CSV' });

    // Downloading is allowed approved and paid too, and changes neither status.
    await st.commandOk(afterCsv, 'approve', REVIEWER);
    expectStatus(await download('pdf'), 200);
    await st.verifyBankAccount(agency.id);
    await st.commandOk(afterCsv, 'mark-paid', ACCOUNTING);
    expectStatus(await download('csv'), 200);
    const paid = await st.detail(agency.id, statement.id);
    expect(paid.state).toBe('paid');
    expect(paid.history.filter((h) => h.type === 'statement.downloaded')).toHaveLength(4);
    // PDF by default.
    const byDefault = await e.get(st.path(agency.id, statement.id, '/download'), ACCOUNTING);
    expect(byDefault.headers.get('content-type')).toBe('application/pdf');
    expectValidationError(await download('docx'), ['format']);
    expectValidationError(
      await e.get(st.path(agency.id, statement.id, '/download?format=pdf&inline=1'), ACCOUNTING),
      ['inline'],
    );
  });

  // The formula guard of the CSV files leaves a plain negative number alone (it once made it '-81.70).
  it('writes chargebacks and negative totals in the CSV files as numbers', async () => {
    const agency = await st.newAgency();
    const purchase = await st.sellPets(agency, ['Pixel']);
    const cancelled = await commitPetCancel(e, purchase.policies[0]!.matterId, INTERNAL, {
      cancelDate: centralToday(),
      reason: 'OTHER',
    });
    expectStatus(cancelled, 200);
    await st.generate();
    const statement = await st.statementOf(agency);
    expect(statement.lines.map((l) => l.event_code)).toEqual(['NB', 'FC']);
    // A fee larger than the commission: what is paid is negative.
    expectStatus(
      await e.post(st.path(agency.id, statement.id, '/overrides'), REVIEWER, {
        data: { amount: -12.5, type_code: 'FEE' },
      }),
      201,
    );
    const csv = await e.get(st.path(agency.id, statement.id, '/download?format=csv'), ACCOUNTING);
    expectStatus(csv, 200);
    const chargeback = csvRows(csv.text).find((row) => row[1] === 'FC')!;
    expect([chargeback[3], chargeback[5]]).toEqual([
      statement.lines[1]!.premium.toFixed(2),
      statement.lines[1]!.amount.toFixed(2),
    ]);
    const report = await e.post('/v2/commission-payment-reports', ACCOUNTING, { ids: [statement.id] });
    expectStatus(report, 200);
    expect(csvRows(report.text)[1]![9]).toBe('-12.50');
  });

  it('writes the payment report with exactly the selected or matching statements and their total', async () => {
    const group = codeGroup();
    const agencies: Agency[] = [];
    for (let i = 0; i < 3; i++)
      agencies.push(await st.newAgency({ code: group.code(i), name: `Payee, ${i} "Co"` }));
    for (const agency of agencies) await st.sellRenters(agency);
    await st.sellRenters(agencies[2]!);
    await st.generate();
    const statements = await Promise.all(agencies.map((a) => st.statementOf(a)));
    await st.commandOk(statements[0]!, 'approve', REVIEWER);
    await st.commandOk(statements[2]!, 'approve', REVIEWER);

    const report = async (body: unknown) => {
      const response = await e.post('/v2/commission-payment-reports', ACCOUNTING, body);
      expectStatus(response, 200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="commission-payment-report-${businessToday()}.csv"`,
      );
      return csvRows(response.text);
    };
    const expectReport = async (rows: string[][], query: string) => {
      const { rows: expected } = await st.search(`${query}&sort=entityCode&order=asc`);
      expect(rows[0]).toEqual(PAYMENT_REPORT_HEADER);
      expect(rows.slice(1, -1)).toEqual(
        expected.map((r) => [
          String(r.id),
          r.entityCode,
          r.entityName,
          r.stateCode ?? '',
          r.month,
          r.payoutFrequency ?? '',
          r.payoutMethod ?? '',
          r.amount.toFixed(2),
          r.overrideTotal.toFixed(2),
          r.paymentTotal.toFixed(2),
          r.reviewStatus,
          r.paymentStatus,
          r.paidOn ?? '',
          r.addedToAccounting ? 'yes' : 'no',
          r.accountManager === null ? '' : String(r.accountManager),
        ]),
      );
      const total = expected.reduce((sum, r) => sum + cents(r.paymentTotal), 0);
      expect(rows.at(-1)).toEqual([
        `Total of ${expected.length} statements`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        (total / 100).toFixed(2),
      ]);
      return expected.length;
    };

    const byFilter = await report({ filter: { entityCode: group.prefix, reviewStatus: 'Approved' } });
    expect(
      await expectReport(byFilter, `filter[entityCode]=${group.prefix}&filter[reviewStatus]=Approved`),
    ).toBe(2);
    expect(byFilter[1]![2]).toBe(`Payee, 0 "Co"`);
    const all = await report({ filter: { entityCode: group.prefix } });
    expect(await expectReport(all, `filter[entityCode]=${group.prefix}`)).toBe(3);
    const selected = await report({ ids: [statements[2]!.id, statements[1]!.id] });
    expect(selected.slice(1, -1).map((r) => Number(r[0]))).toEqual([statements[1]!.id, statements[2]!.id]);
    expect(selected.at(-1)![9]).toBe(
      ((cents(statements[1]!.payment_total) + cents(statements[2]!.payment_total)) / 100).toFixed(2),
    );
    const none = await report({ ids: [999_999_999] });
    expect(none).toEqual([
      PAYMENT_REPORT_HEADER,
      ['Total of 0 statements', '', '', '', '', '', '', '', '', '0.00'],
    ]);
    for (const body of [{}, { ids: [] }, { ids: [1], filter: {} }, { filter: { paymentStatus: 'maybe' } }])
      expect(
        (await e.post('/v2/commission-payment-reports', ACCOUNTING, body)).status,
        JSON.stringify(body),
      ).toBe(422);
  });

  it('answers unknown statements 404 and malformed ids 422', async () => {
    const { agency, statement } = await pendingStatement();
    const unknown = 999_999_999;
    for (const path of [
      st.path(agency.id, unknown),
      st.path(agency.id, unknown, '/overrides'),
      st.path(agency.id, unknown, '/download'),
      st.path(unknown),
      st.path(unknown, statement.id),
    ]) {
      expect(expectError(await e.get(path, ADMIN), 404).message).toMatch(/was not found/);
    }
    for (const name of ['approve', 'unapprove', 'mark-paid', 'mark-unpaid'] as const) {
      expectStatus(await st.command({ entity_id: agency.id, id: unknown }, name, ADMIN), 404);
    }
    expectStatus(
      await e.post(st.path(agency.id, unknown, '/overrides'), ADMIN, {
        data: { amount: 5, type_code: 'FEE' },
      }),
      404,
    );
    const malformed: [string, string][] = [
      [`/v2/entities/abc/commission-statements`, 'entityId'],
      [`/v2/entities/1.5/commission-statements`, 'entityId'],
      [st.path(agency.id, undefined, '/abc'), 'statementId'],
      [st.path(agency.id, undefined, '/-1'), 'statementId'],
      [st.path(agency.id, statement.id, '/overrides/abc'), 'overrideId'],
      [st.path(agency.id, undefined, '/1e3/download'), 'statementId'],
    ];
    for (const [path, field] of malformed) expectValidationError(await e.get(path, ADMIN), [field]);
    expectValidationError(await e.post(st.path(agency.id, undefined, '/abc/approve'), ADMIN, { data: {} }), [
      'statementId',
    ]);
    for (const body of [{ data: { version: 'x' } }, { data: { version: 0 } }, { data: {}, force: true }]) {
      expect((await e.post(st.path(agency.id, statement.id, '/approve'), REVIEWER, body)).status).toBe(422);
    }
    // None of that moved it.
    expect((await st.detail(agency.id, statement.id)).state).toBe('pending');
  });
});
