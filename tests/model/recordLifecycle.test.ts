import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../support/records';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { recordLifecycleMachine, type RecordLifecycleEvent } from '../../src/machines/recordLifecycle';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { entityAggregate } from '../../src/server/domain/entities/entityAggregate';
import { userAggregate } from '../../src/server/domain/users/userAggregate';
import { installServerProjections } from '../../src/server/projections';
import { CommandRejectedError, execute, type AggregateSpec } from '../../src/server/store/aggregate';
import { openDatabase, type OpenDatabase } from '../../src/server/store/db';
import type { NewEvent } from '../../src/server/store/eventStore';
import { migrateToLatest } from '../../src/server/store/migrate';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

// Drives the lifecycle through the real event store and projections: each path is a new record stream, each
// step a command the server would run, each state checked in the read table. Users go through every event;
// entities through all but delete (SPEC §4: an entity is only ever deactivated), so both mappings are proven.
type LifecycleState = 'absent' | 'active' | 'inactive' | 'deleted';

interface Subject {
  name: string;
  aggregate: AggregateSpec;
  events: readonly RecordLifecycleEvent['type'][];
  domainEvent(event: RecordLifecycleEvent, id: number): NewEvent;
  state(id: number): Promise<LifecycleState>;
}

const ALL_EVENTS: RecordLifecycleEvent[] = [
  { type: 'record.create' },
  { type: 'record.update' },
  { type: 'record.deactivate' },
  { type: 'record.reactivate' },
  { type: 'record.delete' },
];

const coverage = new CoverageLog();
const meta = testActor('model-test');

let database: OpenDatabase;
let homeEntityId = 0;

function entityCreated(id: number): NewEvent {
  return {
    type: 'entity.created',
    data: {
      id,
      masterEntityId: null,
      entityCode: `9000-${String(id).padStart(4, '0')}-MT`,
      entityName: `Model test agency ${id}`,
      dba: null,
      statusCode: 'ACTIVE',
      typeCode: 'AGENCY',
      trackingCode: null,
      trackingCodeType: null,
      accountManager: null,
      addedToAccounting: false,
      payoutFrequency: null,
      payoutMethod: null,
      routingNumber: null,
      brandQuoteAppLink: null,
      canQuote: true,
    },
  };
}

const entitySubject: Subject = {
  name: 'entity',
  aggregate: entityAggregate,
  events: ['record.create', 'record.update', 'record.deactivate', 'record.reactivate'],
  domainEvent(event, id) {
    switch (event.type) {
      case 'record.create':
        return entityCreated(id);
      case 'record.update':
        return { type: 'entity.updated', data: { entityName: `Renamed agency ${id}` } };
      case 'record.deactivate':
        return { type: 'entity.deactivated', data: {} };
      case 'record.reactivate':
        return { type: 'entity.reactivated', data: {} };
      case 'record.delete':
        throw new Error('entities have no delete event');
    }
  },
  async state(id) {
    const row = await database.db
      .selectFrom('entities')
      .select('status_code')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'absent';
    return row.status_code === 'ACTIVE' ? 'active' : 'inactive';
  },
};

const userSubject: Subject = {
  name: 'user',
  aggregate: userAggregate,
  events: ALL_EVENTS.map((e) => e.type),
  domainEvent(event, id) {
    switch (event.type) {
      case 'record.create':
        return {
          type: 'user.registered',
          data: {
            id,
            entityId: homeEntityId,
            firstName: 'Model',
            lastName: `User ${id}`,
            email: `model-${id}@test.example`,
            phone: null,
            ext: null,
            userType: 'external',
            passwordHash: 'not-a-hash',
            roleIds: [],
            emailVerified: false,
          },
        };
      case 'record.update':
        return { type: 'user.updated', data: { lastName: `Renamed ${id}` } };
      case 'record.deactivate':
        return { type: 'user.deactivated', data: {} };
      case 'record.reactivate':
        return { type: 'user.reactivated', data: {} };
      case 'record.delete':
        return { type: 'user.deleted', data: {} };
    }
  },
  async state(id) {
    const row = await database.db
      .selectFrom('users')
      .select(['is_enabled', 'is_deleted'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'absent';
    if (row.is_deleted) return 'deleted';
    return row.is_enabled ? 'active' : 'inactive';
  },
};

let nextId = 1000;

describe.each([userSubject, entitySubject])(
  'record lifecycle machine through the $name stream (model-based)',
  (subject) => {
    let actor: Actor<typeof recordLifecycleMachine>;
    let id = 0;

    const run = (event: RecordLifecycleEvent) =>
      database.db
        .transaction()
        .execute((trx) =>
          execute(trx, subject.aggregate, String(id), [subject.domainEvent(event, id)], meta),
        );

    // Every event the state does not accept is refused by the server and leaves the record as it was.
    async function expectState(expected: LifecycleState): Promise<void> {
      expect(await subject.state(id)).toBe(expected);
      for (const type of subject.events) {
        const event = { type } as RecordLifecycleEvent;
        if (actor.getSnapshot().can(event)) continue;
        await expect(run(event)).rejects.toBeInstanceOf(CommandRejectedError);
      }
      expect(await subject.state(id)).toBe(expected);
    }

    const execs = Object.fromEntries(
      ALL_EVENTS.map((e) => [
        e.type,
        async ({ event }: { event: RecordLifecycleEvent }) => {
          coverage.took(event, transitionsTaken(recordLifecycleMachine, actor.getSnapshot(), event));
          await run(event);
          actor.send(event);
        },
      ]),
    );

    const states = {
      absent: () => expectState('absent'),
      active: () => expectState('active'),
      inactive: () => expectState('inactive'),
      deleted: () => expectState('deleted'),
    };

    // The graph offers every event type of the machine; a stream without one (entities: delete) skips those paths.
    const model = createTestModel(recordLifecycleMachine, { events: ALL_EVENTS });
    const supported = [...model.getShortestPaths(), ...model.getSimplePaths()].filter((path) =>
      // The first step of every path is the machine's own start event, not one of ours.
      path.steps.every(({ event }) => {
        const type: string = event.type;
        return type === 'xstate.init' || subject.events.some((t) => t === type);
      }),
    );

    for (const path of supported) {
      it(path.description, async () => {
        id = nextId++;
        actor = createActor(recordLifecycleMachine).start();
        coverage.begin(`${subject.name} stream`, reachedDescription(path));
        await path.test({ states, events: execs });
      });
    }
  },
);

describe('record lifecycle coverage', () => {
  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(recordLifecycleMachine)].sort());
  });
});

beforeAll(async () => {
  // The projections a server installs at start, so each state is read from the read tables.
  installServerProjections();
  database = await openDatabase({});
  await migrateToLatest(database.db);
  homeEntityId = nextId++;
  await database.db
    .transaction()
    .execute((trx) =>
      execute(trx, entityAggregate, String(homeEntityId), [entityCreated(homeEntityId)], meta),
    );
});

afterAll(async () => {
  writeCoverage('recordLifecycle', coverage.covered, coverage.paths);
  await database.close();
});
