import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  isNonRenewing,
  rewriteAllowedFrom,
  statusCodeOf,
  type RentersPolicyState,
} from '../../src/machines/rentersPolicyStatus';
import {
  isRewriteEligible,
  rentersRewriteEligibilityMachine,
  rewriteBlockers,
  type RewriteCheck,
  type RewriteEvent,
} from '../../src/machines/rentersRewriteEligibility';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

type RewriteSnapshot = SnapshotFrom<typeof rentersRewriteEligibilityMachine>;

const OLD = 'RNT-TX-00000042';
const NEW = 'RNT-TX-00000077';

type Checked = Extract<RewriteEvent, { type: 'rewrite.checked' }>;

const check = (overrides: Partial<RewriteCheck>): Checked => ({
  type: 'rewrite.checked',
  check: {
    policyNumber: OLD,
    statusCode: 'ACTIVE',
    nonRenew: false,
    rewrittenAs: null,
    hasRewritePrivilege: true,
    ...overrides,
  },
});

const cancelled = check({ statusCode: 'CANCELLED' });
const nonRenewing = check({ nonRenew: true });
const active = check({});
const noPrivilege = check({ statusCode: 'CANCELLED', hasRewritePrivilege: false });
const alreadyRewritten = check({ statusCode: 'CANCELLED', rewrittenAs: NEW });
const started: RewriteEvent = { type: 'rewrite.started', quoteId: '3f1c9a52-7d2e-4f1b-9a55-0c6f4b7e2d10' };
const completed: RewriteEvent = { type: 'rewrite.completed', newPolicyNumber: NEW };

const samples: RewriteEvent[] = [
  cancelled,
  nonRenewing,
  active,
  noPrivilege,
  alreadyRewritten,
  started,
  { type: 'rewrite.started', quoteId: ' ' },
  { type: 'rewrite.abandoned' },
  completed,
  { type: 'rewrite.completed', newPolicyNumber: OLD },
];

const coverage = new CoverageLog();
let strict = true;
let actor: Actor<typeof rentersRewriteEligibilityMachine>;

const can = (e: RewriteEvent) => actor.getSnapshot().can(e);

const execs = Object.fromEntries(
  [...new Set(samples.map((e) => e.type))].map((type) => [
    type,
    ({ event }: { event: RewriteEvent }) => {
      coverage.took(event, transitionsTaken(rentersRewriteEligibilityMachine, actor.getSnapshot(), event));
      actor.send(event);
    },
  ]),
);

function expectCommon(expected: RewriteSnapshot): RewriteSnapshot {
  const s = actor.getSnapshot();
  expect(s.value).toEqual(expected.value);
  // Simple-path vertices are state values alone, so only the shortest paths pin the whole context.
  if (strict) expect(s.context).toEqual(expected.context);
  return s;
}

const states = {
  unknown: (expected: RewriteSnapshot) => {
    const s = expectCommon(expected);
    expect(s.context.policyNumber).toBeNull();
    expect(can(started)).toBe(false);
  },
  ineligible: (expected: RewriteSnapshot) => {
    const s = expectCommon(expected);
    expect(s.context.blockers.length).toBeGreaterThan(0);
    expect(can(started)).toBe(false);
    expect(can(cancelled)).toBe(true);
  },
  eligible: (expected: RewriteSnapshot) => {
    const s = expectCommon(expected);
    expect(s.context.blockers).toEqual([]);
    expect(s.context.quoteId).toBeNull();
    expect(can(started)).toBe(true);
    expect(can({ type: 'rewrite.started', quoteId: '' })).toBe(false);
    expect(can(completed)).toBe(false);
  },
  rewriting: (expected: RewriteSnapshot) => {
    const s = expectCommon(expected);
    expect(s.context.quoteId).not.toBeNull();
    // No second journey, and no re-check, while one is open.
    expect(can(started)).toBe(false);
    expect(can(cancelled)).toBe(false);
    expect(can({ type: 'rewrite.completed', newPolicyNumber: OLD })).toBe(false);
  },
  rewritten: (expected: RewriteSnapshot) => {
    const s = expectCommon(expected);
    expect(s.status).toBe('done');
    expect(s.context.newPolicyNumber).toBe(NEW);
    expect(can(started)).toBe(false);
    expect(can(cancelled)).toBe(false);
  },
};

const model = createTestModel(rentersRewriteEligibilityMachine, {
  events: (state) => samples.filter((e) => state.can(e)),
  serializeState: (state: RewriteSnapshot, event: EventObject | undefined, prev?: RewriteSnapshot) =>
    JSON.stringify([state.value, state.context]) +
    JSON.stringify(event && prev ? transitionsTaken(rentersRewriteEligibilityMachine, prev, event) : []),
});
const journeys = createTestModel(rentersRewriteEligibilityMachine, {
  events: (state) => samples.filter((e) => state.can(e)),
  serializeState: (state: RewriteSnapshot) => JSON.stringify(state.value),
});

describe('renters rewrite eligibility machine (model-based)', () => {
  const suites = { shortest: model.getShortestPaths(), simple: journeys.getSimplePaths() };
  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(rentersRewriteEligibilityMachine).start();
          strict = name === 'shortest';
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('names why a policy may not be rewritten', () => {
    expect(rewriteBlockers({ ...active.check })).toEqual([
      'Only a cancelled or non-renewing policy can be rewritten.',
    ]);
    expect(rewriteBlockers(noPrivilege.check)).toEqual(['You may not rewrite renters policies.']);
    expect(rewriteBlockers(alreadyRewritten.check)).toEqual([`The policy was already rewritten as ${NEW}.`]);
    expect(isRewriteEligible({ ...cancelled.check, policyNumber: ' ' })).toBe(false);
  });

  // The record shows the status code and the non-renewal flag; both come from the policy's lifecycle state,
  // and the eligibility they give is the one the lifecycle allows a rewrite from.
  it('agrees with the policy lifecycle on which policies may be rewritten', () => {
    const lifecycle: RentersPolicyState[] = [
      'active',
      'nonRenewing',
      'pendingCancellation',
      'cancelled',
      'expired',
      'rewritten',
    ];
    for (const state of lifecycle) {
      const shown: RewriteCheck = {
        policyNumber: OLD,
        statusCode: statusCodeOf(state),
        nonRenew: isNonRenewing(state),
        rewrittenAs: state === 'rewritten' ? NEW : null,
        hasRewritePrivilege: true,
      };
      expect(isRewriteEligible(shown), state).toBe(rewriteAllowedFrom(state));
    }
  });

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual(
      [...listTransitions(rentersRewriteEligibilityMachine)].sort(),
    );
  });

  afterAll(() => writeCoverage('rentersRewriteEligibility', coverage.covered, coverage.paths));
});
