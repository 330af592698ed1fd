import type { AnswerUnderwritingData, QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import { Invalid } from '../domainErrors';
import {
  appendToQuote,
  journeyOf,
  type QuoteActor,
  requireWritableQuote,
  inTransaction,
} from './quoteExecution';
import { quoteEvent } from './quoteEvents';
import { entityQuestions, declines } from './underwritingRules';

// Action `answerUnderwriting`: a yes/no per question for every pet on the quote. The questions are those of
// the entity the quote was made for; the server decides from each question's declining answer which pets
// are ruled out (decision 005), never the client.
export async function answerUnderwriting(
  actor: QuoteActor,
  data: AnswerUnderwritingData,
): Promise<QuoteCommandResult> {
  const quote = await requireWritableQuote(actor, data.uuid);
  return inTransaction(actor.db, async (trx) => {
    const { context } = await journeyOf(trx, data.uuid);
    const errors: Record<string, string[]> = {};
    const answers: Record<string, Record<string, boolean>> = {};
    const declinedPetIds: string[] = [];
    for (const [i, given] of data.pets.entries()) {
      const pet = context.pets.find((p) => p.id === given.petId);
      if (!pet) {
        errors[`data.pets.${i}.petId`] = ['This pet is not on the quote.'];
        continue;
      }
      const questions = await entityQuestions(trx, quote.entity_id, pet.species === 'cat' ? 'CAT' : 'DOG');
      const asked = new Set(questions.map((q) => String(q.id)));
      const missing = questions.filter((q) => given.answers[String(q.id)] === undefined);
      const unknown = Object.keys(given.answers).filter((id) => !asked.has(id));
      const messages = [
        ...missing.map((q) => `Answer question ${q.id}.`),
        ...unknown.map((id) => `Question ${id} is not asked for this pet.`),
      ];
      if (messages.length > 0) errors[`data.pets.${i}.answers`] = messages;
      answers[pet.id] = given.answers;
      if (declines(questions, given.answers)) declinedPetIds.push(pet.id);
    }
    const unanswered = context.pets.filter((p) => !data.pets.some((g) => g.petId === p.id));
    if (unanswered.length > 0) {
      errors['data.pets'] = unanswered.map((p) => `Answer the questions for ${p.name}.`);
    }
    if (Object.keys(errors).length > 0) throw new Invalid(errors);
    return appendToQuote(
      trx,
      actor,
      data.uuid,
      [quoteEvent.underwritingAnswered({ answers, declinedPetIds })],
      data.version,
    );
  });
}
