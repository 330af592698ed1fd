import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { fetchProfile } from '../../src/api/calls/profile';
import { configureClient } from '../../src/api/client';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../src/api/httpErrors';
import { inflight } from '../../src/api/inflight';
import { ValidationErrorBody } from '../../src/api/schemas/errors';
import { ProfileResponse, type Profile } from '../../src/api/schemas/session';
import { tokenStore } from '../../src/api/tokens';
import { createPortalQueryClient } from '../../src/app/queryClient';
import { createSessionService, type SessionService } from '../../src/features/auth/sessionService';
import { sessionMachine, type SessionEvent, type SessionProfile } from '../../src/machines/session';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { AGENT } from '../support/personas';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';
import { coveringPaths, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The session statechart driven through the product: along each generated path the portal's own session
// service (src/features/auth/sessionService.ts) runs in node with the portal's query client and HTTP client,
// an in-memory local storage, and the global fetch talking to a real test server. Each event of a path is
// caused the way it happens to a person, and the service reports it to its machine:
// - restored: a stored session the server still accepts;
// - restoreFailed: nothing stored (a first visit). The service asks the server nothing then. A stored token
//   the server refuses never ends as restoreFailed: the client's 401 expires the session first (below), and
//   the restoreFailed the service sends after it is ignored. The other real cause, a server that cannot be
//   reached, is left out: the portal's query client retries a dropped connection with a back-off of seconds.
// - expire while restoring: a stored session that was logged out elsewhere: the server answers 401 and
//   refuses the refresh;
// - login / loginSucceeded / loginFailed: the demo password, or a wrong one the server answers with a 422;
// - expire while authorised: the session is logged out elsewhere (its refresh token revoked), and the next
//   request of the portal gets a 401 and a refused refresh. 419 and 503 are never answered by this server;
//   the machine takes them by the same transition, which the pure model test drives.
// - logout / loggedOut: the server revokes the session;
// - logout / logoutFailed: the server cannot be reached (the client pointed at a port nothing listens on).
// After every step the service's snapshot (state and whole context) must equal that of a machine sent the
// event the API says should have happened (the profile the server shows, the server's own refusal), and the
// transitions the service's actor took must be the step's.
type Snapshot = SnapshotFrom<typeof sessionMachine>;
const machine = sessionMachine;

const WRONG_PASSWORD = 'not-the-demo-password';
const sampleProfile: SessionProfile = { id: 1, name: 'Sample', email: AGENT };

// One event of each type; the model pairs them with the states that take them.
const EVENTS: SessionEvent[] = [
  { type: 'session.restored', profile: sampleProfile },
  { type: 'session.restoreFailed' },
  { type: 'session.expire', status: 401 },
  { type: 'session.login' },
  { type: 'session.loginSucceeded', profile: sampleProfile },
  { type: 'session.loginFailed', error: 'refused' },
  { type: 'session.logout' },
  { type: 'session.loggedOut' },
  { type: 'session.logoutFailed', error: 'unreachable' },
];

const model = createTestModel(machine, {
  events: (state: Snapshot) => EVENTS.filter((e) => state.can(e)),
  serializeState: (state: Snapshot, event, prev?: Snapshot) =>
    JSON.stringify([state.value, event && prev ? transitionsTaken(machine, prev, event) : []]),
});
const paths: CoveringPath<SessionEvent>[] = coveringPaths(machine, model);
const describePath = (path: CoveringPath<SessionEvent>) =>
  path.events.map((e) => e.type.replace('session.', '')).join(' → ');

const coverage: CoverageLog[] = [];

// Local storage as a browser keeps it, for one page's life.
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

// Resolves once the portal's client has no request in flight (its own counter, no polling): what a request
// does to the session (a 401 expiring it) has happened by then.
function settled(): Promise<void> {
  return new Promise((resolve) => {
    if (inflight.getSnapshot() === 0) return resolve();
    const stop = inflight.subscribe(() => {
      if (inflight.getSnapshot() > 0) return;
      stop();
      resolve();
    });
  });
}

// An address where nothing listens: a port the system gave out and took back.
async function unreachableUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return `http://127.0.0.1:${port}`;
}

// The events the service's actor processed, with the transitions each took.
function watchService(service: SessionService) {
  let previous: Snapshot = service.actor.getSnapshot();
  let steps: { event: SessionEvent; transitions: string[] }[] = [];
  const subscription = service.actor.system.inspect((inspection) => {
    if (inspection.type !== '@xstate.snapshot' || inspection.actorRef !== service.actor) return;
    const event = inspection.event as SessionEvent;
    const transitions = transitionsTaken(machine, previous, event);
    previous = service.actor.getSnapshot();
    if (transitions.length) steps.push({ event, transitions });
  });
  return {
    // What was taken since the last call.
    taken() {
      const done = steps;
      steps = [];
      return done;
    },
    stop: () => subscription.unsubscribe(),
  };
}

describe.each(testDatabases())(
  'session through the session service and the API on %s (model-based)',
  (database) => {
    const s = useTestServer(database);
    const here = new CoverageLog();
    let nowhere = '';
    let consoleError: MockInstance<typeof console.error>;

    beforeAll(async () => {
      nowhere = await unreachableUrl();
      // The service and the query client log what failed (SPEC §8); the logout failure is checked below.
      consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterAll(() => {
      consoleError.mockRestore();
      vi.unstubAllGlobals();
    });

    // The signed-in user as the server shows them to the tokens in storage.
    async function profileShown(): Promise<Profile> {
      const response = await s.api.get('/v2/my/profile', { token: tokenStore.access() ?? undefined });
      expect(response.status, response.text).toBe(200);
      return ProfileResponse.parse(response.body).data;
    }

    async function serverAccepts(accessToken: string): Promise<boolean> {
      const response = await s.api.get('/v2/my/profile', { token: accessToken });
      expect([200, 401], response.text).toContain(response.status);
      return response.status === 200;
    }

    // A session of the demo agent that was then logged out from elsewhere.
    async function revokedSession() {
      const tokens = await s.api.login(AGENT);
      expect((await s.api.logout(tokens.refreshToken)).status).toBe(200);
      return tokens;
    }

    it('has paths that take every transition', () => {
      expect(paths.length).toBeGreaterThan(1);
    });

    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}: ${describePath(path)}`, async () => {
        vi.stubGlobal('localStorage', new MemoryStorage());
        configureClient({ baseURL: s.t.url });
        consoleError.mockClear();
        const queryClient = createPortalQueryClient();
        const service = createSessionService(queryClient);
        const watch = watchService(service);
        const expected = createActor(machine).start();
        here.begin(`service and API on ${database}`, describePath(path));
        // The login or logout the service has begun and not finished: the next event is its outcome.
        let pending: Promise<unknown> | null = null;
        let tokensAtLogout: { access: string | null; refresh: string | null } = {
          access: null,
          refresh: null,
        };

        // The service's state and context are the machine's; storage holds tokens exactly while authorised.
        const expectAgreement = (step: string) => {
          const actual = service.actor.getSnapshot();
          const wanted = expected.getSnapshot();
          expect(actual.value, step).toEqual(wanted.value);
          expect(actual.context, step).toEqual(wanted.context);
          if (actual.matches('authorised')) expect(tokenStore.access(), step).not.toBeNull();
          if (actual.matches('unauthorised')) expect(tokenStore.hasAny(), step).toBe(false);
        };

        // Causes `event` through the service and the API; answers the event the API says it should be.
        async function cause(event: SessionEvent, next: SessionEvent | undefined): Promise<SessionEvent> {
          switch (event.type) {
            case 'session.restored': {
              tokenStore.save(await s.api.login(AGENT));
              await service.ensureRestored();
              await settled();
              return { type: 'session.restored', profile: await profileShown() };
            }
            case 'session.restoreFailed':
              await service.ensureRestored();
              await settled();
              return { type: 'session.restoreFailed' };
            case 'session.expire': {
              if (service.actor.getSnapshot().matches('restoring')) {
                tokenStore.save(await revokedSession());
                await service.ensureRestored();
              } else {
                // Logged out elsewhere; the portal's next request finds out.
                expect((await s.api.logout(tokenStore.refresh()!)).status).toBe(200);
                await expect(fetchProfile()).rejects.toMatchObject({ status: 401 });
              }
              await settled();
              return { type: 'session.expire', status: 401 };
            }
            case 'session.login': {
              const password = next?.type === 'session.loginFailed' ? WRONG_PASSWORD : DEMO_PASSWORD;
              pending = service.login(AGENT, password);
              return { type: 'session.login' };
            }
            case 'session.loginSucceeded':
              expect(await pending).toBe(true);
              await settled();
              return { type: 'session.loginSucceeded', profile: await profileShown() };
            case 'session.loginFailed': {
              expect(await pending).toBe(false);
              await settled();
              // The server's answer to the same attempt.
              const response = await s.api.post('/v2/auth', { email: AGENT, password: WRONG_PASSWORD });
              expect(response.status, response.text).toBe(422);
              const refusal = ValidationErrorBody.parse(response.body);
              return { type: 'session.loginFailed', error: refusal.message, fieldErrors: refusal.errors };
            }
            case 'session.logout':
              tokensAtLogout = { access: tokenStore.access(), refresh: tokenStore.refresh() };
              expect(tokensAtLogout.refresh).not.toBeNull();
              if (next?.type === 'session.logoutFailed') configureClient({ baseURL: nowhere });
              pending = service.logout();
              return { type: 'session.logout' };
            case 'session.loggedOut':
              await pending;
              await settled();
              // The server ended the session: the tokens the portal held are refused.
              expect(await serverAccepts(tokensAtLogout.access!)).toBe(false);
              expect((await s.api.refresh(tokensAtLogout.refresh!)).status).toBe(401);
              return { type: 'session.loggedOut' };
            case 'session.logoutFailed':
              await pending;
              await settled();
              configureClient({ baseURL: s.t.url });
              // SPEC §8: only logged; the portal forgot the tokens, and the server, never asked, still takes them.
              expect(consoleError).toHaveBeenCalledWith('Logout failed.', expect.any(ApiError));
              expect(await serverAccepts(tokensAtLogout.access!)).toBe(true);
              return { type: 'session.logoutFailed', error: NETWORK_ERROR_MESSAGE };
          }
        }

        try {
          expectAgreement('at the start');
          for (const [i, event] of path.events.entries()) {
            const before = expected.getSnapshot();
            expect(before.can(event), `${event.type} in ${String(before.value)}`).toBe(true);
            const happened = await cause(event, path.events[i + 1]);
            const step = `${event.type} from ${String(before.value)}`;
            const transitions = transitionsTaken(machine, before, happened);
            // The service reported exactly this event, with what the API answered, and took its transition.
            expect(watch.taken(), step).toEqual([{ event: happened, transitions }]);
            here.took(happened, transitions);
            expected.send(happened);
            expectAgreement(step);
          }
        } finally {
          await pending;
          await settled();
          configureClient({ baseURL: s.t.url });
          watch.stop();
          service.actor.stop();
          expected.stop();
          queryClient.clear();
        }
      });
    }

    it('took every transition of the definition through the service and the API', () => {
      expect([...here.covered].sort()).toEqual([...listTransitions(machine)].sort());
      coverage.push(here);
    });
  },
);

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('session', 'api', ...coverage));
