import { expect } from 'vitest';
import { QuoteCommandAnswer, QuoteViewAnswer, type QuoteView } from '../../src/api/schemas/quoteCommands';
import { UNDERWRITING_QUESTIONS } from '../../src/server/domain/entities/entityReference';
import { expectStatus, type EntityApi } from './entityApi';
import type { ApiResponse, RequestOptions } from './http';
import { AGENT } from './personas';

// The quote stream through the action wrapper (docs/quote-actions.md), for the quote API tests.
export const newQuote = {
  zip: '78701',
  startDate: '2026-11-22',
  customer: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    phone: '5125550199',
    street: '1 Congress Ave',
    city: 'Austin',
  },
  pets: [
    { name: 'Rex', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' },
    { name: 'Tom', species: 'CAT', breedCode: 'ABYSSINIAN', age: 2, gender: 'FEMALE' },
  ],
};

export interface QuoteApi {
  act(method: 'GET' | 'POST', action: string, data: unknown, options?: ActOptions): Promise<ApiResponse>;
  command(action: string, data: unknown, options?: ActOptions): Promise<QuoteView>;
  create(data?: unknown, options?: ActOptions): Promise<QuoteView>;
  view(uuid: string, email?: string): Promise<QuoteView>;
  // Answers for every pet that decline only the pets named.
  answers(quote: QuoteView, declinedNames?: string[], email?: string): Promise<unknown>;
}

export interface ActOptions extends RequestOptions {
  email?: string;
  meta?: unknown;
}

export function quoteApi(e: EntityApi): QuoteApi {
  const act: QuoteApi['act'] = (method, action, data, options = {}) => {
    const { email = AGENT, meta, ...request } = options;
    return e.post('/v1/quote/action', email, { method, action, data, ...(meta ? { meta } : {}) }, request);
  };
  const command: QuoteApi['command'] = async (action, data, options) => {
    const response = await act('POST', action, data, options);
    expectStatus(response, 200);
    const answer = QuoteCommandAnswer.parse(response.body);
    expect(answer.data.step).toBe(answer.data.quote.step);
    return answer.data.quote;
  };
  return {
    act,
    command,
    create: (data = newQuote, options) => command('createQuote', data, options),
    async view(uuid, email = AGENT) {
      const response = await act('GET', 'quoteView', { uuid }, { email });
      expectStatus(response, 200);
      return QuoteViewAnswer.parse(response.body).data;
    },
    async answers(quote, declinedNames = [], email = AGENT) {
      const pets = [];
      for (const pet of quote.pets) {
        const response = await act('GET', 'underwritingQuestions', { species: pet.species }, { email });
        expectStatus(response, 200);
        const questions = (response.body as { data: { id: number }[] }).data;
        const decline = declinedNames.includes(pet.name);
        const answers: Record<string, boolean> = {};
        for (const { id } of questions) {
          const declining = UNDERWRITING_QUESTIONS.find((q) => q.id === id)!.declineAnswer;
          // The declining answer where the pet is to be declined, else the other one (or "no").
          answers[String(id)] = declining === null ? false : decline ? declining : !declining;
        }
        pets.push({ petId: pet.id, answers });
      }
      return { uuid: quote.uuid, pets };
    },
  };
}
