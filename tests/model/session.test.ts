import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  SESSION_EXPIRED_MESSAGE,
  sessionMachine,
  type SessionEvent,
  type SessionProfile,
} from '../../src/machines/session';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const profile: SessionProfile = { id: 7, name: 'Ada Agent', email: 'agent@demo.test' };

// One sample per event type, with payloads; the model pairs them with the states that accept them.
const events: SessionEvent[] = [
  { type: 'session.restored', profile },
  { type: 'session.restoreFailed' },
  { type: 'session.login' },
  { type: 'session.loginSucceeded', profile },
  {
    type: 'session.loginFailed',
    error: 'Validation error.',
    fieldErrors: { email: ['These credentials do not match our records.'] },
  },
  { type: 'session.expire', status: 401 },
  { type: 'session.expire', status: 419 },
  { type: 'session.expire', status: 503 },
  { type: 'session.logout' },
  { type: 'session.loggedOut' },
  { type: 'session.logoutFailed', error: 'Network error' },
];

// A vertex is the state value plus the transition that led to it, so the shortest paths reach every
// transition once. The auth error counter only grows; leaving it out keeps the graph finite.
function serializeState(
  state: SessionSnapshot,
  event: EventObject | undefined,
  prev?: SessionSnapshot,
): string {
  const { profile: p, error, fieldErrors } = state.context;
  const shape = JSON.stringify({ value: state.value, profile: !!p, error, fields: Object.keys(fieldErrors) });
  return event && prev ? `${shape} via ${JSON.stringify(event)} from ${JSON.stringify(prev.value)}` : shape;
}

const model = createTestModel(sessionMachine, { events, serializeState });

const coverage = new CoverageLog();
let actor: Actor<typeof sessionMachine>;
let countBefore = 0;

function drive(event: SessionEvent): void {
  const before = actor.getSnapshot();
  countBefore = before.context.authErrorCount;
  coverage.took(event, transitionsTaken(sessionMachine, before, event));
  actor.send(event);
}

const execs = Object.fromEntries(
  [...new Set(events.map((e) => e.type))].map((type) => [
    type,
    ({ event }: { event: SessionEvent }) => drive(event),
  ]),
);

// What must hold in each state, checked on the real actor after every step.
const states: Record<string, (expected: SessionSnapshot) => void> = {
  restoring: () => {
    const s = actor.getSnapshot();
    expect(s.value).toBe('restoring');
    expect(s.context.profile).toBeNull();
  },
  unauthorised: (expected) => {
    const s = actor.getSnapshot();
    expect(s.value).toBe('unauthorised');
    expect(s.context.profile).toBeNull();
    // The counter is left out of the model's vertices, so compare the rest of the context.
    const { authErrorCount: _expectedCount, ...expectedRest } = expected.context;
    const { authErrorCount: _actualCount, ...actualRest } = s.context;
    expect(actualRest).toEqual(expectedRest);
    if (s.context.error === SESSION_EXPIRED_MESSAGE) expect(s.context.authErrorCount).toBe(countBefore + 1);
    expect(s.can({ type: 'session.login' })).toBe(true);
  },
  authorising: () => {
    const s = actor.getSnapshot();
    expect(s.value).toBe('authorising');
    expect(s.context.error).toBeNull();
    expect(s.context.fieldErrors).toEqual({});
  },
  authorised: () => {
    const s = actor.getSnapshot();
    expect(s.value).toBe('authorised');
    expect(s.context.profile).toEqual(profile);
    expect(s.context.error).toBeNull();
    expect(s.can({ type: 'session.logout' })).toBe(true);
    expect(s.can({ type: 'session.expire', status: 401 })).toBe(true);
  },
  loggingOut: () => {
    const s = actor.getSnapshot();
    expect(s.value).toBe('loggingOut');
    expect(s.can({ type: 'session.login' })).toBe(false);
  },
};

describe('session machine (model-based)', () => {
  // Shortest paths reach every transition once; simple paths add the longer journeys
  // (expire → log in again → log out …) without repeating a vertex.
  const suites = { shortest: model.getShortestPaths(), simple: model.getSimplePaths() };

  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(sessionMachine).start();
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(sessionMachine)].sort());
  });

  it('counts every expiry (SPEC §8)', () => {
    const a = createActor(sessionMachine).start();
    a.send({ type: 'session.restored', profile });
    a.send({ type: 'session.expire', status: 419 });
    a.send({ type: 'session.login' });
    a.send({ type: 'session.loginSucceeded', profile });
    a.send({ type: 'session.expire', status: 503 });
    expect(a.getSnapshot().context.authErrorCount).toBe(2);
    expect(a.getSnapshot().context.error).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('ignores events a state does not accept', () => {
    const a = createActor(sessionMachine).start();
    a.send({ type: 'session.logout' });
    a.send({ type: 'session.loginSucceeded', profile });
    expect(a.getSnapshot().value).toBe('restoring');
  });

  afterAll(() => writeCoverage('session', coverage.covered, coverage.paths));
});
