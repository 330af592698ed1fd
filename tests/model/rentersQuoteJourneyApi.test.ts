import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { RentersQuoteResponse, type RentersQuoteView } from '../../src/api/schemas/rentersQuotes';
import { rewriteSourceOf, rentersSnapshotOf } from '../../src/features/renters/journey/rentersSnapshot';
import {
  rentersQuoteJourneyMachine,
  type RentersQuoteEvent,
  type RentersQuoteJourneyState,
  type RentersResumableStep,
} from '../../src/machines/rentersQuoteJourney';
import { takesEvent } from '../../src/machines/machineAnswers';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import {
  RENTERS_QUOTE_STREAM,
  rentersQuoteMachineEvent,
} from '../../src/server/domain/rentersQuotes/rentersQuoteEvents';
import { readStream } from '../../src/server/store/eventStore';
import { entityApi, expectStatus } from '../support/entityApi';
import type { ApiResponse } from '../support/http';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import {
  DECLINED_CARD,
  PAYING_CARD,
  rentersCoverage,
  rentersCustomer,
  rentersQuoteApi,
  rentersStart,
} from '../support/rentersQuoteApi';
import {
  back,
  cancelledSource,
  coverageChosen,
  customerGiven,
  OLD_POLICY,
  paymentGiven,
  propertyGiven,
  purchased,
  purchaseFailed,
  purchaseSubmitted,
  rejected,
  resumed,
  retried,
  rewriteStarted,
} from '../support/rentersQuoteSamples';
import { rentersPolicyIn, rentersRewriteApi } from '../support/rentersRewriteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { coveringPaths, foldSelfLoops, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The renters quote journey driven through the product (docs/decisions/007): each path is a quote of its own
// walked through the renters quote API as the journey screens walk it (the start step, coverage, customer,
// payment method, back, the purchase and a retry after a declined card). After each request the quote's log
// is replayed through the machine (the step's own event takes the transition the path planned), the quote the
// API shows (its step, its price, its policy) is checked against where the machine is, and every step the
// machine refuses there is refused by the API (409) and writes nothing.
//
// What is not a request, and how it is driven as near the product as it goes:
// - `rentersQuote.rejected` is the portal's, made of a refusal: the request the step sends, with an input the
//   server refuses (422); its field messages are the event, and the quote is shown unchanged;
// - `rentersQuote.rewriteStarted` is the portal's prefill of a rewrite from the policy's rewrite answer
//   (GET …/rewrite, through the portal's rewriteSourceOf); the server logs the same facts with the start step;
// - `rentersQuote.resumed` is sent by nothing any more: the portal reopens a saved quote by resolving the
//   machine at the step the API shows (rentersSnapshotOf). The resume is driven with a quote saved through
//   the API (one a path left at that step), reopened with GET, its event made of the context the portal builds
//   from that view; the machine must land at the step the API shows, with the portal's context;
// - `purchasing` is never at rest: a purchase (or a retry) records the attempt and the charge's outcome in one
//   request, so the outcome is the next event of the log and the refusals there are not reachable over HTTP.
type JourneySnapshot = SnapshotFrom<typeof rentersQuoteJourneyMachine>;
type JourneyEvent = RentersQuoteEvent;
const machine = rentersQuoteJourneyMachine;
type Actor = ReturnType<typeof createActor<typeof machine>>;
// A step of a path: its sample and the transitions the sample takes along the path.
interface Planned {
  event: JourneyEvent;
  transitions: string[];
}

const RESUMABLE: RentersResumableStep[] = [
  'start',
  'coverage',
  'customer',
  'payment',
  'review',
  'paymentFailed',
  'purchased',
];

// The agent's walk, without resumes: each resume is a path of its own below, made of a saved quote.
const samples: JourneyEvent[] = [
  rewriteStarted(cancelledSource),
  propertyGiven,
  coverageChosen,
  customerGiven,
  paymentGiven,
  purchaseSubmitted,
  purchased(),
  purchased(OLD_POLICY),
  purchaseFailed,
  retried(),
  back,
  rejected,
];
// A vertex is the state, whether the journey is still fresh (what a rewrite or a resume asks) and the
// transition that led there.
const model = createTestModel(machine, {
  events: (state: JourneySnapshot) => samples.filter((e) => state.can(e)),
  serializeState: (state: JourneySnapshot, event: EventObject | undefined, prev?: JourneySnapshot) =>
    JSON.stringify([state.value, state.context.id === null && state.context.rewriteOf === null]) +
    JSON.stringify(event && prev ? transitionsTaken(machine, prev, event) : []),
});
// The walks leave resumes out (xstate's graph tries a bare one, which no guard takes): each resume is a path
// of its own, a saved quote reopened.
const walks = foldSelfLoops(
  machine,
  coveringPaths(machine, model, (path) => path.events.every((e) => e.type !== 'rentersQuote.resumed')),
);
const paths: CoveringPath<JourneyEvent>[] = [
  ...walks,
  ...RESUMABLE.map((step) => ({ events: [resumed(step)], transitions: [] })),
];

const short = (e: JourneyEvent) =>
  e.type.replace('rentersQuote.', '') + (e.type === 'rentersQuote.resumed' ? `(${e.step})` : '');
const describePath = (path: CoveringPath<JourneyEvent>) => path.events.map(short).join(' → ');

const OUTCOMES: ReadonlySet<string> = new Set([
  'rentersQuote.purchaseSucceeded',
  'rentersQuote.purchaseFailed',
]);

const coverage: CoverageLog[] = [];

describe.each(testDatabases())('renters quote journey through the API on %s (model-based)', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const w = rentersRewriteApi(e, r);
  const db = () => s.t.server.database.db;
  const here = new CoverageLog();
  // Quotes the paths left, by the step the API shows them at: what a resume reopens.
  const saved = new Map<string, string>();
  let customers = 0;

  // What a path works on: who asks, the quote once started (as the API last showed it), the events of its
  // log seen, the policy a rewrite replaces, the charge outcome a purchase wrote besides its attempt.
  interface World {
    email: string;
    quote: RentersQuoteView | null;
    seen: number;
    rewriteOf: string | null;
    outcome: JourneyEvent | null;
    // The rewrite's prefill the portal made, which the start step logs again.
    prefill: JourneyEvent | null;
    // The path's events still to come, to pick a card the next charge pays or declines with.
    ahead: JourneyEvent[];
  }

  const quotePath = (world: World, rest = '') => `/v2/renters/quotes/${world.quote!.id}${rest}`;
  const logOf = (id: string) =>
    db()
      .transaction()
      .execute((trx) => readStream(trx, RENTERS_QUOTE_STREAM, id));
  const view = (world: World) => r.view(world.quote!.id, world.email);
  const parse = (answer: ApiResponse) => RentersQuoteResponse.parse(answer.body).data;

  // The card that gives the outcome the path wants of the next charge (a paying one when it wants none).
  const cardFor = (world: World) => {
    const next = world.ahead.find((e) => OUTCOMES.has(e.type));
    return next?.type === 'rentersQuote.purchaseFailed' ? DECLINED_CARD : PAYING_CARD;
  };

  const startBody = (world: World) => ({
    ...rentersStart(),
    ...(world.rewriteOf ? { rewrite_of: world.rewriteOf } : {}),
  });
  const customerBody = () => ({
    ...rentersCustomer,
    customer: { ...rentersCustomer.customer, email: `journey.${++customers}.${randomUUID()}@example.test` },
  });
  const purchaseBody = (world: World, more: Record<string, unknown> = {}) => ({
    request_id: randomUUID(),
    terms_accepted: true,
    total: world.quote!.premium?.total ?? 1,
    ...more,
  });

  // The request a step sends; the answer is the quote as it now is.
  async function request(world: World, event: JourneyEvent): Promise<ApiResponse> {
    const email = world.email;
    switch (event.type) {
      case 'rentersQuote.propertyGiven':
        return world.quote
          ? r.post(quotePath(world, '/property'), { ...rentersStart(), version: world.quote.version }, email)
          : r.post('/v2/renters/quotes', startBody(world), email);
      case 'rentersQuote.coverageChosen':
        return r.post(quotePath(world, '/coverage'), rentersCoverage, email);
      case 'rentersQuote.customerGiven':
        return r.post(quotePath(world, '/customer'), customerBody(), email);
      case 'rentersQuote.paymentMethodGiven':
        return r.post(
          quotePath(world, '/payment-method'),
          { token: await r.token(cardFor(world), email), billing_zip_code: '78701' },
          email,
        );
      case 'rentersQuote.purchaseSubmitted':
        return r.post(quotePath(world, '/purchase'), purchaseBody(world), email);
      case 'rentersQuote.paymentRetried':
        return r.post(
          quotePath(world, '/purchase'),
          purchaseBody(world, { token: await r.token(cardFor(world), email), billing_zip_code: '78701' }),
          email,
        );
      case 'rentersQuote.back':
        return r.post(quotePath(world, '/back'), { version: world.quote!.version }, email);
    }
    throw new Error(`No request makes ${event.type}`);
  }

  // The step's request with an input the server refuses (422), wherever the journey stands.
  function refusedInput(world: World, state: RentersQuoteJourneyState): Promise<ApiResponse> {
    const email = world.email;
    const badZip = { ...rentersStart(), property: { ...rentersStart().property, zip_code: '10001' } };
    switch (state) {
      case 'start':
        return world.quote
          ? r.post(quotePath(world, '/property'), badZip, email)
          : r.post('/v2/renters/quotes', { ...startBody(world), property: badZip.property }, email);
      case 'coverage':
        return r.post(
          quotePath(world, '/coverage'),
          {
            ...rentersCoverage,
            coverage: {
              ...rentersCoverage.coverage,
              contents: { ...rentersCoverage.coverage.contents, amount: 12_345 },
            },
          },
          email,
        );
      case 'customer':
        return r.post(quotePath(world, '/customer'), { ...customerBody(), contacts: [] }, email);
      case 'payment':
        return r.post(
          quotePath(world, '/payment-method'),
          { token: 'tok_never_issued', billing_zip_code: '78701' },
          email,
        );
      case 'review':
        return r.post(quotePath(world, '/purchase'), purchaseBody(world, { total: 0.01 }), email);
      case 'paymentFailed':
        return r.post(
          quotePath(world, '/purchase'),
          purchaseBody(world, { token: 'tok_never_issued', billing_zip_code: '78701' }),
          email,
        );
    }
    throw new Error(`Nothing to refuse at ${state}`);
  }

  // A quote saved at the step, for a resume: one a path left there, else one walked there now.
  async function savedAt(step: RentersResumableStep): Promise<string> {
    const left = saved.get(step);
    if (left) return left;
    const world: World = {
      email: AGENT,
      quote: null,
      seen: 0,
      rewriteOf: null,
      outcome: null,
      prefill: null,
      ahead: [],
    };
    const walk: JourneyEvent[] = [
      propertyGiven,
      coverageChosen,
      customerGiven,
      paymentGiven,
      purchaseSubmitted,
    ];
    const upTo = {
      start: 1,
      coverage: 1,
      customer: 2,
      payment: 3,
      review: 4,
      paymentFailed: 5,
      purchased: 5,
    };
    world.ahead = step === 'paymentFailed' ? [purchaseFailed] : [];
    for (const event of walk.slice(0, upTo[step])) {
      const answer = await request(world, event);
      expectStatus(answer, 200);
      world.quote = parse(answer);
    }
    if (step === 'start') {
      const answer = await request(world, back);
      expectStatus(answer, 200);
      world.quote = parse(answer);
    }
    expect(world.quote!.step).toBe(step);
    return world.quote!.id;
  }

  // Replays the log beyond what was seen: the step's own event first, then a charge's outcome, which the
  // purchase wrote in the same request and the path takes as its next step.
  async function replayLog(world: World, actor: Actor, planned: Planned | null): Promise<void> {
    const stored = await logOf(world.quote!.id);
    const fresh = stored.slice(world.seen).map((ev) => rentersQuoteMachineEvent(ev));
    world.seen = stored.length;
    // A rewrite's start logs the facts the portal prefilled from: the same ones, not taken twice.
    if (fresh[0]?.type === 'rentersQuote.rewriteStarted') {
      expect(fresh[0]).toEqual(world.prefill);
      fresh.shift();
    }
    if (planned === null) {
      expect(fresh).toEqual([]);
      return;
    }
    expect(fresh.map((ev) => ev.type)[0]).toBe(planned.event.type);
    take(actor, fresh[0]!, planned.transitions);
    const rest = fresh.slice(1);
    if (rest.length > 0) {
      expect(rest.length).toBe(1);
      expect(OUTCOMES.has(rest[0]!.type), `${rest[0]!.type} after ${planned.event.type}`).toBe(true);
      world.outcome = rest[0]!;
    }
  }

  // The event into the machine, which must take the transitions the path planned for its step.
  function take(actor: Actor, event: JourneyEvent, planned: string[] | null) {
    const before = actor.getSnapshot();
    expect(before.can(event), `${event.type} in ${String(before.value)}`).toBe(true);
    const taken = transitionsTaken(machine, before, event);
    if (planned) expect(taken).toEqual(planned);
    here.took(event, taken);
    actor.send(event);
  }

  // The quote as the API shows it, against where the machine is; then what the machine refuses there, the API
  // refuses, writing nothing.
  async function expectState(world: World, snapshot: JourneySnapshot): Promise<void> {
    const state = snapshot.value as RentersQuoteJourneyState;
    const c = snapshot.context;
    if (world.quote === null) {
      // Before the start step is saved there is no quote: only the prefill of a rewrite.
      expect(state).toBe('start');
      expect(c.id).toBeNull();
      expect(c.rewriteOf).toBe(world.rewriteOf);
      return;
    }
    if (state === 'purchasing') {
      // The attempt is in the log and its outcome right after it (see the top of the file).
      expect(world.outcome).not.toBeNull();
      return;
    }
    const quote = await view(world);
    world.quote = quote;
    expect(quote.step).toBe(state);
    expect(quote.id).toBe(c.id);
    expect(quote.rewrite_of).toBe(c.rewriteOf);
    expect(quote.premium ? Math.round(quote.premium.total * 100) : null).toBe(c.premium?.totalCents ?? null);
    expect(quote.policy?.policy_number ?? null).toBe(c.policy?.policyNumber ?? null);
    expect(quote.payment_error !== null).toBe(state === 'paymentFailed');
    // The portal's journey at the quote's step offers what the machine offers.
    const portal = rentersSnapshotOf(quote);
    expect(portal.value).toBe(state);
    expect(portal.can(back)).toBe(snapshot.can(back));

    const refusals: [string, () => Promise<ApiResponse>][] = [];
    // Whether the state takes the type at all: the guards are the server's to weigh on the input.
    const probe = (type: JourneyEvent['type'], send: () => Promise<ApiResponse>) => {
      if (!takesEvent(machine, state, type)) refusals.push([type, send]);
    };
    const email = world.email;
    probe('rentersQuote.propertyGiven', () => r.post(quotePath(world, '/property'), rentersStart(), email));
    probe('rentersQuote.coverageChosen', () => r.post(quotePath(world, '/coverage'), rentersCoverage, email));
    probe('rentersQuote.customerGiven', () => r.post(quotePath(world, '/customer'), customerBody(), email));
    probe('rentersQuote.paymentMethodGiven', async () =>
      r.post(
        quotePath(world, '/payment-method'),
        { token: await r.token(PAYING_CARD, email), billing_zip_code: '78701' },
        email,
      ),
    );
    if (state !== 'paymentFailed')
      probe('rentersQuote.purchaseSubmitted', () =>
        r.post(quotePath(world, '/purchase'), purchaseBody(world), email),
      );
    probe('rentersQuote.back', () => r.post(quotePath(world, '/back'), {}, email));
    if (refusals.length === 0) return;
    const before = (await logOf(quote.id)).length;
    for (const [type, send] of refusals) {
      const refused = await send();
      expect(refused.status, `${type} at ${state}: ${refused.text}`).toBe(409);
    }
    expect((await logOf(quote.id)).length).toBe(before);
    expect(await view(world)).toEqual(quote);
  }

  // One step of a path, as the product takes it.
  async function step(world: World, actor: Actor, planned: Planned) {
    const state = actor.getSnapshot().value as RentersQuoteJourneyState;
    const expected = planned.transitions;
    switch (planned.event.type) {
      case 'rentersQuote.rewriteStarted': {
        // The portal opens the journey of a cancelled policy prefilled from its rewrite answer.
        const policy = await rentersPolicyIn(db(), await entityIdOf(db(), NORTHWIND_AUSTIN), 'cancelled');
        const answer = await w.eligibility(policy.matterId, world.email);
        expect(answer.eligible).toBe(true);
        world.rewriteOf = policy.policyNumber;
        world.prefill = { type: 'rentersQuote.rewriteStarted', source: rewriteSourceOf(answer.source)! };
        take(actor, world.prefill, expected);
        return;
      }
      case 'rentersQuote.rejected': {
        const answer = await refusedInput(world, state);
        expect(answer.status, answer.text).toBe(422);
        const { errors } = answer.body as { errors: Record<string, string[]> };
        take(actor, { type: 'rentersQuote.rejected', errors }, expected);
        if (world.quote) await replayLog(world, actor, null);
        return;
      }
      case 'rentersQuote.resumed': {
        // A saved quote reopened: the machine fed what the API shows of it, as the portal reads that view.
        world.quote = await r.view(await savedAt(planned.event.step), world.email);
        world.seen = (await logOf(world.quote.id)).length;
        const { context } = rentersSnapshotOf(world.quote);
        const event: JourneyEvent = {
          type: 'rentersQuote.resumed',
          id: context.id!,
          step: world.quote.step as RentersResumableStep,
          entityCode: context.entityCode,
          rewriteOf: context.rewriteOf,
          property: context.property,
          effectiveDate: context.effectiveDate,
          interestedParty: context.interestedParty,
          coverage: context.coverage,
          premium: context.premium,
          customer: context.customer,
          contacts: context.contacts,
          payment: context.payment,
          policy: context.policy,
        };
        take(actor, event, expected);
        expect(actor.getSnapshot().context).toEqual({ ...context, errors: {} });
        return;
      }
      case 'rentersQuote.purchaseSucceeded':
      case 'rentersQuote.purchaseFailed': {
        // Written by the purchase that made the attempt.
        const outcome = world.outcome;
        world.outcome = null;
        expect(outcome?.type).toBe(planned.event.type);
        take(actor, outcome!, expected);
        return;
      }
    }
    const answer = await request(world, planned.event);
    expectStatus(answer, 200);
    world.quote = parse(answer);
    await replayLog(world, actor, planned);
  }

  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(RESUMABLE.length);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, async () => {
      const actor = createActor(machine).start();
      // The machine fed the path's samples, which says which transitions each step is to take.
      const plan = createActor(machine).start();
      here.begin(`API on ${database}`, describePath(path));
      const rewrite = path.events[0]?.type === 'rentersQuote.rewriteStarted';
      // A rewrite is made by staff with the rewrite privilege; a new quote by an agent.
      const world: World = {
        email: rewrite ? INTERNAL : AGENT,
        quote: null,
        seen: 0,
        rewriteOf: null,
        outcome: null,
        prefill: null,
        ahead: [...path.events],
      };
      await expectState(world, actor.getSnapshot());
      for (const planned of path.events) {
        world.ahead.shift();
        const before = actor.getSnapshot();
        const transitions = transitionsTaken(machine, plan.getSnapshot(), planned);
        plan.send(planned);
        await step(world, actor, { event: planned, transitions });
        const after = actor.getSnapshot();
        // A refusal leaves the journey where it was: what it refuses there was just checked.
        if (after.value !== before.value || planned.type === 'rentersQuote.resumed')
          await expectState(world, after);
      }
      // A path that ends on a running charge: its outcome, as the purchase wrote it.
      if (world.outcome) {
        const outcome = world.outcome;
        world.outcome = null;
        take(actor, outcome, null);
        await expectState(world, actor.getSnapshot());
      }
      if (world.quote && path.events[0]!.type !== 'rentersQuote.resumed')
        saved.set(world.quote.step, world.quote.id);
      actor.stop();
      plan.stop();
    }, 60_000);
  }

  it('took every transition of the definition through the API', () => {
    expect([...here.covered].sort()).toEqual([...listTransitions(machine)].sort());
    coverage.push(here);
  });
});

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('rentersQuoteJourney', 'api', ...coverage));
