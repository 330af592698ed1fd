import { userAggregate } from '../../src/server/domain/users/userAggregate';
import { entityAggregate } from '../../src/server/domain/entities/entityAggregate';
import { execute } from '../../src/server/store/aggregate';
import type { Db } from '../../src/server/store/db';
import type { EventActor, EventMetadata } from '../../src/server/store/eventStore';

// The house acting in a test, outside any request: its events are dated when they are appended, by this
// process's clock (what the database's clock did before every event carried its moment), unless the caller
// spreads in an `at` of its own.
export function testActor(requestId: string | null): EventMetadata {
  return {
    userId: null,
    entityId: null,
    requestId,
    get at() {
      return new Date();
    },
  };
}

// Changes to demo records made the way the server makes them: through the event store, so projections follow.
export const TEST_METADATA: EventMetadata = testActor('test');
// The same as the log keeps it: the moment is each event's recordedAt, not part of its metadata.
export const TEST_ACTOR: EventActor = { userId: null, entityId: null, requestId: 'test' };

export async function userIdOf(db: Db, email: string): Promise<number> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return user.id;
}

export async function entityIdOf(db: Db, entityCode: string): Promise<number> {
  const entity = await db
    .selectFrom('entities')
    .select('id')
    .where('entity_code', '=', entityCode)
    .executeTakeFirstOrThrow();
  return entity.id;
}

export async function setUserEnabled(db: Db, email: string, enabled: boolean): Promise<void> {
  const id = await userIdOf(db, email);
  const type = enabled ? 'user.reactivated' : 'user.deactivated';
  await db
    .transaction()
    .execute((trx) => execute(trx, userAggregate, String(id), [{ type, data: {} }], TEST_METADATA));
}

export async function setEntityActive(db: Db, entityCode: string, active: boolean): Promise<void> {
  const id = await entityIdOf(db, entityCode);
  const type = active ? 'entity.reactivated' : 'entity.deactivated';
  await db
    .transaction()
    .execute((trx) => execute(trx, entityAggregate, String(id), [{ type, data: {} }], TEST_METADATA));
}
