import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { rentersQuoteJourneyMachine, type RentersQuoteEvent } from '../../src/machines/rentersQuoteJourney';
import { rentersJourneyStepPath } from '../../src/machines/rentersQuoteSteps';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import {
  OLD_POLICY,
  QUOTE_ID,
  back,
  bank,
  cancelledSource,
  card,
  coverageChosen,
  customerGiven,
  inForceSource,
  paymentGiven,
  policyFor,
  premium,
  property,
  propertyGiven,
  purchaseFailed,
  purchaseSubmitted,
  purchased,
  rejected,
  resumed,
  retried,
  rewriteStarted,
} from '../support/rentersQuoteSamples';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

type JourneySnapshot = SnapshotFrom<typeof rentersQuoteJourneyMachine>;

// Refused samples, named so the state checks can ask for them. Another quote's id is not a model edge (a
// fresh start would take it and double the graph); the start check asks for it.
const badZip: RentersQuoteEvent = { ...propertyGiven, property: { ...property, zipCode: '787' } };
const otherQuote: RentersQuoteEvent = { ...propertyGiven, id: 'another-quote' };
const badTotal: RentersQuoteEvent = {
  ...coverageChosen,
  premium: { ...premium, totalCents: premium.totalCents + 1 },
};
const noContacts: RentersQuoteEvent = { ...customerGiven, contacts: [] };
const badLast4: RentersQuoteEvent = {
  type: 'rentersQuote.paymentMethodGiven',
  payment: { ...card, last4: '42' },
};
const movedTotal: RentersQuoteEvent = { ...purchaseSubmitted, acceptedTotalCents: 1 };
const noTerms: RentersQuoteEvent = { ...purchaseSubmitted, termsAccepted: false };
const blankRetry = retried({ ...bank, token: ' ' });

// Samples per event type, valid ones and ones a guard must refuse; the model pairs them with the states
// that accept their type.
const samples: RentersQuoteEvent[] = [
  rewriteStarted(cancelledSource),
  rewriteStarted(inForceSource),
  propertyGiven,
  badZip,
  coverageChosen,
  badTotal,
  customerGiven,
  noContacts,
  paymentGiven,
  badLast4,
  purchaseSubmitted,
  movedTotal,
  noTerms,
  purchased(),
  purchased(OLD_POLICY),
  purchaseFailed,
  retried(),
  blankRetry,
  back,
  resumed('start'),
  resumed('coverage'),
  resumed('customer'),
  resumed('payment'),
  resumed('review'),
  resumed('paymentFailed'),
  resumed('purchased'),
  resumed('customer', { premium: null }),
  resumed('purchased', { policy: policyFor(OLD_POLICY) }),
  rejected,
];

// Only what the state accepts becomes an edge; the state checks below prove the refusals.
function eventsFrom(candidates: RentersQuoteEvent[]) {
  return (state: JourneySnapshot): RentersQuoteEvent[] => candidates.filter((e) => state.can(e));
}

// How far the quote got: with these samples, what decides the next steps.
function progress(state: JourneySnapshot): unknown[] {
  const c = state.context;
  return [
    c.id,
    c.rewriteOf,
    c.coverage !== null,
    c.premium !== null,
    c.customer !== null,
    c.payment?.method ?? null,
    c.termsAccepted,
    c.policy?.policyNumber ?? null,
  ];
}

// A vertex is the state value, the progress, and the transition of the definition that led there, so the
// shortest paths take every transition once while the graph stays small and finite.
function serializeState(
  state: JourneySnapshot,
  event: EventObject | undefined,
  prev?: JourneySnapshot,
): string {
  const via = event && prev ? transitionsTaken(rentersQuoteJourneyMachine, prev, event) : [];
  return JSON.stringify([state.value, progress(state)]) + JSON.stringify(via);
}

const model = createTestModel(rentersQuoteJourneyMachine, { events: eventsFrom(samples), serializeState });

// Simple paths over value and progress alone, walked as an agent walks: no resumes, no refusals, every
// way back and forth, a rewrite or not, payment failure and retry.
const journeySamples = samples.filter(
  (e) => e.type !== 'rentersQuote.resumed' && e.type !== 'rentersQuote.rejected',
);
const journeys = createTestModel(rentersQuoteJourneyMachine, {
  events: eventsFrom(journeySamples),
  serializeState: (state: JourneySnapshot) => JSON.stringify([state.value, progress(state)]),
});

const coverage = new CoverageLog();
let actor: Actor<typeof rentersQuoteJourneyMachine>;

function drive(event: RentersQuoteEvent): void {
  const before = actor.getSnapshot();
  coverage.took(event, transitionsTaken(rentersQuoteJourneyMachine, before, event));
  actor.send(event);
}

const eventTypes = [...new Set(samples.map((e) => e.type))];
const execs = Object.fromEntries(
  eventTypes.map((type) => [type, ({ event }: { event: RentersQuoteEvent }) => drive(event)]),
);

const can = (e: RentersQuoteEvent) => actor.getSnapshot().can(e);

// Checked on the real actor after every step: value, context and what the journey offers next.
function expectCommon(expected: JourneySnapshot): JourneySnapshot {
  const s = actor.getSnapshot();
  expect(s.value).toEqual(expected.value);
  expect(progress(s)).toEqual(progress(expected));
  expect(s.context.property).toEqual(expected.context.property);
  expect(s.context.premium).toEqual(expected.context.premium);
  expect(s.context.policy).toEqual(expected.context.policy);
  expect(rentersJourneyStepPath(String(s.value), s.context)).toMatch(/^\/renters\/quotes\/journey/);
  return s;
}

// What every step where the agent submits something offers besides its own event.
function expectRefusableStep(): void {
  expect(can(rejected)).toBe(true);
  expect(can(purchased())).toBe(false);
}

const states: Record<string, (expected: JourneySnapshot) => void> = {
  start: (expected) => {
    const s = expectCommon(expected);
    expectRefusableStep();
    expect(can(propertyGiven)).toBe(true);
    expect(can(badZip)).toBe(false);
    // The first save gives the quote its id; later ones must keep it.
    expect(can(otherQuote)).toBe(s.context.id === null);
    expect(can(rewriteStarted(cancelledSource))).toBe(s.context.id === null);
    expect(can(rewriteStarted(inForceSource))).toBe(false);
    expect(can(back)).toBe(false);
    expect(can(coverageChosen)).toBe(false);
    // Only a fresh journey opens a saved quote.
    const fresh = s.context.id === null && s.context.rewriteOf === null;
    expect(can(resumed('start'))).toBe(fresh);
    expect(can(resumed('customer', { premium: null }))).toBe(false);
    if (s.context.rewriteOf !== null) {
      expect(s.context.rewriteOf).toBe(OLD_POLICY);
      expect(s.context.coverage).toEqual(cancelledSource.coverage);
      expect(s.context.customer).toEqual(cancelledSource.customer);
    }
  },
  coverage: (expected) => {
    const s = expectCommon(expected);
    expectRefusableStep();
    expect(s.context.id).toBe(QUOTE_ID);
    expect(can(resumed('coverage'))).toBe(false);
    expect(can(coverageChosen)).toBe(true);
    expect(can(badTotal)).toBe(false);
    expect(can(back)).toBe(true);
    expect(can(customerGiven)).toBe(false);
  },
  customer: (expected) => {
    const s = expectCommon(expected);
    expectRefusableStep();
    expect(s.context.premium).toEqual(premium);
    expect(can(customerGiven)).toBe(true);
    expect(can(noContacts)).toBe(false);
    expect(can(back)).toBe(true);
    expect(can(paymentGiven)).toBe(false);
  },
  payment: (expected) => {
    const s = expectCommon(expected);
    expectRefusableStep();
    expect(s.context.customer).not.toBeNull();
    expect(can(paymentGiven)).toBe(true);
    expect(can(badLast4)).toBe(false);
    expect(can(back)).toBe(true);
    expect(can(purchaseSubmitted)).toBe(false);
  },
  review: (expected) => {
    const s = expectCommon(expected);
    expectRefusableStep();
    expect(s.context.payment).not.toBeNull();
    expect(can(purchaseSubmitted)).toBe(true);
    expect(can(movedTotal)).toBe(false);
    expect(can(noTerms)).toBe(false);
    expect(can(back)).toBe(true);
  },
  purchasing: (expected) => {
    const s = expectCommon(expected);
    expect(s.context.termsAccepted).toBe(true);
    // No second submit, no way back and nothing to refuse while the charge runs.
    expect(can(purchaseSubmitted)).toBe(false);
    expect(can(back)).toBe(false);
    expect(can(rejected)).toBe(false);
    expect(can(purchaseFailed)).toBe(true);
    // Only the policy linked as the quote asked is its outcome.
    expect(can(purchased(s.context.rewriteOf))).toBe(true);
    expect(can(purchased(s.context.rewriteOf === null ? OLD_POLICY : null))).toBe(false);
  },
  paymentFailed: (expected) => {
    const s = expectCommon(expected);
    expectRefusableStep();
    // The decline reason, unless a later refusal replaced it; a resumed quote has none.
    expect(Object.keys(s.context.errors).length).toBeLessThanOrEqual(1);
    expect(can(retried())).toBe(true);
    expect(can(blankRetry)).toBe(false);
    expect(can(back)).toBe(true);
    expect(can(purchaseSubmitted)).toBe(false);
  },
  purchased: (expected) => {
    const s = expectCommon(expected);
    expect(s.status).toBe('done');
    expect(s.context.policy?.rewriteOf).toBe(s.context.rewriteOf);
    expect(can(back)).toBe(false);
    expect(can(rejected)).toBe(false);
    expect(can(purchaseSubmitted)).toBe(false);
  },
};

describe('renters quote journey machine (model-based)', () => {
  const suites = { shortest: model.getShortestPaths(), simple: journeys.getSimplePaths() };

  for (const [name, paths] of Object.entries(suites)) {
    describe(`${name} paths`, () => {
      it('generates paths', () => {
        expect(paths.length).toBeGreaterThan(0);
      });
      for (const path of paths) {
        it(path.description, async () => {
          actor = createActor(rentersQuoteJourneyMachine).start();
          coverage.begin(name, reachedDescription(path));
          await path.test({ states, events: execs });
          actor.stop();
        });
      }
    });
  }

  it('reaches every transition of the definition', () => {
    expect([...coverage.covered].sort()).toEqual([...listTransitions(rentersQuoteJourneyMachine)].sort());
  });

  afterAll(() => writeCoverage('rentersQuoteJourney', coverage.covered, coverage.paths));
});
