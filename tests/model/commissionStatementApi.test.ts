import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  OverrideResponse,
  StatementResponse,
  type BulkCommand,
  type Statement,
} from '../../src/api/schemas/commissionStatements';
import {
  commandRefusal,
  commissionStatementMachine,
  isEditable,
  statementStatuses,
  type StatementCommand,
  type StatementEvent,
  type StatementState,
} from '../../src/machines/commissionStatement';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { noBankAccountMessage } from '../../src/server/domain/commission/statementCommands';
import { statementApi, businessMonth, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError } from '../support/http';
import { ACCOUNTING, REVIEWER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { coveringPaths, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The commission statement's review and payment statechart (docs/decisions/009) driven against the real
// server: paths that together take every transition are walked through the API, each event done as the
// screens do it (generation and recalculation by the admin after a sale, review by the reviewer, payment by
// accounting, overrides, downloads), and after every step the statement the API shows (its state, statuses,
// what `can` allows, its history) is checked against where the machine is. Every path works on a statement
// of its own: a fresh agency under the house with the house's rules, a pet policy bought for it by
// internal@demo.test, and the month generated.
type StatementSnapshot = SnapshotFrom<typeof commissionStatementMachine>;
const machine = commissionStatementMachine;

const paid: StatementEvent = { type: 'statement.markedPaid', bankAccountVerified: true };
const unverified: StatementEvent = { type: 'statement.markedPaid', bankAccountVerified: false };
// Approval of a statement that holds every event of its month; an out-of-date one is never approved
// (decision 014, tests/api/commissionStatementFreshness.test.ts).
const approved: StatementEvent = { type: 'statement.approved', upToDate: true };
const outOfDate: StatementEvent = { type: 'statement.approved', upToDate: false };
const SAMPLES: StatementEvent[] = [
  { type: 'statement.generated' },
  { type: 'statement.recalculated' },
  { type: 'statement.overrideAdded' },
  { type: 'statement.overrideUpdated' },
  { type: 'statement.overrideDeleted' },
  approved,
  outOfDate,
  { type: 'statement.unapproved' },
  paid,
  unverified,
  { type: 'statement.markedUnpaid' },
  { type: 'statement.downloaded' },
];

// A state per transition taken into it, so the shortest paths reach every transition, self-loops too.
const model = createTestModel(machine, {
  events: (state: StatementSnapshot) => SAMPLES.filter((e) => state.can(e)),
  serializeState: (state: StatementSnapshot, event, prev?: StatementSnapshot) =>
    JSON.stringify([state.value, event && prev ? transitionsTaken(machine, prev, event) : []]),
});

// The covering paths, and one long round trip through every state and back, editing on the way.
const ev = (
  type: Exclude<StatementEvent['type'], 'statement.markedPaid' | 'statement.approved'>,
): StatementEvent => ({ type });
const paths: CoveringPath<StatementEvent>[] = [
  ...coveringPaths(machine, model),
  {
    events: [
      ev('statement.generated'),
      ev('statement.overrideAdded'),
      approved,
      ev('statement.unapproved'),
      ev('statement.overrideUpdated'),
      ev('statement.recalculated'),
      ev('statement.overrideDeleted'),
      approved,
      paid,
      ev('statement.markedUnpaid'),
      ev('statement.unapproved'),
      approved,
      paid,
      ev('statement.downloaded'),
    ],
    transitions: [],
  },
];
const describePath = (path: CoveringPath<StatementEvent>) =>
  path.events.map((e) => e.type.replace('statement.', '')).join(' → ');

// The API's command for each machine command, and who gives it.
const COMMANDS: Record<StatementCommand, { name: BulkCommand; email: string; event: StatementEvent }> = {
  approve: { name: 'approve', email: REVIEWER, event: approved },
  unapprove: { name: 'unapprove', email: REVIEWER, event: ev('statement.unapproved') },
  markPaid: { name: 'mark-paid', email: ACCOUNTING, event: paid },
  markUnpaid: { name: 'mark-unpaid', email: ACCOUNTING, event: ev('statement.markedUnpaid') },
};

// What each database's run drove, once it took every transition.
const coverage: CoverageLog[] = [];

describe.each(testDatabases())(
  'commission statement machine against the API on %s (model-based)',
  (database) => {
    const s = useTestServer(database);
    const e = entityApi(() => s.api);
    const st = statementApi(e, () => s.t);
    const MONTH = businessMonth();
    const here = new CoverageLog();

    // What a path works on.
    interface World {
      agency: Agency | null;
      statement: Statement | null;
      // The policies sold for the agency this month (the statement's lines).
      sold: number;
      // The live override the next update or delete acts on.
      overrideId: number | null;
      verified: boolean;
      downloads: number;
    }

    const overridesPath = (w: World, rest = '') =>
      st.path(w.agency!.id, w.statement!.id, `/overrides${rest}`);
    const refresh = async (w: World) => {
      w.statement = await st.detail(w.agency!.id, w.statement!.id);
      return w.statement;
    };
    const sellAndGenerate = async (w: World) => {
      await st.sellPets(w.agency!, [`Commission${w.sold + 1}`]);
      w.sold++;
      return st.generate();
    };
    const addOverride = async (w: World, actor: Actor<typeof machine>) => {
      const response = await e.post(overridesPath(w), REVIEWER, {
        data: { amount: 12.5, type_code: 'PRODUCTION_BONUS', note: 'Model bonus' },
      });
      expectStatus(response, 201);
      w.overrideId = OverrideResponse.parse(response.body).data.id;
      // Taken on the server: the machine takes it too.
      const event = ev('statement.overrideAdded');
      here.took(event, transitionsTaken(machine, actor.getSnapshot(), event));
      actor.send(event);
    };

    // Does the event against the server, as the screens do.
    async function perform(w: World, event: StatementEvent, actor: Actor<typeof machine>): Promise<void> {
      switch (event.type) {
        case 'statement.generated': {
          w.agency = await st.newAgency();
          expect(await st.list(w.agency.id)).toEqual([]);
          const outcome = await sellAndGenerate(w);
          expect(outcome.created).toBeGreaterThanOrEqual(1);
          w.statement = await st.statementOf(w.agency);
          return;
        }
        case 'statement.recalculated': {
          const before = w.statement!;
          const outcome = await sellAndGenerate(w);
          expect(outcome.recalculated).toBeGreaterThanOrEqual(1);
          expect(outcome.kept.map((k) => k.id)).not.toContain(before.id);
          const after = await refresh(w);
          expect(after.lines).toHaveLength(w.sold);
          expect(after.amount).toBeGreaterThan(before.amount);
          return;
        }
        case 'statement.overrideAdded': {
          const response = await e.post(overridesPath(w), REVIEWER, {
            data: { amount: -7.25, type_code: 'FEE', note: null },
          });
          expectStatus(response, 201);
          w.overrideId = OverrideResponse.parse(response.body).data.id;
          return;
        }
        case 'statement.overrideUpdated': {
          // An override to change: added first when there is none (a step the machine takes as well).
          if (w.overrideId === null) await addOverride(w, actor);
          const response = await e.patch(overridesPath(w, `/${w.overrideId}`), REVIEWER, {
            data: { amount: 20, note: 'Changed' },
          });
          expectStatus(response, 200);
          expect(OverrideResponse.parse(response.body).data).toMatchObject({ amount: 20, deleted: false });
          return;
        }
        case 'statement.overrideDeleted': {
          if (w.overrideId === null) await addOverride(w, actor);
          const response = await e.del(overridesPath(w, `/${w.overrideId}`), REVIEWER);
          expectStatus(response, 200);
          expect(OverrideResponse.parse(response.body).data.deleted).toBe(true);
          w.overrideId = null;
          return;
        }
        case 'statement.markedPaid': {
          // The guard: without a verified bank account the server refuses, naming the agency, and the machine
          // would not take the payment either.
          if (!w.verified) {
            expect(actor.getSnapshot().can(unverified)).toBe(false);
            const refused = await st.command(w.statement!, 'mark-paid', ACCOUNTING);
            expect(expectError(refused, 409).message).toBe(noBankAccountMessage(w.agency!.code));
            expect((await refresh(w)).has_verified_bank_account).toBe(false);
            expect(await st.verifyBankAccount(w.agency!.id)).toBe(true);
            w.verified = true;
          }
          const answer = await st.commandOk(w.statement!, 'mark-paid', ACCOUNTING);
          expect(answer.payment_amount).toBe(answer.payment_total);
          return;
        }
        case 'statement.approved':
        case 'statement.unapproved':
        case 'statement.markedUnpaid': {
          const command = Object.values(COMMANDS).find((c) => c.event.type === event.type)!;
          const version = (await refresh(w)).version;
          const response = await st.command(w.statement!, command.name, command.email, version);
          expectStatus(response, 200);
          w.statement = StatementResponse.parse(response.body).data;
          return;
        }
        case 'statement.downloaded': {
          const format = w.downloads % 2 === 0 ? 'pdf' : 'csv';
          const response = await e.get(
            st.path(w.agency!.id, w.statement!.id, `/download?format=${format}`),
            ACCOUNTING,
          );
          expectStatus(response, 200);
          if (format === 'pdf') expect(response.text.startsWith('%PDF')).toBe(true);
          w.downloads++;
          return;
        }
      }
    }

    // The statement as the API shows it agrees with the machine's state; each command the machine refuses,
    // the server refuses too (409, with the machine's reason), and changes nothing.
    async function expectState(w: World, snapshot: StatementSnapshot, lastEvent: StatementEvent | null) {
      const state = snapshot.value as StatementState;
      if (state === 'absent') {
        expect(w.statement).toBeNull();
        return;
      }
      const statement = await refresh(w);
      const statuses = statementStatuses(state)!;
      expect(statement).toMatchObject({
        state,
        review_status: statuses.review,
        payment_status: statuses.payment,
        statement_month: MONTH,
      });
      expect(statement.history.at(-1)!.type).toBe(lastEvent!.type);
      expect(statement.history).toHaveLength(statement.version);
      // As the admin (every privilege) sees it, `can` is the machine's answer.
      const markPaidEvent: StatementEvent = {
        type: 'statement.markedPaid',
        bankAccountVerified: statement.has_verified_bank_account,
      };
      expect(statement.can).toEqual({
        approve: snapshot.can(COMMANDS.approve.event),
        unapprove: snapshot.can(COMMANDS.unapprove.event),
        markPaid: snapshot.can(markPaidEvent),
        markUnpaid: snapshot.can(COMMANDS.markUnpaid.event),
        editOverrides: isEditable(state),
        recalculate: isEditable(state),
        download: snapshot.can({ type: 'statement.downloaded' }),
      });
      expect(statement.paid_on === null).toBe(state !== 'paid');
      expect(statement.reviewed_at === null).toBe(state === 'pending');

      for (const [command, { name, email, event }] of Object.entries(COMMANDS) as [
        StatementCommand,
        (typeof COMMANDS)[StatementCommand],
      ][]) {
        const refusal = commandRefusal(command, state);
        expect(refusal === null).toBe(snapshot.can(event));
        if (refusal === null) continue;
        const response = await st.command(statement, name, email);
        expect(expectError(response, 409).message, `${command} in ${state}`).toBe(refusal);
      }
      if (!isEditable(state)) {
        const response = await e.post(overridesPath(w), REVIEWER, { data: { amount: 1, type_code: 'FEE' } });
        expectError(response, 409);
      }
      expect((await st.detail(w.agency!.id, statement.id)).version).toBe(statement.version);
    }

    it('has paths that take every transition', () => {
      expect(paths.length).toBeGreaterThan(1);
    });

    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}: ${describePath(path)}`, async () => {
        const world: World = {
          agency: null,
          statement: null,
          sold: 0,
          overrideId: null,
          verified: false,
          downloads: 0,
        };
        const actor = createActor(machine).start();
        here.begin(`API on ${database}`, describePath(path));
        await expectState(world, actor.getSnapshot(), null);
        for (const event of path.events) {
          await perform(world, event, actor);
          const before = actor.getSnapshot();
          expect(before.can(event), `${event.type} in ${String(before.value)}`).toBe(true);
          here.took(event, transitionsTaken(machine, before, event));
          actor.send(event);
          await expectState(world, actor.getSnapshot(), event);
        }
        actor.stop();
        // A path buys a policy or two and walks up to fourteen steps, each checked with a handful of requests.
      }, 120_000);
    }

    it('took every transition of the definition through the API', () => {
      expect([...here.covered].sort()).toEqual([...listTransitions(machine)].sort());
      coverage.push(here);
    });
  },
);

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('commissionStatement', 'api', ...coverage));
