import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { petQuoteJourneyMachine, type PetQuoteEvent } from '../../src/machines/petQuoteJourney';
import { journeyStepPath } from '../../src/machines/petQuoteSteps';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import {
  PETS,
  QUOTE_UUID,
  answered,
  back,
  bank,
  bella,
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
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

type JourneySnapshot = SnapshotFrom<typeof petQuoteJourneyMachine>;

const resumed = (
  step: Extract<PetQuoteEvent, { type: 'quote.resumed' }>['step'],
  pets = savedPets('rated'),
): PetQuoteEvent => ({
  type: 'quote.resumed',
  uuid: QUOTE_UUID,
  step,
  entityCode: '1000-0001-AB',
  customer,
  pets,
  policyNumbers: step === 'thankYou' ? ['PP-100'] : [],
});

// Samples per event type, valid ones and ones a guard must refuse; the model pairs them with the states
// that accept their type.
const samples: PetQuoteEvent[] = [
  started,
  rated,
  { type: 'quote.petsRated', uuid: QUOTE_UUID, customer, pets: [] },
  answered([]),
  answered([tom]),
  answered([tom, bella]),
  answered(PETS),
  { type: 'quote.underwritingAnswered', answers: {}, declinedPetIds: [] },
  plansFor(PETS),
  plansFor([rex]),
  submitted,
  { ...submitted, termsAccepted: false },
  { type: 'quote.fraudFlagged', reason: 'The e-mail address was used on a declined card.' },
  { type: 'quote.fraudAcknowledged' },
  { type: 'quote.abandoned' },
  purchased,
  { type: 'quote.purchaseFailed', reason: 'Card declined.' },
  { type: 'quote.paymentRetried', payment: bank },
  { type: 'quote.paymentRetried', payment: { ...bank, last4: '12' } },
  back,
  resumed('ratingInfo'),
  resumed('underwritingQuestions'),
  resumed('coverage', savedPets('answered')),
  resumed('coverage'),
  resumed('checkout', savedPets('planned')),
  resumed('thankYou', savedPets('planned')),
  { type: 'quote.rejected', errors: { zip: ['The zip code is not one we insure.'] } },
];

// Removal samples come from the state (each pet on the quote, declined or not). Only what the state accepts
// becomes an edge; the state checks below prove the refusals.
function eventsFrom(candidates: PetQuoteEvent[]) {
  return (state: JourneySnapshot): PetQuoteEvent[] => {
    const removals = state.context.pets.map((p): PetQuoteEvent => ({
      type: 'quote.petRemoved',
      petId: p.id,
    }));
    return [...candidates, ...removals].filter((e) => state.can(e));
  };
}

// The pets on the quote and how far each got: with these samples, what decides the next steps.
function petsShape(state: JourneySnapshot): string[] {
  return state.context.pets.map(
    (p) => `${p.id}:${p.answers ? 'a' : ''}${p.declined ? 'd' : ''}${p.plan ? 'p' : ''}`,
  );
}

// A vertex is the state value, the pets, and the transition of the definition that led there, so the
// shortest paths take every transition once while the graph stays small and finite.
function serializeState(
  state: JourneySnapshot,
  event: EventObject | undefined,
  prev?: JourneySnapshot,
): string {
  const via = event && prev ? transitionsTaken(petQuoteJourneyMachine, prev, event) : [];
  return JSON.stringify([state.value, petsShape(state)]) + JSON.stringify(via);
}

const model = createTestModel(petQuoteJourneyMachine, { events: eventsFrom(samples), serializeState });

// Simple paths over value and pets alone, with one sample per outcome (a single decline rather than every
// mix, no resumes, no refusals): each journey through declines and removals, fraud, payment failure and
// retry once. All samples over these vertices make thousands of paths that only repeat these.
const journeySamples = samples.filter(
  (e) =>
    e.type !== 'quote.resumed' &&
    e.type !== 'quote.rejected' &&
    (e.type !== 'quote.underwritingAnswered' || e.declinedPetIds.length < 2),
);
const journeys = createTestModel(petQuoteJourneyMachine, {
  events: eventsFrom(journeySamples),
  serializeState: (state: JourneySnapshot) => JSON.stringify([state.value, petsShape(state)]),
});

const coverage = new CoverageLog();
let actor: Actor<typeof petQuoteJourneyMachine>;

function drive(event: PetQuoteEvent): void {
  const before = actor.getSnapshot();
  coverage.took(event, transitionsTaken(petQuoteJourneyMachine, before, event));
  actor.send(event);
}

const eventTypes = [...new Set([...samples.map((e) => e.type), 'quote.petRemoved' as const])];
const execs = Object.fromEntries(
  eventTypes.map((type) => [type, ({ event }: { event: PetQuoteEvent }) => drive(event)]),
);

const can = (e: PetQuoteEvent) => actor.getSnapshot().can(e);

// Checked on the real actor after every step: value, context and what the journey offers next.
function expectCommon(expected: JourneySnapshot): JourneySnapshot {
  const s = actor.getSnapshot();
  expect(s.value).toEqual(expected.value);
  // A vertex fixes the quote and its pets; payment, fraud flags and messages are checked per state.
  expect(s.context.uuid).toBe(expected.context.uuid);
  expect(s.context.pets).toEqual(expected.context.pets);
  expect(s.context.customer).toEqual(expected.context.customer);
  expect(journeyStepPath(String(s.value), s.context.uuid)).toMatch(/^\/quotes(\/journey)?/);
  return s;
}

const states: Record<string, (expected: JourneySnapshot) => void> = {
  start: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.pets).toEqual([]);
    expect(can(started)).toBe(true);
    expect(can(back)).toBe(false);
    expect(can(submitted)).toBe(false);
  },
  ratingInfo: (expected) => {
    const s = expectCommon(expected);
    expect(can(rated)).toBe(true);
    expect(can({ type: 'quote.petsRated', uuid: QUOTE_UUID, customer, pets: [] })).toBe(false);
    // Back to the start only before the quote exists.
    expect(can(back)).toBe(s.context.uuid === null);
    expect(can(answered([]))).toBe(false);
  },
  underwritingQuestions: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.uuid).toBe(QUOTE_UUID);
    expect(s.context.pets.length).toBeGreaterThan(0);
    expect(can(answered([]))).toBe(true);
    expect(can({ type: 'quote.underwritingAnswered', answers: {}, declinedPetIds: [] })).toBe(false);
    expect(can(back)).toBe(true);
    expect(can(plansFor(PETS))).toBe(false);
  },
  declined: (expected) => {
    const s = expectCommon(expected);
    const declined = s.context.pets.filter((p) => p.declined);
    const eligible = s.context.pets.filter((p) => !p.declined);
    expect(declined.length).toBeGreaterThan(0);
    for (const p of s.context.pets)
      expect(can({ type: 'quote.petRemoved', petId: p.id })).toBe(p.declined && eligible.length > 0);
    expect(can(back)).toBe(true);
    expect(can(plansFor(PETS))).toBe(false);
  },
  coverage: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.pets.every((p) => p.answers && !p.declined)).toBe(true);
    expect(can(plansFor(s.context.pets))).toBe(true);
    expect(can(plansFor([]))).toBe(false);
    expect(can(back)).toBe(true);
    expect(can(submitted)).toBe(false);
  },
  checkout: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.pets.every((p) => p.plan)).toBe(true);
    expect(can(submitted)).toBe(true);
    expect(can({ ...submitted, electronicDeliveryConsent: false })).toBe(false);
    expect(can(purchased)).toBe(false);
    expect(can(back)).toBe(true);
  },
  fraudWarning: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.fraudWarning).not.toBeNull();
    expect(s.context.fraudAcknowledged).toBe(false);
    expect(can(submitted)).toBe(false);
    expect(can(back)).toBe(false);
  },
  purchasing: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.payment).not.toBeNull();
    expect(s.context.termsAccepted && s.context.electronicDeliveryConsent).toBe(true);
    // No second submit and no way back while the charge runs.
    expect(can(submitted)).toBe(false);
    expect(can(back)).toBe(false);
  },
  paymentFailed: (expected) => {
    const s = expectCommon(expected);
    // The decline reason, unless a later refusal replaced it.
    expect(Object.keys(s.context.errors)).toHaveLength(1);
    expect(can({ type: 'quote.paymentRetried', payment: bank })).toBe(true);
    expect(can(purchased)).toBe(false);
  },
  thankYou: (expected) => {
    const s = expectCommon(expected);
    expect(s.status).toBe('done');
    expect(s.context.policyNumbers.length).toBeGreaterThan(0);
    expect(can(back)).toBe(false);
    expect(can(submitted)).toBe(false);
  },
  abandoned: (expected) => {
    const s = expectCommon(expected);
    expect(s.status).toBe('done');
    expect(can(back)).toBe(false);
  },
};

describe('pet quote journey machine (model-based)', () => {
  const suites = { shortest: model.getShortestPaths(), simple: journeys.getSimplePaths() };

  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(petQuoteJourneyMachine).start();
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(petQuoteJourneyMachine)].sort());
  });

  afterAll(() => writeCoverage('petQuoteJourney', coverage.covered, coverage.paths));
});
