import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { UserResponse, type User } from '../../src/api/schemas/users';
import { recordLifecycleMachine, type RecordLifecycleEvent } from '../../src/machines/recordLifecycle';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { adminApi } from '../support/accessAdmin';
import { expectError, type ApiResponse } from '../support/http';
import { ADMIN, LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { coveringPaths, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The record lifecycle driven through the users API, as the users screens drive it: every path works on a
// user of its own, each event is the request the portal sends (add, edit, deactivate, reactivate, delete),
// and after every step the user the API shows (enabled, or gone once deleted) is checked against where the
// machine is, and every event the machine refuses there is refused by the API and changes nothing.
type LifecycleSnapshot = SnapshotFrom<typeof recordLifecycleMachine>;
type LifecycleState = 'absent' | 'active' | 'inactive' | 'deleted';
const machine = recordLifecycleMachine;

const EVENTS: RecordLifecycleEvent[] = [
  { type: 'record.create' },
  { type: 'record.update' },
  { type: 'record.deactivate' },
  { type: 'record.reactivate' },
  { type: 'record.delete' },
];

const model = createTestModel(machine, {
  events: (state: LifecycleSnapshot) => EVENTS.filter((e) => state.can(e)),
  serializeState: (state: LifecycleSnapshot, event, prev?: LifecycleSnapshot) =>
    JSON.stringify([state.value, event && prev ? transitionsTaken(machine, prev, event) : []]),
});
const paths: CoveringPath<RecordLifecycleEvent>[] = coveringPaths(machine, model);
const describePath = (path: CoveringPath<RecordLifecycleEvent>) =>
  path.events.map((e) => e.type.replace('record.', '')).join(' → ');

const coverage: CoverageLog[] = [];

describe.each(testDatabases())('record lifecycle through the users API on %s (model-based)', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const here = new CoverageLog();
  let renames = 0;

  const admin = () => a.tokenOf(ADMIN);
  const userPath = (user: User, rest = '') => `/v2/users/${user.id}${rest}`;

  // The request the users screens send for an event, on the path's user (made by the create).
  async function send(event: RecordLifecycleEvent, user: User | null): Promise<ApiResponse> {
    const token = await admin();
    switch (event.type) {
      case 'record.create':
        return s.api.post(
          '/v2/users',
          {
            fname: 'Lifecycle',
            lname: 'Model',
            email: `lifecycle.${Date.now()}.${renames++}@example.test`,
            entity: LAKESIDE,
          },
          { token },
        );
      case 'record.update':
        return a.patch(userPath(user!), { fname: `Renamed${renames++}` }, { token });
      case 'record.deactivate':
        return s.api.post(userPath(user!, '/deactivate'), {}, { token });
      case 'record.reactivate':
        return s.api.post(userPath(user!, '/reactivate'), {}, { token });
      case 'record.delete':
        return a.del(userPath(user!), { token });
    }
  }

  // The user as the API shows it, or null when it answers 404 (deleted).
  async function shown(user: User): Promise<User | null> {
    const response = await s.api.get(userPath(user), { token: await admin() });
    if (response.status === 404) return null;
    expect(response.status, response.text).toBe(200);
    return UserResponse.parse(response.body).data;
  }

  async function expectState(user: User | null, snapshot: LifecycleSnapshot): Promise<void> {
    const state = snapshot.value as LifecycleState;
    if (state === 'absent') {
      expect(user).toBeNull();
      return;
    }
    const now = await shown(user!);
    if (state === 'deleted') {
      expect(now).toBeNull();
    } else {
      expect(now?.is_enabled).toBe(state === 'active');
    }
    // What the machine refuses here, the API refuses, and the user stays as it was.
    for (const event of EVENTS) {
      if (event.type === 'record.create' || snapshot.can(event)) continue;
      const response = await send(event, user);
      expectError(response, state === 'deleted' ? 404 : 409);
      expect(await shown(user!)).toEqual(now);
    }
  }

  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, async () => {
      const actor = createActor(machine).start();
      here.begin(`API on ${database}`, describePath(path));
      let user: User | null = null;
      await expectState(user, actor.getSnapshot());
      for (const event of path.events) {
        const before = actor.getSnapshot();
        expect(before.can(event), `${event.type} in ${String(before.value)}`).toBe(true);
        const response = await send(event, user);
        expect(response.status, `${event.type}: ${response.text}`).toBe(
          event.type === 'record.create' ? 201 : 200,
        );
        if (event.type === 'record.create') user = UserResponse.parse(response.body).data;
        here.took(event, transitionsTaken(machine, before, event));
        actor.send(event);
        await expectState(user, actor.getSnapshot());
      }
      actor.stop();
    }, 120_000);
  }

  it('took every transition of the definition through the API', () => {
    expect([...here.covered].sort()).toEqual([...listTransitions(machine)].sort());
    coverage.push(here);
  });
});

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('recordLifecycle', 'api', ...coverage));
