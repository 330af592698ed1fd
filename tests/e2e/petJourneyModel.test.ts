import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { petQuoteJourneyMachine, type PetQuoteEvent } from '../../src/machines/petQuoteJourney';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { AGENT } from '../support/personas';
import {
  PETS,
  answered,
  back,
  bank,
  bella,
  plansFor,
  purchased,
  rated,
  started,
  submitted,
  tom,
} from '../support/petQuoteSamples';
import { coveringPaths, type CoveringPath } from '../support/transitionCover';
import { JourneyDriver, resumedAt } from './petJourneyDriver';
import { portalSuite } from './portalSession';

// The pet quote journey's statechart drives the real portal and server (DESIGN.md "Statecharts are the
// source of truth"): paths that together take every transition of petQuoteJourney are walked in the
// browser, each event done the way an agent does it, each state checked on screen after every step.
type JourneySnapshot = SnapshotFrom<typeof petQuoteJourneyMachine>;

const portal = portalSuite({ width: 1366, height: 1000 });

// Three pets, so one declined pet can be removed while another is still declined (decision 005).
const samples: PetQuoteEvent[] = [
  started,
  rated,
  answered([]),
  answered([tom]),
  answered([tom, bella]),
  answered(PETS),
  plansFor(PETS),
  submitted,
  { type: 'quote.fraudFlagged', reason: 'disposable mailbox' },
  { type: 'quote.fraudAcknowledged' },
  { type: 'quote.abandoned' },
  purchased,
  { type: 'quote.purchaseFailed', reason: 'card_declined' },
  { type: 'quote.paymentRetried', payment: bank },
  back,
  resumedAt('ratingInfo'),
  resumedAt('underwritingQuestions'),
  resumedAt('coverage'),
  resumedAt('checkout'),
  resumedAt('thankYou'),
  { type: 'quote.rejected', errors: { form: ['refused'] } },
];

const events = (state: JourneySnapshot): PetQuoteEvent[] =>
  [
    ...samples,
    ...state.context.pets.map((p): PetQuoteEvent => ({ type: 'quote.petRemoved', petId: p.id })),
  ].filter((e) => state.can(e));

const petsShape = (state: JourneySnapshot): string[] =>
  state.context.pets.map(
    (p) => `${p.id}:${p.answers ? 'a' : ''}${p.declined ? 'd' : ''}${p.plan ? 'p' : ''}`,
  );

const model = createTestModel(petQuoteJourneyMachine, {
  events,
  serializeState: (state, event, prev) =>
    JSON.stringify([state.value, petsShape(state)]) +
    JSON.stringify(event && prev ? transitionsTaken(petQuoteJourneyMachine, prev, event) : []),
});

// The underwriting screen keeps saved answers; with every question answered it has nothing to refuse, so a
// refusal there is walked on a quote whose pets are not answered yet.
function drivable(path: CoveringPath<PetQuoteEvent>): boolean {
  const actor = createActor(petQuoteJourneyMachine).start();
  for (const event of path.events) {
    const s = actor.getSnapshot();
    if (
      event.type === 'quote.rejected' &&
      s.value === 'underwritingQuestions' &&
      s.context.pets.some((p) => p.answers)
    )
      return false;
    actor.send(event);
  }
  return true;
}

const paths = coveringPaths(petQuoteJourneyMachine, model, drivable);
const covered = new Set<string>();

const describePath = (path: CoveringPath<PetQuoteEvent>) =>
  path.events.map((e) => e.type.replace('quote.', '') + ('step' in e ? `(${e.step})` : '')).join(' → ');

async function signedIn(): Promise<Page> {
  const page = await portal.freshPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(AGENT);
  await page.getByLabel('Password', { exact: true }).fill('demo-portal-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

describe('pet quote journey in the browser (model-based)', () => {
  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(0);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, { timeout: 180_000 }, async () => {
      const page = await signedIn();
      const api = entityApi(() => apiFor(portal.server.url));
      const driver = new JourneyDriver(page, api);
      const actor = createActor(petQuoteJourneyMachine).start();
      try {
        await page.goto('/quotes/journey');
        await driver.expectState(actor.getSnapshot());
        for (const [k, event] of path.events.entries()) {
          const before = actor.getSnapshot();
          await driver.perform(event, before, path.events[k + 1]);
          for (const t of transitionsTaken(petQuoteJourneyMachine, before, event)) covered.add(t);
          actor.send(event);
          await driver.expectState(actor.getSnapshot());
        }
      } catch (error) {
        await portal.shot(page, `journey-model-${index + 1}-failed`, false);
        throw error;
      }
      await portal.shot(page, `journey-model-${index + 1}`, false);
      await driver.finish();
      await page.context().close();
    });
  }

  it('took every transition of the journey in the browser', () => {
    expect([...covered].sort()).toEqual([...listTransitions(petQuoteJourneyMachine)].sort());
  });

  afterAll(() => {
    console.info(
      `petQuoteJourney in the browser: ${covered.size}/${listTransitions(petQuoteJourneyMachine).length} transitions over ${paths.length} paths`,
    );
  });
});
