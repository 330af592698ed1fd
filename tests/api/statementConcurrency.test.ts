import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkStatementResponse,
  StatementResponse,
  type BulkCommand,
  type Statement,
} from '../../src/api/schemas/commissionStatements';
import type { Db } from '../../src/server/store/db';
import {
  monthBefore,
  statementApi,
  businessMonth,
  type StatementApi,
} from '../support/commissionStatementApi';
import { entityApi, type EntityApi } from '../support/entityApi';
import { apiFor, expectError, type ApiResponse } from '../support/http';
import { ACCOUNTING, REVIEWER } from '../support/personas';
import { useServerPair } from '../support/suite';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// Statement commands raced (docs/decisions/009): twenty identical commands sent at once to one statement,
// round after round. Exactly one moves it and the other nineteen are refused with 409, whether they lost on
// the state they read or on the stream's (type, id, version) constraint; the stream's versions run 1..n
// without a gap or a repeat, so no approval or payment is ever recorded twice.
const PARALLEL = 20;
// A hundred rounds of each command, in cycles of 25 per statement: every request reads its statement's whole
// stream, so one statement cycled a hundred times would cost four times as much as four cycled 25 times.
// PGlite runs one transaction at a time, so its waves are sequential underneath; PostgreSQL's are real races.
const CYCLES = 25;
const STATEMENTS = { pglite: 4, postgres: 4, twoServers: 4 } as const;
const roundsOf = (setup: keyof typeof STATEMENTS) => STATEMENTS[setup] * CYCLES;
const TIMEOUT_MS = 240_000;

type Send = (name: BulkCommand, version: number) => Promise<ApiResponse>;

// One wave: PARALLEL copies of the command, half naming the version they saw (a stale one is 409 at once),
// half naming none (they read the stream and lose on its state or on the append).
async function race(senders: readonly Send[], name: BulkCommand, version: number): Promise<Statement> {
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      senders[i % senders.length]!(name, i % 2 === 0 ? version : -1),
    ),
  );
  const won = answers.filter((a) => a.status === 200);
  expect(
    won.map((a) => a.status),
    `${name}: ${answers.map((a) => a.status).join(',')}`,
  ).toHaveLength(1);
  for (const lost of answers.filter((a) => a.status !== 200)) expectError(lost, 409);
  return StatementResponse.parse(won[0]!.body).data;
}

async function streamOf(db: Db, statementId: number) {
  return db
    .selectFrom('events')
    .select(['type', 'version'])
    .where('stream_type', '=', 'commission_statement')
    .where('stream_id', '=', String(statementId))
    .orderBy('position')
    .execute();
}

// The versions in append order are exactly 1..n, and the types alternate as the rounds did.
async function expectStream(db: Db, statementId: number, types: readonly string[]) {
  const events = await streamOf(db, statementId);
  expect(events.map((e) => e.version)).toEqual(types.map((_, i) => i + 1));
  expect(events.map((e) => e.type)).toEqual(types);
}

function senderOf(e: EntityApi, statement: Statement, email: string): Send {
  return (name, version) =>
    e.post(`/v2/entities/${statement.entity_id}/commission-statements/${statement.id}/${name}`, email, {
      data: version < 0 ? {} : { version },
    });
}

// `count` pending statements of one fresh agency: one renters sale in each of the last `count` months,
// each month generated.
async function pendingStatements(st: StatementApi, count: number): Promise<Statement[]> {
  const agency = await st.newAgency();
  const months = Array.from({ length: count }, (_, i) => monthBefore(businessMonth(), i));
  for (const month of months) {
    await st.sellRenters(
      agency,
      month === businessMonth() ? {} : { soldAt: new Date(`${month}-12T15:00:00Z`) },
    );
    await st.generate(month);
  }
  return Promise.all(months.map((month) => st.statementOf(agency, month)));
}

// One uncontested command that must pass, naming the version it expects.
async function step(send: Send, name: BulkCommand, version: number): Promise<Statement> {
  const answer = await send(name, version);
  expect(answer.status, answer.text).toBe(200);
  return StatementResponse.parse(answer.body).data;
}

// `rounds` times: PARALLEL approvals raced, then one unapproval; `senders` spread each wave over servers.
async function approvalCycles(db: Db, statement: Statement, senders: readonly Send[], rounds: number) {
  const types = ['statement.generated'];
  let version = statement.version;
  for (let round = 0; round < rounds; round++) {
    const winner = await race(senders, 'approve', version);
    expect(winner).toMatchObject({ state: 'approved', version: version + 1 });
    const unapproved = await step(senders[0]!, 'unapprove', winner.version);
    expect(unapproved).toMatchObject({ state: 'pending', version: version + 2 });
    version = unapproved.version;
    types.push('statement.approved', 'statement.unapproved');
  }
  await expectStream(db, statement.id, types);
}

// `rounds` times: PARALLEL marks paid raced, then one mark unpaid. Each payment records the amount once.
async function paymentCycles(db: Db, approved: Statement, senders: readonly Send[], rounds: number) {
  const types = (await streamOf(db, approved.id)).map((e) => e.type);
  let version = approved.version;
  for (let round = 0; round < rounds; round++) {
    const winner = await race(senders, 'mark-paid', version);
    expect(winner).toMatchObject({ state: 'paid', version: version + 1, payment_amount: approved.amount });
    const unpaid = await step(senders[0]!, 'mark-unpaid', winner.version);
    expect(unpaid).toMatchObject({ state: 'approved', version: version + 2 });
    version = unpaid.version;
    types.push('statement.markedPaid', 'statement.markedUnpaid');
  }
  await expectStream(db, approved.id, types);
}

// CYCLES approval rounds on each statement, then CYCLES payment rounds on each, approved and its agency given
// a verified bank account; `sendersOf` a persona spread every wave over the servers.
async function raceRounds(
  db: Db,
  st: StatementApi,
  statements: readonly Statement[],
  sendersOf: (statement: Statement, email: string) => Send[],
) {
  for (const statement of statements) {
    await approvalCycles(db, statement, sendersOf(statement, REVIEWER), CYCLES);
  }
  await st.verifyBankAccount(statements[0]!.entity_id);
  for (const statement of statements) {
    const approved = await st.commandOk(statement, 'approve', REVIEWER);
    await paymentCycles(db, approved, sendersOf(approved, ACCOUNTING), CYCLES);
  }
}

describe.each(testDatabases())('statement commands raced on %s', (database) => {
  let t: TestServer;
  let e: EntityApi;
  let st: StatementApi;
  beforeAll(async () => {
    t = await startTestServer(database);
    e = entityApi(() => apiFor(t.url));
    st = statementApi(e, () => t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.server.database.db;

  it(
    `approves ${roundsOf(database)} times and pays ${roundsOf(database)} times with ${PARALLEL} requests at once: one wins each time`,
    { timeout: TIMEOUT_MS },
    async () => {
      const statements = await pendingStatements(st, STATEMENTS[database]);
      await raceRounds(db(), st, statements, (statement, email) => [senderOf(e, statement, email)]);
    },
  );

  it('moves each statement once when bulk commands over the same ids race', async () => {
    const ids = (await pendingStatements(st, 3)).map((s) => s.id);
    for (const name of ['approve', 'unapprove'] as const) {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          e.post(`/v2/commission-statements/${name}`, REVIEWER, { ids }),
        ),
      );
      const results = answers.map((a) => {
        expect(a.status, a.text).toBe(200);
        return BulkStatementResponse.parse(a.body).data;
      });
      expect(results.reduce((sum, r) => sum + r.affected, 0)).toBe(ids.length);
      expect(results.reduce((sum, r) => sum + r.refused.length, 0)).toBe(ids.length * (PARALLEL - 1));
    }
    for (const id of ids) {
      await expectStream(db(), id, ['statement.generated', 'statement.approved', 'statement.unapproved']);
    }
  });

  // An override locks the statement's row before it appends; an approval appends, then updates the row.
  // Raced, the two can deadlock on PostgreSQL: the one aborted answers 409 like any lost race, never 500,
  // and the statement ends either approved with the overrides it had, or pending with every one added.
  it('answers 409, never 500, when overrides and an approval of one statement race', async () => {
    for (const statement of await pendingStatements(st, 2)) {
      for (let round = 0; round < 10; round++) {
        const path = `/v2/entities/${statement.entity_id}/commission-statements/${statement.id}`;
        const answers = await Promise.all([
          e.post(`${path}/approve`, REVIEWER, { data: {} }),
          ...Array.from({ length: 4 }, () =>
            e.post(`${path}/overrides`, REVIEWER, { data: { amount: 1, type_code: 'FEE' } }),
          ),
        ]);
        for (const answer of answers) expect([200, 201, 409], answer.text).toContain(answer.status);
        const state = StatementResponse.parse((await e.get(path, REVIEWER)).body).data.state;
        if (state === 'approved') await st.commandOk(statement, 'unapprove', REVIEWER);
      }
      const events = await streamOf(db(), statement.id);
      expect(events.map((event) => event.version)).toEqual(events.map((_, i) => i + 1));
    }
  });
});

// DESIGN.md "Scale": two server processes on one PostgreSQL schema, every wave split between them.
describe.skipIf(!testDatabases().includes('postgres'))('statement commands raced across two servers', () => {
  const pair = useServerPair();

  it(
    `approves ${roundsOf('twoServers')} times and pays ${roundsOf('twoServers')} times with ${PARALLEL} requests split over two servers`,
    { timeout: TIMEOUT_MS },
    async () => {
      const onA = entityApi(() => apiFor(pair.a.url));
      const onB = entityApi(() => apiFor(pair.b.url));
      const st = statementApi(onA, () => pair.a);
      const statements = await pendingStatements(st, STATEMENTS.twoServers);
      await raceRounds(pair.a.server.database.db, st, statements, (statement, email) => [
        senderOf(onA, statement, email),
        senderOf(onB, statement, email),
      ]);
    },
  );
});
