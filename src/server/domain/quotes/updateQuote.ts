import { randomUUID } from 'node:crypto';
import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import type { UpdateQuoteData } from '../../../api/schemas/quotePurchase';
import { Invalid } from '../domainErrors';
import { loadRateTables } from '../rating/loadRateTables';
import { planOptions } from '../rating/planOptions';
import { rateQuote } from '../rating/rateQuote';
import { stateOfZip } from '../rating/zipStates';
import { ActionRefused } from '../actionRefused';
import { checkBreeds, petInput } from './petRatingInput';
import { quoteEvent } from './quoteEvents';
import {
  appendToQuote,
  journeyOf,
  type QuoteActor,
  requireWritableQuote,
  inTransaction,
} from './quoteExecution';

// Action `updateQuote`: rating info saved again after going back to it. The same checks and refusals as
// createQuote; the quote keeps its uuid and its state (the zip may change within the state), a pet sent with
// its id keeps it, and quote.petsRated clears answers and plans (decision 005).
export async function updateQuote(actor: QuoteActor, data: UpdateQuoteData): Promise<QuoteCommandResult> {
  const quote = await requireWritableQuote(actor, data.uuid);
  const state = stateOfZip(data.zip);
  if (!state) throw new ActionRefused(`We could not find the state of zip code ${data.zip}.`);
  if (quote.state && state !== quote.state) {
    throw new ActionRefused(
      `Zip code ${data.zip} is in ${state}; this quote is for ${quote.state}. Start a new quote for another state.`,
    );
  }
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

  return inTransaction(actor.db, async (trx) => {
    const { context } = await journeyOf(trx, data.uuid);
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    data.pets.forEach((p, i) => {
      if (p.id === undefined) return;
      if (!context.pets.some((known) => known.id === p.id)) {
        errors[`data.pets.${i}.id`] = ['This pet is not on the quote.'];
      } else if (seen.has(p.id)) {
        errors[`data.pets.${i}.id`] = ['This pet is listed twice.'];
      }
      seen.add(p.id);
    });
    if (Object.keys(errors).length > 0) throw new Invalid(errors);

    const event = quoteEvent.petsRated({
      uuid: data.uuid,
      startDate: data.startDate,
      customer: { ...data.customer, state, zip: data.zip },
      pets: data.pets.map((p) => ({
        id: p.id ?? randomUUID(),
        name: p.name,
        species: p.species === 'CAT' ? 'cat' : 'dog',
        breed: p.breedCode,
        age: p.age,
        gender: p.gender === 'FEMALE' ? 'female' : 'male',
      })),
    });
    return appendToQuote(trx, actor, data.uuid, [event], data.version);
  });
}
