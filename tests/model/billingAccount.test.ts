import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  billingAccountMachine,
  DUNNING,
  retryOffset,
  retryOffsetAfter,
  type BillingAccountEvent,
  type BillingAccountState,
} from '../../src/machines/billingAccount';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';
import { BILLING_EVENTS, declined, paid, partlyPaid } from './billingAccountEvents';

type BillingSnapshot = SnapshotFrom<typeof billingAccountMachine>;

const ALL = BILLING_EVENTS;

// What each state must allow, the rule book of docs/billing.md in a table.
const ALLOWED: Record<BillingAccountState, BillingAccountEvent['type'][]> = {
  absent: ['billing.opened'],
  current: [
    'billing.instalmentCollected',
    'billing.instalmentDeclined',
    'billing.chargeAdded',
    'billing.termScheduled',
    'billing.refundRecorded',
    'billing.paymentMethodChanged',
    'billing.closed',
  ],
  pastDue: [
    'billing.instalmentCollected',
    'billing.instalmentDeclined',
    'billing.termScheduled',
    'billing.refundRecorded',
    'billing.paymentMethodChanged',
    'billing.lapsed',
    'billing.closed',
  ],
  lapsed: [
    'billing.instalmentCollected',
    'billing.instalmentDeclined',
    'billing.refundRecorded',
    'billing.paymentMethodChanged',
    'billing.reinstated',
    'billing.closed',
  ],
  closed: [
    'billing.termScheduled',
    'billing.instalmentCollected',
    'billing.instalmentDeclined',
    'billing.chargeAdded',
    'billing.refundRecorded',
    'billing.paymentMethodChanged',
  ],
};

const coverage = new CoverageLog();
let actor: Actor<typeof billingAccountMachine>;

function expectState(state: BillingAccountState) {
  const s = actor.getSnapshot();
  expect(s.value).toBe(state);
  for (const e of ALL) expect(s.can(e), `${state} ${e.type}`).toBe(ALLOWED[state].includes(e.type));
  // Only a lapsed account is reinstated, and only an unpaid one lapses: the run never lapses a paid-up policy.
  expect(s.can({ type: 'billing.lapsed' })).toBe(state === 'pastDue');
}

const STATES: BillingAccountState[] = ['absent', 'current', 'pastDue', 'lapsed', 'closed'];
const states = Object.fromEntries(STATES.map((state) => [state, () => expectState(state)]));
const execs = Object.fromEntries(
  [...new Set(ALL.map((e) => e.type))].map((type) => [
    type,
    ({ event }: { event: BillingAccountEvent }) => {
      coverage.took(event, transitionsTaken(billingAccountMachine, actor.getSnapshot(), event));
      actor.send(event);
    },
  ]),
);

const model = createTestModel(billingAccountMachine, {
  events: (state) => ALL.filter((e) => state.can(e)),
  serializeState: (state: BillingSnapshot, event: EventObject | undefined, prev?: BillingSnapshot) =>
    JSON.stringify(state.value) +
    JSON.stringify(event && prev ? transitionsTaken(billingAccountMachine, prev, event) : []),
});

describe('billing account machine (model-based)', () => {
  const paths = model.getShortestPaths();
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(0);
  });
  for (const path of paths) {
    it(path.description, async () => {
      actor = createActor(billingAccountMachine).start();
      coverage.begin('shortest', reachedDescription(path));
      await path.test({ states, events: execs });
      actor.stop();
    });
  }

  it('keeps a past-due account past due until the last declined instalment is paid', () => {
    const a = createActor(billingAccountMachine).start();
    for (const e of [{ type: 'billing.opened' }, declined, declined, partlyPaid] as BillingAccountEvent[]) {
      a.send(e);
    }
    expect(a.getSnapshot().value).toBe('pastDue');
    a.send(paid);
    expect(a.getSnapshot().value).toBe('current');
    a.stop();
  });

  it('retries on the dunning days, inside the grace period, then gives up', () => {
    expect(DUNNING.retryDays.map((_, i) => retryOffset(i + 1))).toEqual([3, 7, 14]);
    expect(retryOffset(DUNNING.retryDays.length + 1)).toBeNull();
    // Counted from the day of the decline, not from the attempts made: a staff decline in between uses no try.
    expect([0, 1, 3, 5, 7, 13, 14, 20].map(retryOffsetAfter)).toEqual([3, 3, 7, 7, 14, 14, null, null]);
    expect(Math.max(...DUNNING.retryDays)).toBeLessThan(DUNNING.graceDays);
  });

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(billingAccountMachine)].sort());
  });

  afterAll(() => writeCoverage('billingAccount', coverage.covered, coverage.paths));
});
