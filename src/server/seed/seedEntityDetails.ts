import { setEntityAttributes, updateEntity } from '../domain/entities/entityCommands';
import { addContact, addLocation } from '../domain/entities/locationCommands';
import { addQuoteSource, setDiscountStates, setUnderwritingQuestions } from '../domain/entities/linkCommands';
import type { EventActor, Trx } from '../store/eventStore';
import { DEMO_ENTITY_DETAILS } from './entityDetailsDemo';

const SEED_BY: EventActor = { userId: null, entityId: null, requestId: 'seed:entity-details' };

// Adds the demo details to each demo entity once: an entity whose stream already holds an event of this
// seed is left alone, whatever was changed since.
// `at` dates the records (the demo's year opens before its first sale).
export async function seedEntityDetails(trx: Trx, at: Date): Promise<number> {
  const SEED = { ...SEED_BY, at };
  const seeded = new Set(
    (
      await trx
        .selectFrom('events')
        .select('stream_id')
        .distinct()
        .where('stream_type', '=', 'entity')
        .where((eb) => eb(eb.ref('metadata', '->>').key('requestId'), '=', SEED.requestId))
        .execute()
    ).map((e) => e.stream_id),
  );
  const entities = new Map(
    (await trx.selectFrom('entities').select(['id', 'entity_code']).execute()).map((e) => [
      e.entity_code,
      e.id,
    ]),
  );
  const users = new Map(
    (await trx.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  let count = 0;
  for (const details of DEMO_ENTITY_DETAILS) {
    const id = entities.get(details.entityCode);
    if (id === undefined || seeded.has(String(id))) continue;
    const accountManager = details.accountManagerEmail ? users.get(details.accountManagerEmail) : undefined;
    if (accountManager !== undefined || details.routingNumber) {
      await updateEntity(
        trx,
        id,
        {
          ...(accountManager !== undefined ? { accountManager } : {}),
          ...(details.routingNumber ? { routingNumber: details.routingNumber } : {}),
        },
        SEED,
      );
    }
    for (const { contacts, ...location } of details.locations) {
      const locationId = await addLocation(trx, id, location, SEED);
      for (const contact of contacts) await addContact(trx, id, locationId, contact, SEED);
    }
    if (details.settings) {
      const values = Object.entries(details.settings).map(([attribId, value]) => ({
        attribId: Number(attribId),
        value,
        dataUrl: null,
      }));
      await setEntityAttributes(trx, id, values, SEED);
    }
    for (const source of details.quoteSources ?? []) await addQuoteSource(trx, id, source, SEED);
    if (details.discountStates) await setDiscountStates(trx, id, details.discountStates, SEED);
    if (details.underwritingQuestionIds) {
      await setUnderwritingQuestions(trx, id, details.underwritingQuestionIds, SEED);
    }
    count++;
  }
  return count;
}
