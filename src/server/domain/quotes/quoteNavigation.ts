import type { QuoteCommandResult, QuoteRefData, RemovePetData } from '../../../api/schemas/quoteCommands';
import { Invalid } from '../domainErrors';
import { appendToQuote, journeyOf, requireWritableQuote, type QuoteActor } from './quoteExecution';
import { quoteEvent } from './quoteEvents';

// Actions that move a quote without new figures: `removePet` (a declined pet leaves the quote) and `back`
// (the previous step). Whether the step allows them is the journey's call (decision 005).
export async function removePet(actor: QuoteActor, data: RemovePetData): Promise<QuoteCommandResult> {
  await requireWritableQuote(actor, data.uuid);
  return actor.db.transaction().execute(async (trx) => {
    const { context } = await journeyOf(trx, data.uuid);
    if (!context.pets.some((p) => p.id === data.petId)) {
      throw new Invalid({ 'data.petId': ['This pet is not on the quote.'] });
    }
    return appendToQuote(trx, actor, data.uuid, [quoteEvent.petRemoved({ petId: data.petId })], data.version);
  });
}

export async function goBack(actor: QuoteActor, data: QuoteRefData): Promise<QuoteCommandResult> {
  await requireWritableQuote(actor, data.uuid);
  return actor.db
    .transaction()
    .execute((trx) => appendToQuote(trx, actor, data.uuid, [quoteEvent.back()], data.version));
}
