import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { recordLifecycleMachine, type RecordLifecycleEvent } from '../../src/machines/recordLifecycle';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { entityAggregate } from '../../src/server/domain/aggregates';
import { CommandRejectedError, execute } from '../../src/server/store/aggregate';
import { openDatabase, type OpenDatabase } from '../../src/server/store/db';
import type { NewEvent } from '../../src/server/store/eventStore';
import { migrateToLatest } from '../../src/server/store/migrate';
import { writeCoverage } from './coverageFile';

// Drives the lifecycle through the real event store and entity projection: each path is a new entity
// stream, each step a command the server would run, each state checked in the read table.
const events: RecordLifecycleEvent[] = [
  { type: 'record.create' },
  { type: 'record.update' },
  { type: 'record.deactivate' },
  { type: 'record.reactivate' },
];

const model = createTestModel(recordLifecycleMachine, { events });
const covered = new Set<string>();
const meta = { userId: null, entityId: null, requestId: 'model-test' };

let database: OpenDatabase;
let actor: Actor<typeof recordLifecycleMachine>;
let entityId = 0;
let nextId = 1000;

function domainEvent(event: RecordLifecycleEvent): NewEvent {
  switch (event.type) {
    case 'record.create':
      return {
        type: 'entity.created',
        data: {
          id: entityId,
          masterEntityId: null,
          entityCode: `9000-${String(entityId).padStart(4, '0')}-MT`,
          entityName: `Model test agency ${entityId}`,
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
    case 'record.update':
      return { type: 'entity.updated', data: { entityName: `Renamed agency ${entityId}` } };
    case 'record.deactivate':
      return { type: 'entity.deactivated', data: {} };
    case 'record.reactivate':
      return { type: 'entity.reactivated', data: {} };
  }
}

async function run(event: RecordLifecycleEvent): Promise<void> {
  await database.db
    .transaction()
    .execute((trx) => execute(trx, entityAggregate, String(entityId), [domainEvent(event)], meta));
}

async function row() {
  return database.db
    .selectFrom('entities')
    .select(['status_code', 'version'])
    .where('id', '=', entityId)
    .executeTakeFirst();
}

// Every event the state does not accept is refused by the server and leaves the stream as it was.
async function expectRefusals(): Promise<void> {
  const before = await row();
  for (const event of events) {
    if (actor.getSnapshot().can(event)) continue;
    await expect(run(event)).rejects.toBeInstanceOf(CommandRejectedError);
  }
  expect(await row()).toEqual(before);
}

const execs = Object.fromEntries(
  events.map((e) => [
    e.type,
    async ({ event }: { event: RecordLifecycleEvent }) => {
      for (const key of transitionsTaken(recordLifecycleMachine, actor.getSnapshot(), event))
        covered.add(key);
      await run(event);
      actor.send(event);
    },
  ]),
);

const states = {
  absent: async () => {
    expect(await row()).toBeUndefined();
    await expectRefusals();
  },
  active: async () => {
    expect((await row())?.status_code).toBe('ACTIVE');
    await expectRefusals();
  },
  inactive: async () => {
    expect((await row())?.status_code).toBe('INACTIVE');
    await expectRefusals();
  },
};

describe('record lifecycle machine through the event store (model-based)', () => {
  beforeAll(async () => {
    database = await openDatabase({});
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    writeCoverage('recordLifecycle', covered);
    await database.close();
  });

  for (const path of [...model.getShortestPaths(), ...model.getSimplePaths()]) {
    it(path.description, async () => {
      entityId = nextId++;
      actor = createActor(recordLifecycleMachine).start();
      await path.test({ states, events: execs });
    });
  }

  it('reaches every transition of the definition', () => {
    expect([...covered].sort()).toEqual([...listTransitions(recordLifecycleMachine)].sort());
  });
});
