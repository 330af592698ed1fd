import { startOfBusinessDay } from '../../src/calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { StatementResponse, type Statement } from '../../src/api/schemas/commissionStatements';
import { outOfDateRefusal } from '../../src/machines/commissionStatement';
import { generateMonthEndStatements } from '../../src/server/domain/commission/monthEndStatements';
import { NOT_PENDING_FOR_RECALCULATION } from '../../src/server/domain/commission/statementRecalculation';
import { monthBefore, statementApi, businessMonth, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError } from '../support/http';
import { ACCOUNTING, ADMIN, HOUSE, LAKESIDE, REVIEWER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A statement stays current (docs/decisions/014): a commissionable event recorded in the month of a statement
// after it was calculated makes it out of date, with the events it lacks and what they change; approving it
// is refused, singly and per row in bulk, until it is recalculated; and month-end generation makes the month
// before's statements by itself, once.

describe.each(testDatabases())('statements stay current on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  let lakesideUser = '';
  let payer = '';
  beforeAll(async () => {
    lakesideUser = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['ent_comm_review'],
    });
    payer = await userWith(db(), {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['acct_comm_pmnt_list'],
    });
  });

  // A fresh agency with one renters sale this month and its generated statement, then `late` more sales.
  async function staleStatement(late: number): Promise<{ agency: Agency; statement: Statement }> {
    const agency = await st.newAgency();
    await st.sellRenters(agency);
    await st.generate();
    for (let i = 0; i < late; i++) await st.sellRenters(agency);
    return { agency, statement: await st.statementOf(agency) };
  }
  const recalculate = (statement: Pick<Statement, 'entity_id' | 'id'>, email = REVIEWER, version?: number) =>
    e.post(st.path(statement.entity_id, statement.id, '/recalculate'), email, {
      data: version === undefined ? {} : { version },
    });

  it('marks a statement out of date when sales arrive after it was calculated, with the difference', async () => {
    const { statement } = await staleStatement(2);
    expect(statement.lines).toHaveLength(1);
    expect(statement.out_of_date).not.toBeNull();
    const stale = statement.out_of_date!;
    expect(stale.missing_events).toBe(2);
    expect(stale.missing_lines).toHaveLength(2);
    const added = stale.missing_lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0);
    expect(added).toBeGreaterThan(0);
    expect(Math.round(stale.difference * 100)).toBe(added);
    expect(Math.round(stale.amount_after * 100)).toBe(Math.round(statement.amount * 100) + added);
    expect(statement.can).toMatchObject({ approve: false, recalculate: true });
  });

  it('refuses to approve an out-of-date statement, saying what it lacks', async () => {
    const { statement } = await staleStatement(2);
    const differenceCents = Math.round(statement.out_of_date!.difference * 100);
    const refused = expectError(await st.command(statement, 'approve', REVIEWER), 409);
    expect(refused.message).toBe(outOfDateRefusal({ missingEvents: 2, differenceCents }));
    expect(refused.message).toMatch(
      /^This statement is out of date: 2 commissionable events arrived after it was calculated \(\$\d+\.\d\d\)\. Recalculate it before approving\.$/,
    );
    expect(await st.detail(statement.entity_id, statement.id)).toMatchObject({
      state: 'pending',
      version: statement.version,
    });
  });

  it('reports the out-of-date row of a bulk approve and approves the others', async () => {
    // The fresh one first: generating the month brings every pending statement of it up to date.
    const fresh = await staleStatement(0);
    const stale = await staleStatement(1);
    expect(fresh.statement.out_of_date).toBeNull();
    for (const body of [
      { ids: [stale.statement.id, fresh.statement.id] },
      { filter: { entityCode: stale.agency.code } },
    ]) {
      const result = await st.bulkOk('approve', body, REVIEWER);
      expect(result.refused).toEqual([
        {
          id: stale.statement.id,
          entity_code: stale.agency.code,
          statement_month: businessMonth(),
          message: outOfDateRefusal({
            missingEvents: 1,
            differenceCents: Math.round(stale.statement.out_of_date!.difference * 100),
          }),
        },
      ]);
    }
    expect((await st.statementOf(stale.agency)).state).toBe('pending');
    expect((await st.statementOf(fresh.agency)).state).toBe('approved');
  });

  it('recalculates an out-of-date statement, which may then be approved', async () => {
    const { statement } = await staleStatement(2);
    const after = statement.out_of_date!.amount_after;
    const answer = await recalculate(statement, REVIEWER, statement.version);
    expectStatus(answer, 200);
    const recalculated = StatementResponse.parse(answer.body).data;
    expect(recalculated).toMatchObject({ state: 'pending', out_of_date: null, amount: after });
    expect(recalculated.lines).toHaveLength(3);
    expect(recalculated.can.approve).toBe(true);
    expect(recalculated.history.at(-1)).toMatchObject({ type: 'statement.recalculated' });
    // Nothing more to take: a second recalculation appends nothing.
    const again = StatementResponse.parse((await recalculate(recalculated)).body).data;
    expect(again.version).toBe(recalculated.version);
    const approved = await st.commandOk(recalculated, 'approve', REVIEWER);
    expect(approved).toMatchObject({ state: 'approved', amount: after });
  });

  it('recalculates only a pending statement, for a reviewer whose scope holds it, at the version seen', async () => {
    const { statement } = await staleStatement(1);
    expectError(await recalculate(statement, REVIEWER, statement.version + 1), 409);
    expectStatus(await recalculate(statement, payer), 403);
    expectStatus(await recalculate(statement, lakesideUser), 404);
    expectStatus(await recalculate(statement, REVIEWER), 200);
    await st.commandOk(statement, 'approve', REVIEWER);
    const refused = expectError(await recalculate(statement, ADMIN), 409);
    expect(refused.message).toBe(NOT_PENDING_FOR_RECALCULATION);
  });

  it('keeps an approved statement as approved when a sale arrives, and refuses its approval again until recalculated', async () => {
    const { agency, statement } = await staleStatement(0);
    await st.commandOk(statement, 'approve', REVIEWER);
    await st.sellRenters(agency);
    const approved = await st.statementOf(agency);
    expect(approved).toMatchObject({ state: 'approved', out_of_date: { missing_events: 1 } });
    expect(approved.can.recalculate).toBe(false);
    const unapproved = await st.commandOk(approved, 'unapprove', REVIEWER);
    expectError(await st.command(unapproved, 'approve', REVIEWER), 409);
    expectStatus(await recalculate(unapproved), 200);
    expect((await st.commandOk(unapproved, 'approve', REVIEWER)).state).toBe('approved');
  });

  it('generates the month before on a business day of the month, once', async () => {
    const month = monthBefore(businessMonth(), 3);
    const agency = await st.newAgency();
    await st.sellRenters(agency, { soldAt: new Date(`${month}-10T15:00:00Z`) });
    await st.sellRenters(agency, { soldAt: new Date(`${month}-20T15:00:00Z`) });
    const firstDay = `${monthBefore(businessMonth(), 2)}-01`;

    const first = await generateMonthEndStatements(db(), {
      businessDate: firstDay,
      at: startOfBusinessDay(firstDay),
    });
    expect(first.month).toBe(month);
    expect(first.created).toBeGreaterThanOrEqual(1);
    const statement = await st.statementOf(agency, month);
    expect(statement).toMatchObject({ state: 'pending', statement_on: firstDay, out_of_date: null });
    expect(statement.lines).toHaveLength(2);

    // Again that day, and a later day of the month: nothing new.
    for (const businessDate of [firstDay, `${monthBefore(businessMonth(), 2)}-17`]) {
      const again = await generateMonthEndStatements(db(), {
        businessDate,
        at: startOfBusinessDay(businessDate),
      });
      expect(again).toMatchObject({ month, created: 0, recalculated: 0 });
    }
    expect((await st.statementOf(agency, month)).version).toBe(statement.version);

    // A backdated sale later in the month: the daily run brings the pending statement up to date.
    await st.sellRenters(agency, { soldAt: new Date(`${month}-25T15:00:00Z`) });
    expect((await st.statementOf(agency, month)).out_of_date).toMatchObject({ missing_events: 1 });
    const eighteenth = `${monthBefore(businessMonth(), 2)}-18`;
    const caughtUp = await generateMonthEndStatements(db(), {
      businessDate: eighteenth,
      at: startOfBusinessDay(eighteenth),
    });
    expect(caughtUp).toMatchObject({ month, created: 0, recalculated: 1 });
    expect((await st.statementOf(agency, month)).out_of_date).toBeNull();
    await expect(
      generateMonthEndStatements(db(), { businessDate: '2026-02-30', at: new Date() }),
    ).rejects.toThrow(TypeError);
    // The accounting user sees it too (any statement privilege reads).
    expect((await st.statementOf(agency, month, ACCOUNTING)).lines).toHaveLength(3);
  });
});
