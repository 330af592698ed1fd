import { randomUUID } from 'node:crypto';
import type { CreateQuoteData } from '../../../api/schemas/quoteCommands';
import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import { requireQuotingEntities } from '../entities/quotingRight';
import { ActionRefused } from '../actionRefused';
import { checkBreeds, petInput } from './petRatingInput';
import { stateOfZip } from '../rating/zipStates';
import { loadRateTables } from '../rating/loadRateTables';
import { planOptions } from '../rating/planOptions';
import { rateQuote } from '../rating/rateQuote';
import { appendToQuote, type QuoteActor, inTransaction } from './quoteExecution';
import { quoteEvent, type QuoteAttribution } from './quoteEvents';

// Action `createQuote` (SPEC §7 "POST v1/quotes, via wrapper"): the rating-info step. The quote exists from
// here on (decision 005): quote.started for the acting entity, then quote.petsRated with the customer and
// the pets. The pets are rated on the state's default plan first, so what the engine cannot price (a state
// that does not sell, a pet too old, no rates in force) is refused before anything is written.
// The portal's wrapper call records only its platform; a SPEC quote request (specQuoteRequests.ts) brings the
// rest of its attribution.
const PORTAL: QuoteAttribution = {
  requestId: null,
  quotingPlatform: 'PORTAL',
  quoteMethod: null,
  entitySourceId: null,
  programId: null,
  loggedInAgentId: null,
  discountCode: null,
};

export async function createQuote(
  actor: QuoteActor,
  data: CreateQuoteData,
  attribution: QuoteAttribution = PORTAL,
): Promise<QuoteCommandResult> {
  // Before the input: an agency that may not quote is told so, not asked to fix a zip code.
  await requireQuotingEntities(actor.db, [actor.acting.id]);
  const state = stateOfZip(data.zip);
  if (!state) throw new ActionRefused(`We could not find the state of zip code ${data.zip}.`);
  await checkBreeds(actor.db, data);
  const tables = await loadRateTables(actor.db, state, data.startDate);
  const options = planOptions(tables);
  rateQuote(tables, {
    zip: data.zip,
    discountCode: null,
    pets: data.pets.map((p) =>
      petInput(tables, { species: p.species, breedCode: p.breedCode, age: p.age }, options),
    ),
  });

  const uuid = randomUUID();
  const events = [
    quoteEvent.started({ entityCode: actor.acting.entityCode, entityId: actor.acting.id, attribution }),
    quoteEvent.petsRated({
      uuid,
      startDate: data.startDate,
      customer: { ...data.customer, state, zip: data.zip },
      pets: data.pets.map((p) => ({
        id: randomUUID(),
        name: p.name,
        species: p.species === 'CAT' ? 'cat' : 'dog',
        breed: p.breedCode,
        age: p.age,
        gender: p.gender === 'FEMALE' ? 'female' : 'male',
      })),
    }),
  ];
  return inTransaction(actor.db, (trx) => appendToQuote(trx, actor, uuid, events));
}
