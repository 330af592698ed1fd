import { randomBytes } from 'node:crypto';
import type { QuoteView } from '../../src/api/schemas/quoteCommands';
import { entityApi } from './entityApi';
import { apiFor } from './http';
import { AGENT } from './personas';
import { newQuote, quoteApi } from './quoteApi';

// Quotes for the quote search suites, made through the API of a running server. Each batch shares a last
// name of its own, so a search for it finds exactly that batch whatever else the server holds.
export const searchMarker = (): string => `Qs${randomBytes(4).toString('hex')}`;

export interface QuoteBatch {
  lastName: string;
  // In the order made: the search shows them newest first.
  quotes: QuoteView[];
}

export interface QuoteSearchFixtures {
  // `firstNames` gives each quote's customer a first name (and the batch its size).
  batch(
    firstNames: string[],
    options?: { email?: string; phone?: (index: number) => string },
  ): Promise<QuoteBatch>;
  // Answers the underwriting questions and chooses the default plan for every pet.
  cover(quote: QuoteView, email?: string): Promise<QuoteView>;
}

export function quoteSearchFixtures(url: string): QuoteSearchFixtures {
  const e = entityApi(() => apiFor(url));
  const q = quoteApi(e);
  return {
    async batch(firstNames, options = {}) {
      const lastName = searchMarker();
      const quotes: QuoteView[] = [];
      for (const [index, firstName] of firstNames.entries()) {
        const customer = {
          ...newQuote.customer,
          firstName,
          lastName,
          email: `${lastName.toLowerCase()}.${index}@example.test`,
          phone: options.phone?.(index) ?? newQuote.customer.phone,
        };
        quotes.push(await q.create({ ...newQuote, customer }, { email: options.email ?? AGENT }));
      }
      return { lastName, quotes };
    },
    async cover(quote, email = AGENT) {
      await q.command('answerUnderwriting', await q.answers(quote, [], email), { email });
      return q.command(
        'chooseCoverage',
        { uuid: quote.uuid, pets: quote.pets.map((pet) => ({ petId: pet.id })) },
        { email },
      );
    },
  };
}
