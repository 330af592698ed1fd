import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  changeAllowedFrom,
  isNonRenewing,
  rentersPolicyStatusMachine,
  rewriteAllowedFrom,
  statusCodeOf,
  type RentersPolicyEvent,
  type RentersPolicyState,
} from '../../src/machines/rentersPolicyStatus';
import {
  rentersPolicyFacts,
  rentersRecordFlags,
  rentersStatusOn,
} from '../../src/machines/rentersRecordFlags';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

type StatusSnapshot = SnapshotFrom<typeof rentersPolicyStatusMachine>;

// Every event the lifecycle knows, with each kind of cancellation: flat, effective at once, and pending.
const issued: RentersPolicyEvent = {
  type: 'renters.policyIssued',
  effectiveDate: '2026-11-01',
  expirationDate: '2027-11-01',
};
const flat: RentersPolicyEvent = {
  type: 'renters.cancelled',
  method: 'FLAT',
  cancelDate: '2026-11-01',
  immediate: false,
};
const now: RentersPolicyEvent = {
  type: 'renters.cancelled',
  method: 'PRO_RATA',
  cancelDate: '2026-11-20',
  immediate: true,
};
const later: RentersPolicyEvent = {
  type: 'renters.cancelled',
  method: 'PRO_RATA',
  cancelDate: '2027-02-01',
  immediate: false,
};
const tookEffect: RentersPolicyEvent = { type: 'renters.cancellationTookEffect' };
const discontinued: RentersPolicyEvent = {
  type: 'renters.discontinued',
  nonRenewEffectiveDate: '2027-11-01',
};
const nonRenewalTookEffect: RentersPolicyEvent = { type: 'renters.nonRenewalTookEffect' };
const reinstated: RentersPolicyEvent = { type: 'renters.reinstated' };
const rewritten: RentersPolicyEvent = { type: 'renters.rewritten', newPolicyNumber: 'RNT-TX-00000099' };
const renewal: RentersPolicyEvent[] = [
  {
    type: 'renters.renewalOffered',
    effectiveDate: '2027-11-01',
    expirationDate: '2028-11-01',
    amountCents: 18_400,
  },
  { type: 'renters.renewalPaymentReceived', effectiveDate: '2027-11-01' },
  { type: 'renters.renewed', effectiveDate: '2027-11-01', expirationDate: '2028-11-01' },
];
const records: RentersPolicyEvent[] = [
  { type: 'renters.addressChanged', addressType: 'MAILING', confirmed: false },
  { type: 'renters.addressConfirmed', addressType: 'MAILING' },
  { type: 'renters.contactChanged' },
  { type: 'renters.additionalInsuredAdded', insuredId: 'a1' },
  { type: 'renters.additionalInsuredRemoved', insuredId: 'a1' },
  { type: 'renters.paymentMethodChanged' },
  { type: 'renters.noteAdded' },
  { type: 'renters.documentGenerated' },
  { type: 'renters.settled' },
];
const ALL: RentersPolicyEvent[] = [
  issued,
  flat,
  now,
  later,
  tookEffect,
  discontinued,
  nonRenewalTookEffect,
  reinstated,
  rewritten,
  ...renewal,
  ...records,
];

// A day inside the first term, after the free look, before any date the samples name.
const TODAY = '2026-12-15';

const coverage = new CoverageLog();
let actor: Actor<typeof rentersPolicyStatusMachine>;
let log: RentersPolicyEvent[] = [];

const can = (e: RentersPolicyEvent) => actor.getSnapshot().can(e);

// On the real actor after every step: the state, which change flows and rewrite it allows (the same answer as
// `changeAllowedFrom` / `rewriteAllowedFrom`), the status shown, and that folding the log lands in the same
// state (what the server and the record flags see).
function expectState(state: RentersPolicyState) {
  const s = actor.getSnapshot();
  expect(s.value).toBe(state);
  expect(rentersPolicyFacts(log).logged).toBe(state);
  expect(can(later)).toBe(changeAllowedFrom('cancel', state));
  expect(can(flat)).toBe(changeAllowedFrom('cancel', state));
  expect(can(discontinued)).toBe(changeAllowedFrom('discontinue', state));
  expect(can(reinstated)).toBe(changeAllowedFrom('reinstate', state));
  expect(can(rewritten)).toBe(rewriteAllowedFrom(state));
  // SPEC §4: rewrite when CANCELLED or flagged non-renewing, and never twice.
  expect(rewriteAllowedFrom(state)).toBe(
    state !== 'rewritten' && (statusCodeOf(state) === 'CANCELLED' || isNonRenewing(state)),
  );
  expect(can(issued)).toBe(state === 'absent');
  // A new payment method reaches a policy still billed or lapsed and open to a late payment (cancelled), never
  // an expired or rewritten one (docs/decisions/020); every other record is taken in every state after issue.
  for (const r of records)
    expect(can(r)).toBe(
      r.type === 'renters.paymentMethodChanged'
        ? !['absent', 'expired', 'rewritten'].includes(state)
        : state !== 'absent',
    );
  for (const r of renewal) expect(can(r)).toBe(state === 'active');
  expect(can(tookEffect)).toBe(state === 'pendingCancellation');
  expect(can(nonRenewalTookEffect)).toBe(state === 'nonRenewing');
  expect(statusCodeOf(state) === null).toBe(state === 'absent');
  // The flags read the same log; on a day before any date of the samples the day changes nothing.
  expect(rentersStatusOn(rentersPolicyFacts(log), TODAY).state).toBe(state);
  const flags = rentersRecordFlags(log, TODAY);
  expect(flags.canBeDiscontinued).toBe(state === 'active');
  expect(flags.isCurrent).toBe(['active', 'nonRenewing', 'pendingCancellation'].includes(state));
  // TODAY is past the first term's free look; only a renewal recorded ahead of its term starts a new one.
  const term = rentersPolicyFacts(log).term;
  expect(flags.canBeFlatCancelled).toBe(
    changeAllowedFrom('cancel', state) && term !== null && term.effectiveDate > TODAY,
  );
  // The only final state is none: every state after issue keeps taking records.
  expect(s.status).toBe('active');
}

const STATES: RentersPolicyState[] = [
  'absent',
  'active',
  'nonRenewing',
  'pendingCancellation',
  'cancelled',
  'expired',
  'rewritten',
];
const states = Object.fromEntries(STATES.map((state) => [state, () => expectState(state)]));

const execs = Object.fromEntries(
  [...new Set(ALL.map((e) => e.type))].map((type) => [
    type,
    ({ event }: { event: RentersPolicyEvent }) => {
      coverage.took(event, transitionsTaken(rentersPolicyStatusMachine, actor.getSnapshot(), event));
      actor.send(event);
      log.push(event);
    },
  ]),
);

// A vertex is the state and the transition that led there, so shortest paths take every transition.
const model = createTestModel(rentersPolicyStatusMachine, {
  events: (state) => ALL.filter((e) => state.can(e)),
  serializeState: (state: StatusSnapshot, event: EventObject | undefined, prev?: StatusSnapshot) =>
    JSON.stringify(state.value) +
    JSON.stringify(event && prev ? transitionsTaken(rentersPolicyStatusMachine, prev, event) : []),
});
// Simple paths over the states alone: every way through the lifecycle without repeating a state.
const journeys = createTestModel(rentersPolicyStatusMachine, {
  events: (state) => ALL.filter((e) => state.can(e)),
  serializeState: (state: StatusSnapshot) => JSON.stringify(state.value),
});

describe('renters policy status machine (model-based)', () => {
  const suites = { shortest: model.getShortestPaths(), simple: journeys.getSimplePaths() };
  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(rentersPolicyStatusMachine).start();
          log = [];
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('lets a pending cancellation or a non-renewal take effect on its date, and not before', () => {
    const pending = rentersPolicyFacts([issued, later]);
    expect(rentersStatusOn(pending, '2027-01-31')).toEqual({ state: 'pendingCancellation', due: [] });
    expect(rentersStatusOn(pending, '2027-02-01')).toEqual({ state: 'cancelled', due: [tookEffect] });
    const nonRenewing = rentersPolicyFacts([issued, discontinued]);
    expect(rentersStatusOn(nonRenewing, '2027-10-31').state).toBe('nonRenewing');
    expect(rentersStatusOn(nonRenewing, '2027-11-01')).toEqual({
      state: 'expired',
      due: [nonRenewalTookEffect],
    });
  });

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(rentersPolicyStatusMachine)].sort());
  });

  afterAll(() => writeCoverage('rentersPolicyStatus', coverage.covered, coverage.paths));
});
