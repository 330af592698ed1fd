import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rateQuote } from '../../src/server/domain/rating/rateQuote';
import type { QuoteRatingInput } from '../../src/server/domain/rating/rateTypes';
import { filedTables } from '../support/rateTableFixtures';

// The worked examples of docs/rating.md, rated by the engine: the document cannot drift from the code.
interface Example {
  state: string;
  date: string;
  quote: QuoteRatingInput;
  expected: Record<string, unknown>;
}

const doc = readFileSync(resolve(import.meta.dirname, '../../docs/rating.md'), 'utf8');
const examples: Example[] = [...doc.matchAll(/```json rating-example\n([\s\S]*?)```/g)].map(
  (m) => JSON.parse(m[1]!) as Example,
);

describe('docs/rating.md worked examples', () => {
  it('has the three examples', () => {
    expect(examples).toHaveLength(3);
  });

  it.each(examples.map((e, i) => [i + 1, e] as const))('example %i', (_n, example) => {
    const rating = rateQuote(filedTables(example.state, example.date), example.quote);
    expect(rating).toMatchObject(example.expected);
  });
});
