import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../../src/server/domain/rentersRating/rateRentersQuote';
import type { RentersPayment, RentersRatingInput } from '../../src/server/domain/rentersRating/rentersTypes';

// The renters worked example of docs/rating.md, rated by the engine: the document cannot drift from the code.
interface Example {
  state: string;
  date: string;
  input: RentersRatingInput;
  expected: Record<string, unknown> & {
    first_payment: Partial<RentersPayment>;
    installment: Partial<RentersPayment>;
  };
}

const doc = readFileSync(resolve(import.meta.dirname, '../../docs/rating.md'), 'utf8');
const examples: Example[] = [...doc.matchAll(/```json renters-rating-example\n([\s\S]*?)```/g)].map(
  (m) => JSON.parse(m[1]!) as Example,
);

describe('docs/rating.md renters worked example', () => {
  it('has the example', () => {
    expect(examples).toHaveLength(1);
  });

  it.each(examples.map((e, i) => [i + 1, e] as const))('example %i', (_n, example) => {
    const result = rateRentersQuote(filedRentersTables(example.state, example.date), example.input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { first_payment, installment, ...expected } = example.expected;
    const { schedule, ...rating } = result.rating;
    expect(rating).toMatchObject(expected);
    expect(schedule[0]).toMatchObject(first_payment);
    expect(schedule[1]).toMatchObject(installment);
    // The other ten installments are the same amounts, a month apart.
    const { number: _number, due_date: _due, ...amounts } = installment;
    for (const payment of schedule.slice(2)) expect(payment).toMatchObject(amounts);
  });
});
