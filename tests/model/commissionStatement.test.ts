import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  COMMAND_EVENTS,
  commandRefusal,
  commissionStatementMachine,
  isEditable,
  outOfDateRefusal,
  stateOfStatuses,
  statementStatuses,
  type StatementCommand,
  type StatementEvent,
  type StatementState,
} from '../../src/machines/commissionStatement';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

// Every event the statement knows, with a payment both with and without a verified bank account, and an
// approval of an up-to-date and of an out-of-date statement (decision 014).
const paid: StatementEvent = { type: 'statement.markedPaid', bankAccountVerified: true };
const unverified: StatementEvent = { type: 'statement.markedPaid', bankAccountVerified: false };
const approved: StatementEvent = { type: 'statement.approved', upToDate: true };
const outOfDate: StatementEvent = { type: 'statement.approved', upToDate: false };
const edits: StatementEvent[] = [
  { type: 'statement.recalculated' },
  { type: 'statement.overrideAdded' },
  { type: 'statement.overrideUpdated' },
  { type: 'statement.overrideDeleted' },
];
const ALL: StatementEvent[] = [
  { type: 'statement.generated' },
  ...edits,
  approved,
  outOfDate,
  { type: 'statement.unapproved' },
  paid,
  unverified,
  { type: 'statement.markedUnpaid' },
  { type: 'statement.downloaded' },
];

const COMMANDS: StatementCommand[] = ['approve', 'unapprove', 'markPaid', 'markUnpaid'];
const commandEvent = (command: StatementCommand): StatementEvent =>
  command === 'markPaid'
    ? paid
    : command === 'approve'
      ? approved
      : ({ type: COMMAND_EVENTS[command] } as StatementEvent);

const coverage = new CoverageLog();
let actor: Actor<typeof commissionStatementMachine>;

const can = (e: StatementEvent) => actor.getSnapshot().can(e);

// On the real actor after every step: the state, its statuses, and that each command is allowed exactly when
// `commandRefusal` (what the bulk answer reports per row) says it is.
function expectState(state: StatementState) {
  const s = actor.getSnapshot();
  expect(s.value).toBe(state);
  for (const command of COMMANDS) {
    expect(can(commandEvent(command)), command).toBe(commandRefusal(command, state) === null);
  }
  expect(can(unverified)).toBe(false);
  expect(can(outOfDate)).toBe(false);
  for (const edit of edits) expect(can(edit)).toBe(isEditable(state));
  expect(can({ type: 'statement.downloaded' })).toBe(state !== 'absent');
  const statuses = statementStatuses(state);
  if (statuses) expect(stateOfStatuses(statuses.review, statuses.payment)).toBe(state);
  else expect(state).toBe('absent');
  expect(s.status).toBe('active');
}

const states = {
  absent: () => expectState('absent'),
  pending: () => expectState('pending'),
  approved: () => expectState('approved'),
  paid: () => expectState('paid'),
};

const execs = Object.fromEntries(
  [...new Set(ALL.map((e) => e.type))].map((type) => [
    type,
    ({ event }: { event: StatementEvent }) => {
      coverage.took(event, transitionsTaken(commissionStatementMachine, actor.getSnapshot(), event));
      actor.send(event);
    },
  ]),
);

const model = createTestModel(commissionStatementMachine, {
  events: (state) => ALL.filter((e) => state.can(e)),
});

describe('commission statement machine (model-based)', () => {
  const suites = { shortest: model.getShortestPaths(), simple: model.getSimplePaths() };
  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(commissionStatementMachine).start();
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('never pays a statement whose entity has no verified bank account', () => {
    actor = createActor(commissionStatementMachine).start();
    actor.send({ type: 'statement.generated' });
    actor.send(approved);
    expect(actor.getSnapshot().can(unverified)).toBe(false);
    actor.send(unverified);
    expect(actor.getSnapshot().value).toBe('approved');
    actor.stop();
  });

  it('never approves a statement that is out of date; recalculated, it is approved', () => {
    actor = createActor(commissionStatementMachine).start();
    actor.send({ type: 'statement.generated' });
    expect(actor.getSnapshot().can(outOfDate)).toBe(false);
    actor.send(outOfDate);
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'statement.recalculated' });
    actor.send(approved);
    expect(actor.getSnapshot().value).toBe('approved');
    actor.stop();
  });

  it('names why a command cannot move a statement', () => {
    expect(outOfDateRefusal({ missingEvents: 2, differenceCents: 1234 })).toBe(
      'This statement is out of date: 2 commissionable events arrived after it was calculated ($12.34). Recalculate it before approving.',
    );
    expect(outOfDateRefusal({ missingEvents: 1, differenceCents: -500 })).toBe(
      'This statement is out of date: 1 commissionable event arrived after it was calculated (-$5.00). Recalculate it before approving.',
    );
    expect(commandRefusal('unapprove', 'paid')).toBe(
      'A paid statement cannot be unapproved; mark it unpaid first.',
    );
    expect(commandRefusal('markPaid', 'pending')).toBe('Only an approved statement can be paid.');
    expect(commandRefusal('markPaid', 'paid')).toBe('The statement is already paid.');
    expect(stateOfStatuses('Pending', 'Paid')).toBeNull();
  });

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(commissionStatementMachine)].sort());
  });

  afterAll(() => writeCoverage('commissionStatement', coverage.covered, coverage.paths));
});
