import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankAccountVerificationResponse } from '../../src/api/schemas/bankAccounts';
import {
  BulkStatementResponse,
  OverrideResponse,
  StatementResponse,
  type BulkCommand,
} from '../../src/api/schemas/commissionStatements';
import {
  commandRefusal,
  outOfDateRefusal,
  type StatementCommand,
  type StatementState,
} from '../../src/machines/commissionStatement';
import { noBankAccountMessage } from '../../src/server/domain/commission/statementCommands';
import type { Db } from '../../src/server/store/db';
import {
  NON_RTP_BANK,
  RTP_BANK,
  monthBefore,
  statementApi,
  businessToday,
  businessMonth,
  type Agency,
  type StatementApi,
} from '../support/commissionStatementApi';
import { entityApi, expectStatus, type EntityApi } from '../support/entityApi';
import { expectError } from '../support/http';
import { cents, sumCents } from '../support/moneyModel';
import { ACCOUNTING, ADMIN, REVIEWER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Payouts never exceed approved commission: random sequences of sales, statement generation, review and
// payment commands (one by one and in bulk), overrides and bank account verifications, driven through the API
// of one server (fast-check's model-based commands) over two fresh agencies and two months per sequence. The
// model says what the server must allow: a statement is paid only from approved and only into a verified
// bank account of its entity, for exactly the total the reviewer approved (lines plus overrides); everything
// else answers 409 and changes nothing. After every command each statement is checked against the model,
// and the statements' event logs are folded on their own to prove the same of every payment ever recorded.
const RUNS = 10;
const MAX_COMMANDS = 15;
const PROPERTY_TIMEOUT = 150_000;

type State = Exclude<StatementState, 'absent'>;
interface StatementModel {
  id: number;
  agency: number;
  month: string;
  state: State;
  // The policies its lines name, and the sum of their commission as last generated.
  lines: string[];
  amount: number;
  overrides: { id: number; cents: number }[];
  // Lines plus overrides when it was approved: what a payment must be.
  approvedTotal: number | null;
}
interface PayoutModel {
  agencies: (Agency & { verified: boolean })[];
  months: string[];
  // Policy numbers sold per agency and month.
  sales: Map<string, string[]>;
  statements: Map<string, StatementModel>;
}
interface Real {
  e: EntityApi;
  st: StatementApi;
  db: Db;
}
type PayoutCommand = fc.AsyncCommand<PayoutModel, Real>;

const keyOf = (agency: number, month: string) => `${agency}:${month}`;
const liveTotal = (s: StatementModel) => s.amount + sumCents(s.overrides.map((o) => o.cents));
const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;

// The months sequences sell in: those the house's schedule covers (from 2025-01), before this month. Each
// sequence takes the next two, so generation touches few agencies besides its own.
const MONTHS = (() => {
  const months: string[] = [];
  for (let m = monthBefore(businessMonth()); m >= '2025-01'; m = monthBefore(m)) months.push(m);
  return months;
})();
let monthsTaken = 0;
const nextMonths = () => [0, 1].map(() => MONTHS[monthsTaken++ % MONTHS.length]!);

const COMMAND_PERSONA: Record<StatementCommand, string> = {
  approve: REVIEWER,
  unapprove: REVIEWER,
  markPaid: ACCOUNTING,
  markUnpaid: ACCOUNTING,
};
const ROUTE: Record<StatementCommand, BulkCommand> = {
  approve: 'approve',
  unapprove: 'unapprove',
  markPaid: 'mark-paid',
  markUnpaid: 'mark-unpaid',
};
const NEXT: Record<StatementCommand, State> = {
  approve: 'approved',
  unapprove: 'pending',
  markPaid: 'paid',
  markUnpaid: 'approved',
};

// The refusal of approving a pending statement that sales of its month arrived after (docs/decisions/014).
// The model counts the missing sales; what their commission comes to is the server's rules' to say.
function outOfDatePattern(missingEvents: number): RegExp {
  const [before, after] = outOfDateRefusal({ missingEvents, differenceCents: 0 })
    .split('$0.00')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}-?\\$[\\d,]+\\.\\d{2}${after}$`);
}

// What the server must answer a command on a statement in the model's state: null when it moves it.
function refusalOf(m: PayoutModel, s: StatementModel, command: StatementCommand): string | RegExp | null {
  const refusal = commandRefusal(command, s.state);
  if (refusal) return refusal;
  const agency = m.agencies[s.agency]!;
  if (command === 'approve') {
    const missing = (m.sales.get(keyOf(s.agency, s.month)) ?? []).filter((p) => !s.lines.includes(p));
    return missing.length > 0 ? outOfDatePattern(missing.length) : null;
  }
  return command === 'markPaid' && !agency.verified ? noBankAccountMessage(agency.code) : null;
}

const expectRefusal = (message: string, refusal: string | RegExp) =>
  typeof refusal === 'string' ? expect(message).toBe(refusal) : expect(message).toMatch(refusal);

// The model's side of a command the server took.
function applyCommand(s: StatementModel, command: StatementCommand) {
  s.state = NEXT[command];
  if (command === 'approve') s.approvedTotal = liveTotal(s);
  if (command === 'unapprove') s.approvedTotal = null;
}

// ---------- the checks ----------

interface LoggedEvent {
  stream_id: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
}

// Folds a statement's log on its own (not through the server's machine): every payment leaves an approved
// statement, into a verified bank account of the statement's entity, for the lines plus live overrides the
// reviewer approved, none of which changed between approval and payment. Answers what is paid now.
function foldPayments(events: readonly LoggedEvent[], entityId: number, accounts: Map<string, number>) {
  let state: StatementState = 'absent';
  let amount = 0;
  const overrides = new Map<number, number>();
  let approved: number | null = null;
  let paid = 0;
  const total = () => amount + sumCents([...overrides.values()]);
  for (const e of events) {
    const where = `statement ${e.stream_id} v${e.version} ${e.type} in ${state}`;
    switch (e.type) {
      case 'statement.generated':
      case 'statement.recalculated':
        expect(state === 'absent' || state === 'pending', where).toBe(true);
        amount = Number(e.data.amountCents);
        state = 'pending';
        break;
      case 'statement.overrideAdded':
      case 'statement.overrideUpdated':
        expect(state, where).toBe('pending');
        overrides.set(Number(e.data.overrideId), Number(e.data.amountCents));
        break;
      case 'statement.overrideDeleted':
        expect(state, where).toBe('pending');
        overrides.delete(Number(e.data.overrideId));
        break;
      case 'statement.approved':
        expect(state, where).toBe('pending');
        state = 'approved';
        approved = total();
        break;
      case 'statement.unapproved':
        expect(state, where).toBe('approved');
        state = 'pending';
        approved = null;
        break;
      case 'statement.markedPaid':
        expect(state, where).toBe('approved');
        expect(e.data.bankAccountVerified, where).toBe(true);
        expect(accounts.get(String(e.data.bankAccountId)), `${where}: paid into a verified account`).toBe(
          entityId,
        );
        expect(Number(e.data.paymentAmountCents), where).toBe(approved);
        expect(total(), where).toBe(approved);
        state = 'paid';
        paid = Number(e.data.paymentAmountCents);
        break;
      case 'statement.markedUnpaid':
        expect(state, where).toBe('paid');
        state = 'approved';
        paid = 0;
        break;
    }
  }
  return { state, paid, approved };
}

// Every statement of the sequence as the agencies' lists show it, the ones the command touched in full, and
// the logs of all of them folded on their own.
async function expectPayouts(
  r: Real,
  m: PayoutModel,
  touched: readonly StatementModel[] = [],
): Promise<void> {
  const statements = [...m.statements.values()];
  for (const [index, agency] of m.agencies.entries()) {
    const own = statements.filter((s) => s.agency === index);
    const rows = await r.st.list(agency.id, ADMIN);
    expect(rows.map((row) => row.id).sort()).toEqual(own.map((s) => s.id).sort());
    for (const row of rows) {
      const s = own.find((x) => x.id === row.id)!;
      expect(
        {
          state: row.state,
          lines: row.lineCount,
          amount: cents(row.amount),
          overrides: cents(row.overrideTotal),
          total: cents(row.paymentTotal),
          paid: row.paidOn !== null,
        },
        `statement ${s.id} (${agency.code} ${s.month})`,
      ).toEqual({
        state: s.state,
        lines: s.lines.length,
        amount: s.amount,
        overrides: liveTotal(s) - s.amount,
        total: liveTotal(s),
        paid: s.state === 'paid',
      });
    }
  }
  for (const s of touched) {
    const agency = m.agencies[s.agency]!;
    const view = await r.st.detail(agency.id, s.id, ADMIN);
    const where = `statement ${s.id} (${agency.code} ${s.month})`;
    expect(view.state, where).toBe(s.state);
    expect(view.lines.map((l) => l.policy_number).sort(), where).toEqual([...s.lines].sort());
    expect(cents(view.amount), where).toBe(s.amount);
    expect(
      view.overrides.filter((o) => !o.deleted).map((o) => [o.id, cents(o.amount)]),
      where,
    ).toEqual(s.overrides.map((o) => [o.id, o.cents]));
    expect(cents(view.payment_total), where).toBe(liveTotal(s));
    expect(view.payment_amount === null ? null : cents(view.payment_amount), where).toBe(
      s.state === 'paid' ? s.approvedTotal : null,
    );
    expect(view.has_verified_bank_account, where).toBe(agency.verified);
  }
  if (statements.length === 0) return;

  // The logs of every statement of the sequence's agencies, folded on their own.
  const entityIds = m.agencies.map((a) => a.id);
  const rows = await r.db
    .selectFrom('commission_statements')
    .select(['id', 'entity_id', 'state', 'payment_amount_cents'])
    .where('entity_id', 'in', entityIds)
    .execute();
  expect(rows.map((row) => row.id).sort()).toEqual(statements.map((s) => s.id).sort());
  const events = (await r.db
    .selectFrom('events')
    .select(['stream_id', 'version', 'type', 'data'])
    .where('stream_type', '=', 'commission_statement')
    .where(
      'stream_id',
      'in',
      rows.map((row) => String(row.id)),
    )
    .orderBy('stream_id')
    .orderBy('version')
    .execute()) as LoggedEvent[];
  const verified = await r.db
    .selectFrom('entity_bank_accounts')
    .select(['id', 'entity_id'])
    .where('entity_id', 'in', entityIds)
    .where('verified', '=', true)
    .execute();
  const accounts = new Map(verified.map((a) => [a.id, a.entity_id]));
  const paidPerEntity = new Map<number, { paid: number; approved: number }>();
  for (const row of rows) {
    const folded = foldPayments(
      events.filter((e) => e.stream_id === String(row.id)),
      row.entity_id,
      accounts,
    );
    expect(folded.state).toBe(row.state);
    expect(row.payment_amount_cents === null ? 0 : Number(row.payment_amount_cents)).toBe(folded.paid);
    const sums = paidPerEntity.get(row.entity_id) ?? { paid: 0, approved: 0 };
    sums.paid += folded.paid;
    if (folded.state === 'paid') sums.approved += folded.approved!;
    paidPerEntity.set(row.entity_id, sums);
  }
  for (const [entityId, { paid, approved }] of paidPerEntity) {
    expect(paid, `entity ${entityId}: paid ${paid} of ${approved} approved`).toBeLessThanOrEqual(approved);
    expect(paid).toBe(approved);
  }
}

// ---------- the commands ----------

// A command the model allows, done as the screens do it.
async function commandOk(m: PayoutModel, r: Real, s: StatementModel, command: StatementCommand) {
  expect(refusalOf(m, s, command)).toBeNull();
  const agency = m.agencies[s.agency]!;
  const answer = await r.st.command(
    { entity_id: agency.id, id: s.id },
    ROUTE[command],
    COMMAND_PERSONA[command],
  );
  expectStatus(answer, 200);
  applyCommand(s, command);
}

// A renters policy of the agency sold in the month (recorded mid-month): a line of its statement once generated.
async function sell(m: PayoutModel, r: Real, agencyIndex: number, monthIndex: number) {
  const month = pick(m.months, monthIndex);
  const agency = pick(m.agencies, agencyIndex);
  const sold = await r.st.sellRenters(agency, { soldAt: new Date(`${month}-15T12:00:00Z`) });
  const key = keyOf(agencyIndex % m.agencies.length, month);
  m.sales.set(key, [...(m.sales.get(key) ?? []), sold.policyNumber]);
}

class Sell implements PayoutCommand {
  constructor(
    readonly agency: number,
    readonly month: number,
  ) {}
  check = () => true;
  async run(m: PayoutModel, r: Real) {
    await sell(m, r, this.agency, this.month);
    // Nothing changes on a statement before it is generated again.
    await expectPayouts(r, m);
  }
  toString = () => `sell(agency #${this.agency}, month #${this.month})`;
}

// The month's statements generated (docs/commission.md "Statement generation"): created for an agency with
// sales, recalculated while pending, kept as approved otherwise. Answers the sequence's statements of the month.
async function generate(m: PayoutModel, r: Real, monthIndex: number): Promise<StatementModel[]> {
  const month = pick(m.months, monthIndex);
  const outcome = await r.st.generate(month, ADMIN);
  const kept: number[] = [];
  const touched: StatementModel[] = [];
  for (const [index, agency] of m.agencies.entries()) {
    const key = keyOf(index, month);
    const sold = m.sales.get(key) ?? [];
    let s = m.statements.get(key);
    if (!s) {
      if (sold.length === 0) continue;
      const rows = await r.st.list(agency.id, ADMIN, `&filter[date]=${month}`);
      expect(rows, `${agency.code} ${month}`).toHaveLength(1);
      s = {
        id: rows[0]!.id,
        agency: index,
        month,
        state: 'pending',
        lines: [],
        amount: 0,
        overrides: [],
        approvedTotal: null,
      };
      m.statements.set(key, s);
    }
    touched.push(s);
    const changed = [...s.lines].sort().join() !== [...sold].sort().join();
    if (s.state !== 'pending') {
      // Approved figures stay as the reviewer saw them; the run says which it kept.
      if (changed) kept.push(s.id);
      continue;
    }
    s.lines = [...sold];
    const view = await r.st.detail(agency.id, s.id, ADMIN);
    // Each sale is one line that a rule pays; the statement's amount is their sum.
    for (const line of view.lines) expect(line.amount, line.explanation).toBeGreaterThan(0);
    s.amount = sumCents(view.lines.map((l) => cents(l.amount)));
  }
  const ours = new Set([...m.statements.values()].map((s) => s.id));
  expect(
    outcome.kept
      .map((k) => k.id)
      .filter((id) => ours.has(id))
      .sort(),
  ).toEqual(kept.sort());
  return touched;
}

class Generate implements PayoutCommand {
  constructor(readonly month: number) {}
  check = () => true;
  async run(m: PayoutModel, r: Real) {
    await expectPayouts(r, m, await generate(m, r, this.month));
  }
  toString = () => `generate(month #${this.month})`;
}

// Finds the model's statement a command names; such commands only run once it exists.
const statementAt = (m: Readonly<PayoutModel>, agency: number, month: number) =>
  m.statements.get(keyOf(agency % m.agencies.length, pick(m.months, month)));

class Command implements PayoutCommand {
  constructor(
    readonly command: StatementCommand,
    readonly agency: number,
    readonly month: number,
  ) {}
  check = (m: Readonly<PayoutModel>) => statementAt(m, this.agency, this.month) !== undefined;
  async run(m: PayoutModel, r: Real) {
    const s = statementAt(m, this.agency, this.month)!;
    const agency = m.agencies[s.agency]!;
    const refusal = refusalOf(m, s, this.command);
    const before = await r.st.detail(agency.id, s.id, ADMIN);
    const answer = await r.st.command(
      { entity_id: agency.id, id: s.id },
      ROUTE[this.command],
      COMMAND_PERSONA[this.command],
      before.version,
    );
    if (refusal) {
      expectRefusal(expectError(answer, 409).message, refusal);
      expect((await r.st.detail(agency.id, s.id, ADMIN)).version).toBe(before.version);
    } else {
      expectStatus(answer, 200);
      applyCommand(s, this.command);
      const view = StatementResponse.parse(answer.body).data;
      expect(view.state).toBe(s.state);
      if (this.command === 'markPaid') {
        expect(cents(view.payment_amount!)).toBe(s.approvedTotal);
        expect(view.paid_on).toBe(businessToday());
      }
    }
    await expectPayouts(r, m, [s]);
  }
  toString = () => `${this.command}(agency #${this.agency}, month #${this.month})`;
}

// The same commands for every statement of the sequence at once: each row moves or comes back refused with
// the reason it would get alone.
class Bulk implements PayoutCommand {
  constructor(readonly command: StatementCommand) {}
  check = (m: Readonly<PayoutModel>) => m.statements.size > 0;
  async run(m: PayoutModel, r: Real) {
    const statements = [...m.statements.values()];
    const refusals = new Map(statements.map((s) => [s.id, refusalOf(m, s, this.command)]));
    const answer = await r.st.bulk(
      ROUTE[this.command],
      { ids: statements.map((s) => s.id) },
      COMMAND_PERSONA[this.command],
    );
    expectStatus(answer, 200);
    const result = BulkStatementResponse.parse(answer.body).data;
    const refused = statements.filter((s) => refusals.get(s.id) !== null);
    expect(result.matched).toBe(statements.length);
    expect(result.affected).toBe(statements.length - refused.length);
    expect(result.refused.map((x) => x.id).sort()).toEqual(refused.map((s) => s.id).sort());
    for (const x of result.refused) expectRefusal(x.message, refusals.get(x.id)!);
    for (const s of statements) if (refusals.get(s.id) === null) applyCommand(s, this.command);
    await expectPayouts(r, m, statements);
  }
  toString = () => `bulk ${this.command}`;
}

class AddOverride implements PayoutCommand {
  constructor(
    readonly agency: number,
    readonly month: number,
    readonly cents: number,
  ) {}
  check = (m: Readonly<PayoutModel>) => statementAt(m, this.agency, this.month) !== undefined;
  async run(m: PayoutModel, r: Real) {
    const s = statementAt(m, this.agency, this.month)!;
    const agency = m.agencies[s.agency]!;
    const answer = await r.e.post(r.st.path(agency.id, s.id, '/overrides'), REVIEWER, {
      data: {
        amount: this.cents / 100,
        type_code: this.cents > 0 ? 'PRODUCTION_BONUS' : 'FEE',
        note: 'Model sequence',
      },
    });
    // Part of what the reviewer approves: only while pending.
    if (s.state === 'pending') {
      expectStatus(answer, 201);
      s.overrides.push({ id: OverrideResponse.parse(answer.body).data.id, cents: this.cents });
    } else expectError(answer, 409);
    await expectPayouts(r, m, [s]);
  }
  toString = () => `addOverride(agency #${this.agency}, month #${this.month}, ${this.cents}c)`;
}

class DeleteOverride implements PayoutCommand {
  constructor(
    readonly agency: number,
    readonly month: number,
  ) {}
  check = (m: Readonly<PayoutModel>) => (statementAt(m, this.agency, this.month)?.overrides.length ?? 0) > 0;
  async run(m: PayoutModel, r: Real) {
    const s = statementAt(m, this.agency, this.month)!;
    const agency = m.agencies[s.agency]!;
    const target = s.overrides[0]!;
    const answer = await r.e.del(r.st.path(agency.id, s.id, `/overrides/${target.id}`), REVIEWER);
    if (s.state === 'pending') {
      expectStatus(answer, 200);
      s.overrides = s.overrides.slice(1);
    } else expectError(answer, 409);
    await expectPayouts(r, m, [s]);
  }
  toString = () => `deleteOverride(agency #${this.agency}, month #${this.month})`;
}

// docs/payments.md "Sandbox answers": an RTP participant verifies unless the account ends in 0000 (closed);
// another bank is not eligible. A failed attempt leaves the entity's active account as it was.
type BankAttempt = 'eligible' | 'closed' | 'notRtp';
async function verify(m: PayoutModel, r: Real, agencyIndex: number, attempt: BankAttempt) {
  const agency = m.agencies[agencyIndex]!;
  const number = String(randomInt(10 ** 7, 10 ** 8));
  const answer = await r.e.post('/v2/bank-accounts', ACCOUNTING, {
    data: {
      entity_id: agency.id,
      routing_number: attempt === 'notRtp' ? NON_RTP_BANK : RTP_BANK,
      account_number: attempt === 'closed' ? `${number}0000` : `${number}1234`,
      holder_name: 'Model Agency LLC',
      account_type: 'checking',
    },
  });
  expectStatus(answer, 200);
  const eligible = BankAccountVerificationResponse.parse(answer.body).data.isRtpEligible;
  expect(eligible).toBe(attempt === 'eligible');
  if (eligible) agency.verified = true;
}

class VerifyBankAccount implements PayoutCommand {
  constructor(
    readonly agency: number,
    readonly attempt: BankAttempt,
  ) {}
  check = () => true;
  async run(m: PayoutModel, r: Real) {
    const index = this.agency % m.agencies.length;
    await verify(m, r, index, this.attempt);
    await expectPayouts(
      r,
      m,
      [...m.statements.values()].filter((s) => s.agency === index),
    );
  }
  toString = () => `verifyBankAccount(agency #${this.agency}, ${this.attempt})`;
}

const agency = fc.nat({ max: 1 });
const month = fc.nat({ max: 1 });
// Approving and paying come up twice as often as undoing them, so sequences of a few commands reach payment.
const statementCommand = fc.constantFrom<StatementCommand>(
  'approve',
  'approve',
  'markPaid',
  'markPaid',
  'unapprove',
  'markUnpaid',
);
const payoutCommands = [
  fc.record({ agency, month }).map(({ agency, month }) => new Sell(agency, month)),
  month.map((month) => new Generate(month)),
  fc
    .record({ command: statementCommand, agency, month })
    .map(({ command, agency, month }) => new Command(command, agency, month)),
  // Twice, so single commands come up as often as everything else together.
  fc
    .record({ command: statementCommand, agency, month })
    .map(({ command, agency, month }) => new Command(command, agency, month)),
  statementCommand.map((command) => new Bulk(command)),
  fc
    .record({
      agency,
      month,
      cents: fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: -50_000, max: -1 })),
    })
    .map(({ agency, month, cents }) => new AddOverride(agency, month, cents)),
  fc.record({ agency, month }).map(({ agency, month }) => new DeleteOverride(agency, month)),
  fc
    .record({ agency, attempt: fc.constantFrom<BankAttempt>('eligible', 'eligible', 'closed', 'notRtp') })
    .map(({ agency, attempt }) => new VerifyBankAccount(agency, attempt)),
];

// Where a sequence starts: which agencies have a verified bank account, and how far each of the four
// statements got (one of an agency without an account stops at approved).
const starts = fc.record({
  verified: fc.tuple(fc.boolean(), fc.boolean()),
  reached: fc.array(fc.constantFrom<State>('pending', 'approved', 'paid'), { minLength: 4, maxLength: 4 }),
});

describe.each(testDatabases())('payout invariants on %s (fast-check command sequences)', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);

  it(
    'a statement is paid only from approved, into a verified account, for exactly what was approved',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          starts,
          fc.commands(payoutCommands, { maxCommands: MAX_COMMANDS }),
          async (start, commands) => {
            const real: Real = { e, st, db: s.t.server.database.db };
            const setup = async () => {
              // Fresh agencies with the house's rules, two months of their own, and a sale of each agency in
              // each month generated into four statements, brought to where the sequence starts.
              const agencies = [await st.newAgency(), await st.newAgency()].map((a) => ({
                ...a,
                verified: false,
              }));
              const model: PayoutModel = {
                agencies,
                months: nextMonths(),
                sales: new Map(),
                statements: new Map(),
              };
              for (const month of [0, 1]) {
                for (const agency of [0, 1]) await sell(model, real, agency, month);
                await generate(model, real, month);
              }
              for (const [index, verified] of start.verified.entries())
                if (verified) await verify(model, real, index, 'eligible');
              for (const [index, statement] of [...model.statements.values()].entries()) {
                const reached = start.reached[index]!;
                if (reached !== 'pending') await commandOk(model, real, statement, 'approve');
                if (reached === 'paid' && agencies[statement.agency]!.verified)
                  await commandOk(model, real, statement, 'markPaid');
              }
              await expectPayouts(real, model, [...model.statements.values()]);
              return { model, real };
            };
            await fc.asyncModelRun(setup, commands);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
