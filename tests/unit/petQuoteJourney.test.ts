import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { petQuoteJourneyMachine, type PetQuoteEvent } from '../../src/machines/petQuoteJourney';
import { journeyStepPath } from '../../src/machines/petQuoteSteps';
import {
  HAPPY_LOG,
  PETS,
  QUOTE_UUID,
  answered,
  back,
  bank,
  bella,
  card,
  customer,
  plansFor,
  purchased,
  rated,
  rex,
  savedPets,
  started,
  submitted,
  tom,
} from '../support/petQuoteSamples';

type Snapshot = SnapshotFrom<typeof petQuoteJourneyMachine>;

// Given a quote's event log, fold it as the server will: each event must be allowed where it arrives.
function given(log: PetQuoteEvent[]): Snapshot {
  const actor = createActor(petQuoteJourneyMachine).start();
  for (const event of log) {
    if (!actor.getSnapshot().can(event))
      throw new Error(`refused ${event.type} in ${String(actor.getSnapshot().value)}`);
    actor.send(event);
  }
  return actor.getSnapshot();
}

const failed: PetQuoteEvent = { type: 'quote.purchaseFailed', reason: 'Insufficient funds.' };
const flagged: PetQuoteEvent = { type: 'quote.fraudFlagged', reason: 'Address seen on a chargeback.' };

describe('pet quote journey: folding an event log', () => {
  it('walks the happy path to thank you and then accepts nothing', () => {
    const s = given(HAPPY_LOG);
    expect(s.value).toBe('thankYou');
    expect(s.status).toBe('done');
    expect(s.context.policyNumbers).toEqual(['PP-100', 'PP-101', 'PP-102']);
    expect(s.context.payment).toEqual(card);
    expect(s.can(back)).toBe(false);
    expect(s.can(submitted)).toBe(false);
    expect(s.can({ type: 'quote.rejected', errors: {} })).toBe(false);
  });

  it('gives each state its SPEC §2 route', () => {
    expect(journeyStepPath('start', null)).toBe('/quotes/journey');
    expect(journeyStepPath('ratingInfo', null)).toBe('/quotes/journey/rating-info');
    expect(journeyStepPath('ratingInfo', QUOTE_UUID)).toBe(`/quotes/journey/rating-info/${QUOTE_UUID}`);
    expect(journeyStepPath('declined', QUOTE_UUID)).toBe(
      `/quotes/journey/underwriting-questions/${QUOTE_UUID}`,
    );
    expect(journeyStepPath('coverage', QUOTE_UUID)).toBe(`/quotes/journey/coverage/${QUOTE_UUID}`);
    expect(journeyStepPath('paymentFailed', QUOTE_UUID)).toBe(`/quotes/journey/checkout/${QUOTE_UUID}`);
    expect(journeyStepPath('thankYou', QUOTE_UUID)).toBe(`/quotes/journey/thank-you/${QUOTE_UUID}`);
    expect(journeyStepPath('abandoned', QUOTE_UUID)).toBe('/quotes');
    expect(() => journeyStepPath('coverage', null)).toThrow(/uuid/);
  });

  it('clears answers and plans when the pets are rated again', () => {
    const s = given([started, rated, answered([]), plansFor(PETS), back, back, back, rated]);
    expect(s.value).toBe('underwritingQuestions');
    expect(s.context.pets.every((p) => p.answers === null && p.plan === null)).toBe(true);
  });

  it('keeps the quote from going back to the start once it exists', () => {
    const s = given([started, rated, back]);
    expect(s.value).toBe('ratingInfo');
    expect(s.can(back)).toBe(false);
    expect(given([started]).can(back)).toBe(true);
  });
});

describe('pet quote journey: declined pets', () => {
  it('when every pet is declined, offers only going back to the answers', () => {
    const s = given([started, rated, answered(PETS)]);
    expect(s.value).toBe('declined');
    for (const p of PETS) expect(s.can({ type: 'quote.petRemoved', petId: p.id })).toBe(false);
    expect(s.can(plansFor(PETS))).toBe(false);
    expect(s.can(back)).toBe(true);
  });

  it('continues with the rest once each declined pet is removed', () => {
    const s = given([started, rated, answered([tom, bella]), { type: 'quote.petRemoved', petId: tom.id }]);
    expect(s.value).toBe('declined');
    expect(s.can({ type: 'quote.petRemoved', petId: rex.id })).toBe(false);
    const after = given([
      started,
      rated,
      answered([tom, bella]),
      { type: 'quote.petRemoved', petId: tom.id },
      { type: 'quote.petRemoved', petId: bella.id },
    ]);
    expect(after.value).toBe('coverage');
    expect(after.context.pets.map((p) => p.id)).toEqual([rex.id]);
    expect(
      given([
        started,
        rated,
        answered([tom]),
        { type: 'quote.petRemoved', petId: tom.id },
        plansFor([rex, bella]),
      ]).value,
    ).toBe('checkout');
  });
});

describe('pet quote journey: checkout, fraud and payment', () => {
  const atCheckout = [started, rated, answered([]), plansFor(PETS)];

  it('refuses a purchase without consent and terms', () => {
    const s = given(atCheckout);
    expect(s.can({ ...submitted, termsAccepted: false })).toBe(false);
    expect(s.can({ ...submitted, electronicDeliveryConsent: false })).toBe(false);
    expect(s.can({ ...submitted, payment: { ...card, token: ' ' } })).toBe(false);
  });

  it('needs the fraud warning acknowledged before checkout goes on', () => {
    const s = given([...atCheckout, flagged]);
    expect(s.value).toBe('fraudWarning');
    expect(s.can(submitted)).toBe(false);
    const acked = given([...atCheckout, flagged, { type: 'quote.fraudAcknowledged' }, submitted, purchased]);
    expect(acked.value).toBe('thankYou');
    expect(acked.context.fraudAcknowledged).toBe(true);
    expect(given([...atCheckout, flagged, { type: 'quote.abandoned' }]).status).toBe('done');
  });

  it('retries a failed payment with another method', () => {
    const s = given([...atCheckout, submitted, failed]);
    expect(s.value).toBe('paymentFailed');
    expect(s.context.errors).toEqual({ payment: ['Insufficient funds.'] });
    const retried = given([
      ...atCheckout,
      submitted,
      failed,
      { type: 'quote.paymentRetried', payment: bank },
    ]);
    expect(retried.value).toBe('purchasing');
    expect(retried.context.payment).toEqual(bank);
    expect(retried.context.errors).toEqual({});
  });
});

describe('pet quote journey: refusals', () => {
  it.each<[string, PetQuoteEvent[], PetQuoteEvent]>([
    ['purchase before checkout', [started, rated, answered([])], purchased],
    ['checkout before coverage', [started, rated, answered([])], submitted],
    ['coverage before every pet is answered', [started, rated], plansFor(PETS)],
    ['answers missing a pet', [started, rated], { ...answered([]), answers: { [rex.id]: {} } }],
    ['a plan missing for a pet', [started, rated, answered([])], plansFor([rex])],
    ['rating without pets', [started], { type: 'quote.petsRated', uuid: QUOTE_UUID, customer, pets: [] }],
    ['rating another quote', [started, rated, back], { ...rated, uuid: 'another' }],
    ['back after purchase', HAPPY_LOG, back],
    ['back while the charge runs', [...HAPPY_LOG.slice(0, 5)], back],
    ['a second submit while the charge runs', [...HAPPY_LOG.slice(0, 5)], submitted],
    [
      'a retry with an unusable payment',
      [...HAPPY_LOG.slice(0, 5), { type: 'quote.purchaseFailed', reason: 'x' }],
      {
        type: 'quote.paymentRetried',
        payment: { ...bank, last4: '1' },
      },
    ],
  ])('refuses %s', (_name, log, event) => {
    expect(given(log).can(event)).toBe(false);
    expect(() => given([...log, event])).toThrow(/refused/);
  });
});

describe('pet quote journey: resuming a saved quote', () => {
  const resume = (
    step: Extract<PetQuoteEvent, { type: 'quote.resumed' }>['step'],
    pets = savedPets('planned'),
  ) =>
    ({
      type: 'quote.resumed',
      uuid: QUOTE_UUID,
      step,
      entityCode: '1000-0001-AB',
      customer,
      pets,
      policyNumbers: step === 'thankYou' ? ['PP-100'] : [],
    }) satisfies PetQuoteEvent;

  it('puts the journey at the step the quote had reached, with its data', () => {
    const s = given([resume('checkout')]);
    expect(s.value).toBe('checkout');
    expect(s.context.uuid).toBe(QUOTE_UUID);
    expect(s.context.pets).toEqual(savedPets('planned'));
    expect(given([resume('thankYou')]).status).toBe('done');
  });

  it('refuses a resume whose data does not reach the step', () => {
    expect(given([]).can(resume('coverage', savedPets('rated')))).toBe(false);
    expect(given([]).can(resume('checkout', savedPets('answered')))).toBe(false);
    expect(given([]).can(resume('underwritingQuestions', []))).toBe(false);
    expect(given([started]).can(resume('ratingInfo'))).toBe(false);
  });
});
