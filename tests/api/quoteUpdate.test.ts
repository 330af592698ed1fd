import { describe, expect, it } from 'vitest';
import { expectError, expectValidationError } from '../support/http';
import { entityApi, expectStatus } from '../support/entityApi';
import { newQuote, quoteApi } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Action `updateQuote` (docs/quote-actions.md): rating info saved again after going back to it, on the same
// quote, in the same state; pets sent with their id keep it, answers and plans are asked again.
describe.each(testDatabases())('updateQuote on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);

  async function atRatingInfo() {
    const created = await q.create();
    const back = await q.command('back', { uuid: created.uuid });
    expect(back.step).toBe('ratingInfo');
    return back;
  }
  const update = (uuid: string, overrides: Record<string, unknown> = {}) => ({
    uuid,
    zip: '75201',
    startDate: '2026-12-01',
    customer: { ...newQuote.customer, city: 'Dallas' },
    pets: newQuote.pets,
    ...overrides,
  });

  it('re-rates the quote, keeping the ids of pets sent with one', async () => {
    const quote = await atRatingInfo();
    const rex = quote.pets.find((p) => p.name === 'Rex')!;
    const updated = await q.command(
      'updateQuote',
      update(quote.uuid, {
        version: quote.version,
        pets: [
          { ...newQuote.pets[0], id: rex.id, age: 4 },
          { name: 'Kit', species: 'CAT', breedCode: 'ABYSSINIAN', age: 1, gender: 'FEMALE' },
        ],
      }),
    );
    expect(updated).toMatchObject({
      uuid: quote.uuid,
      step: 'underwritingQuestions',
      start_date: '2026-12-01',
      customer: { city: 'Dallas', zip: '75201', state: 'TX' },
      totals: null,
    });
    expect(updated.pets.map((p) => [p.name, p.age, p.answers])).toEqual([
      ['Rex', 4, null],
      ['Kit', 1, null],
    ]);
    expect(updated.pets[0]!.id).toBe(rex.id);
    expect(updated.pets[1]!.id).not.toBe(quote.pets[1]!.id);
  });

  it('refuses another state, unknown pet ids, and any step but rating info', async () => {
    const quote = await atRatingInfo();
    const elsewhere = await q.act('POST', 'updateQuote', update(quote.uuid, { zip: '98101' }));
    expectStatus(elsewhere, 200);
    expect((elsewhere.body as { data: { error: string } }).data.error).toMatch(/this quote is for TX/);
    expectValidationError(
      await q.act(
        'POST',
        'updateQuote',
        update(quote.uuid, { pets: [{ ...newQuote.pets[0], id: crypto.randomUUID() }] }),
      ),
      ['data.pets.0.id'],
    );
    expectValidationError(
      await q.act(
        'POST',
        'updateQuote',
        update(quote.uuid, { pets: [{ ...newQuote.pets[0], breedCode: 'ABYSSINIAN' }] }),
      ),
      ['data.pets.0.breedCode'],
    );
    expectValidationError(await q.act('POST', 'updateQuote', update('nope')), ['data.uuid']);
    expectError(await q.act('POST', 'updateQuote', update(crypto.randomUUID())), 404);
    expect((await q.view(quote.uuid)).version).toBe(quote.version);

    const fresh = await q.create();
    const early = await q.act('POST', 'updateQuote', update(fresh.uuid));
    expect(expectError(early, 409).message).toMatch(/underwriting questions step/);
  });
});
