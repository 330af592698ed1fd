import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  policyLifecycleMachine,
  type PolicyLifecycleEvent,
  type PolicyLifecycleState,
} from '../../src/machines/policyLifecycle';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { policyAggregate } from '../../src/server/domain/policies/policyAggregate';
import { policyLifecycleEvent } from '../../src/server/domain/policies/policyEvents';
import { lifecycleOf } from '../../src/server/domain/policies/policyRecord';
import { fold } from '../../src/server/store/aggregate';
import type { NewEvent, StoredEvent } from '../../src/server/store/eventStore';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

// Every event the lifecycle knows, with each kind of cancellation: flat, effective at once, and pending.
const issued: PolicyLifecycleEvent = { type: 'policy.issued' };
const edited: PolicyLifecycleEvent = { type: 'policy.policyholderChanged' };
const flat: PolicyLifecycleEvent = { type: 'policy.cancelled', flat: true, immediate: false };
const now: PolicyLifecycleEvent = { type: 'policy.cancelled', flat: false, immediate: true };
const later: PolicyLifecycleEvent = { type: 'policy.cancelled', flat: false, immediate: false };
const tookEffect: PolicyLifecycleEvent = { type: 'policy.cancellationTookEffect' };
const reinstated: PolicyLifecycleEvent = { type: 'policy.reinstated' };
const offered: PolicyLifecycleEvent = { type: 'policy.renewalOffered' };
const renewed: PolicyLifecycleEvent = { type: 'policy.renewed' };
const annotations: PolicyLifecycleEvent[] = [
  { type: 'policy.noteAdded' },
  { type: 'policy.fileAttached' },
  { type: 'policy.documentGenerated' },
];
const ALL: PolicyLifecycleEvent[] = [
  issued,
  edited,
  flat,
  now,
  later,
  tookEffect,
  reinstated,
  offered,
  renewed,
  ...annotations,
];

// The domain event (as the server stores it) that each machine event stands for.
function domainEvent(event: PolicyLifecycleEvent): NewEvent {
  if (event.type === 'policy.cancelled') {
    return {
      type: 'policy.cancelled',
      data: { flatCancel: event.flat, immediate: event.immediate, cancelEffectiveDate: '2026-12-01' },
    };
  }
  return { type: event.type, data: {} };
}

const coverage = new CoverageLog();
let actor: Actor<typeof policyLifecycleMachine>;
let log: NewEvent[] = [];

const can = (e: PolicyLifecycleEvent) => actor.getSnapshot().can(e);

// On the real actor after every step: the state, what it allows, and that folding the stored log through the
// policy aggregate's mapping lands in the same state (what the server sees).
function expectState(state: PolicyLifecycleState, allows: { cancel: boolean; edit: boolean }) {
  const s = actor.getSnapshot();
  expect(s.value).toBe(state);
  expect(fold(policyAggregate, log).value).toBe(state);
  expect(can(later)).toBe(allows.cancel);
  expect(can(flat)).toBe(allows.cancel);
  expect(can(edited)).toBe(allows.edit);
  expect(can(issued)).toBe(state === 'absent');
  // Notes and files attach after issue; a document is the purchase's, generated in force alone.
  for (const note of annotations)
    expect(can(note)).toBe(
      note.type === 'policy.documentGenerated' ? state === 'inForce' : state !== 'absent',
    );
  expect(can(tookEffect)).toBe(state === 'pendingCancellation');
  // Only a lapse is reinstated, and a lapse cancels at once (docs/decisions/020).
  expect(can(reinstated)).toBe(state === 'cancelled');
  // Only a policy in force to the end of its term is offered a renewal and renews.
  expect(can(offered)).toBe(state === 'inForce');
  expect(can(renewed)).toBe(state === 'inForce');
  // Not final: notes and files still attach to a cancelled policy.
  expect(s.status).toBe('active');
}

const states = {
  absent: () => expectState('absent', { cancel: false, edit: false }),
  inForce: () => expectState('inForce', { cancel: true, edit: true }),
  pendingCancellation: () => expectState('pendingCancellation', { cancel: false, edit: true }),
  cancelled: () => expectState('cancelled', { cancel: false, edit: false }),
};

const execs = Object.fromEntries(
  [...new Set(ALL.map((e) => e.type))].map((type) => [
    type,
    ({ event }: { event: PolicyLifecycleEvent }) => {
      coverage.took(event, transitionsTaken(policyLifecycleMachine, actor.getSnapshot(), event));
      actor.send(event);
      log.push(domainEvent(event));
    },
  ]),
);

const model = createTestModel(policyLifecycleMachine, {
  events: (state) => ALL.filter((e) => state.can(e)),
});

describe('policy lifecycle machine (model-based)', () => {
  const suites = { shortest: model.getShortestPaths(), simple: model.getSimplePaths() };
  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(policyLifecycleMachine).start();
          log = [];
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('refuses events it does not know', () => {
    const inForce = fold(policyAggregate, [domainEvent(issued)]);
    expect(inForce.can(policyLifecycleEvent({ type: 'policy.renamed', data: {} }))).toBe(false);
  });

  it('lets a pending cancellation take effect on its date, and not before', () => {
    const stored = (events: NewEvent[]): StoredEvent[] =>
      events.map((event, i) => ({
        ...event,
        position: String(i + 1),
        streamType: 'policy',
        streamId: 'PET-TX-00000001',
        version: i + 1,
        metadata: { userId: null, entityId: null, requestId: null },
        recordedAt: new Date(),
      }));
    const log = stored([domainEvent(issued), domainEvent(later)]);
    const before = lifecycleOf(log, '2026-11-30');
    expect(before).toMatchObject({ state: 'pendingCancellation', version: 2, due: [] });
    const on = lifecycleOf(log, '2026-12-01');
    expect(on.state).toBe('cancelled');
    expect(on.version).toBe(2);
    expect(on.due).toEqual([
      {
        type: 'policy.cancellationTookEffect',
        data: { cancelEffectiveDate: '2026-12-01' },
        // Dated at the start of the cancel date's business day (Chicago), whenever it is written.
        recordedAt: new Date('2026-12-01T06:00:00Z'),
      },
    ]);
    expect(on.snapshot.can(edited)).toBe(false);
    expect(lifecycleOf(stored([domainEvent(issued), domainEvent(flat)]), '2026-01-01').due).toEqual([]);
  });

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(policyLifecycleMachine)].sort());
  });

  afterAll(() => writeCoverage('policyLifecycle', coverage.covered, coverage.paths));
});
