import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { BillingResponse, PayNowResponse } from '../../src/api/schemas/billing';
import { HistoryResponse, type HistoryEntry } from '../../src/api/schemas/history';
import { CancelResponse, PolicyViewResponse, type PolicyView } from '../../src/api/schemas/policies';
import { MatterFileResponse, PolicyNoteResponse } from '../../src/api/schemas/policyMatters';
import { MovableClock, addDays, type BusinessDate } from '../../src/calendar';
import {
  policyLifecycleMachine,
  type PolicyAnnotationType,
  type PolicyLifecycleEvent,
  type PolicyLifecycleState,
} from '../../src/machines/policyLifecycle';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { DECLINING_CARD } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, type ApiResponse } from '../support/http';
import { AGENT } from '../support/personas';
import { upload } from '../support/policyMatterFixtures';
import { purchasePolicies } from '../support/policyFixtures';
import { workDays, type PolicyScreens } from '../support/policyWorkDays';
import { followRecorded } from '../support/productSteps';
import { tokenFor } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { coveringPaths, foldSelfLoops, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The pet policy lifecycle (docs/decisions/006) driven through the API its screens use, on a server whose
// clock the test moves: paths that together take every transition are walked each on a policy of its own,
// issued by a purchase on the server's business day. Each event is what the product does for it: a note, an
// uploaded file, a policyholder edit, a cancellation previewed and committed (flat in the free look, or dated
// after it and pending), and, as the clock moves on and the daily work runs the policy's days, a pending
// cancellation taking effect, the renewal offered and the policy renewed, a lapse for non-payment and its late
// payment. What the product recorded (the policy's events, as its events list shows them) is taken by the
// machine against the path; after every step the policy view (status, cancellation, renewal, `can`) agrees
// with the machine's state, and each command the machine refuses there is refused (409) and changes nothing.
//
// Every transition is the product's own: none is taken by a command called beside the API. The declaration a
// purchase generates is the one document (`policy.documentGenerated`, in force); the paths plan none, every walk's
// purchase records it on the way. A lapse needs a card on file that declines: staff put it on file with
// "Change card" (POST …/billing/payment-method), as the Payments tab does. What the product never did (a
// pending cancellation reinstated, a document generated after the purchase) left the machine
// (docs/decisions/020).
type LifecycleSnapshot = SnapshotFrom<typeof policyLifecycleMachine>;
const machine = policyLifecycleMachine;

// 10 AM Central on Thursday 28 January 2027: the first day's work has nothing to do yet.
const START = '2027-01-28T16:00:00Z';
const FREE_LOOK_DAYS = 30;

const issued: PolicyLifecycleEvent = { type: 'policy.issued' };
const edited: PolicyLifecycleEvent = { type: 'policy.policyholderChanged' };
// A cancellation in the free look ends the policy at once; one dated after it waits for its date.
const flat: PolicyLifecycleEvent = { type: 'policy.cancelled', flat: true, immediate: true };
const later: PolicyLifecycleEvent = { type: 'policy.cancelled', flat: false, immediate: false };
// Dated today after the free look: the same transition as a flat one, made only by a walk of its own.
const now: PolicyLifecycleEvent = { type: 'policy.cancelled', flat: false, immediate: true };
const reinstated: PolicyLifecycleEvent = { type: 'policy.reinstated' };
const ANNOTATIONS: PolicyAnnotationType[] = [
  'policy.noteAdded',
  'policy.fileAttached',
  'policy.documentGenerated',
];
// The purchase's declaration is recorded with every purchase, so no step asks for a document.
const EVENTS: PolicyLifecycleEvent[] = [
  issued,
  ...ANNOTATIONS.filter((type) => type !== 'policy.documentGenerated').map((type) => ({ type })),
  edited,
  flat,
  later,
  { type: 'policy.cancellationTookEffect' },
  reinstated,
  { type: 'policy.renewalOffered' },
  { type: 'policy.renewed' },
];

const model = createTestModel(machine, {
  events: (state: LifecycleSnapshot) => EVENTS.filter((e) => state.can(e)),
  serializeState: (state: LifecycleSnapshot, event, prev?: LifecycleSnapshot) =>
    JSON.stringify([state.value, event && prev ? transitionsTaken(machine, prev, event) : []]),
});
const isAnnotation = (e: PolicyLifecycleEvent) => (ANNOTATIONS as string[]).includes(e.type);
// Whether a cancellation is one the path goes on to reinstate: the product's only such one is a lapse for
// non-payment.
const reinstatedAfter = (rest: readonly PolicyLifecycleEvent[]) =>
  rest.find((next) => !isAnnotation(next))?.type === 'policy.reinstated';

// The covering paths, with the notes, files, documents, edits and renewals made where a path stands walked
// one after another on its policy (foldSelfLoops), and two walks of a person's cancellation that ends the
// policy at once, flat in the free look and dated today after it (the covering walk's ends in a lapse, as it
// is reinstated). The walk that moves the clock a year (the renewal) comes first, then those that move it a
// month: a policy left in force by an earlier walk lives through every later one's days.
// The declaration is recorded with the purchase, on the way to the path's next step: no step asks for it.
const withoutDocuments = (path: CoveringPath<PolicyLifecycleEvent>) => ({
  ...path,
  events: path.events.filter((e) => e.type !== 'policy.documentGenerated'),
});
const paths: CoveringPath<PolicyLifecycleEvent>[] = [
  ...foldSelfLoops(machine, coveringPaths(machine, model)).map(withoutDocuments),
  { events: [issued, flat], transitions: [] },
  { events: [issued, now], transitions: [] },
];
const clockCost = (path: CoveringPath<PolicyLifecycleEvent>) =>
  path.events.some((e) => e.type === 'policy.renewed')
    ? 2
    : path.events.some((e) => e.type === 'policy.cancellationTookEffect' || e === now)
      ? 1
      : 0;
paths.sort((a, b) => clockCost(b) - clockCost(a));
const describePath = (path: CoveringPath<PolicyLifecycleEvent>) =>
  path.events
    .map((e, at) =>
      e.type !== 'policy.cancelled'
        ? e.type.slice(7)
        : !e.immediate
          ? 'cancelled later'
          : reinstatedAfter(path.events.slice(at + 1))
            ? 'lapsed (cancelled for non-payment)'
            : e.flat
              ? 'cancelled flat'
              : 'cancelled today',
    )
    .join(' → ');

// The machine event a recorded policy event stands for, read from the events list.
function recordedEvent(entry: HistoryEntry): PolicyLifecycleEvent {
  if (entry.type === 'policy.cancelled')
    return {
      type: 'policy.cancelled',
      flat: entry.changes.flatCancel === true,
      immediate: entry.changes.immediate === true,
    };
  return { type: entry.type } as PolicyLifecycleEvent;
}

const coverage: CoverageLog[] = [];

describe.each(testDatabases())('policy lifecycle through the policy API on %s (model-based)', (database) => {
  const clock = new MovableClock(START);
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const days = workDays(db, clock);
  const here = new CoverageLog();
  // The transitions taken by what the product recorded through its API and daily work.
  const viaProduct = new Set<string>();

  interface World {
    policy: { matterId: number; policyNumber: string } | null;
    // How many of the policy's events the machine has taken.
    seen: number;
    // Which of them (by place in the log) a command of the server's appended.
    byCommand: Set<number>;
    // The policy lapsed for non-payment: a late payment reinstates it.
    lapsed: boolean;
  }

  const policyPath = (w: World, rest = '') => `/v2/policies/${w.policy!.matterId}${rest}`;
  const viewOf = async (w: World): Promise<PolicyView> => {
    const response = await e.get(policyPath(w), AGENT);
    expectStatus(response, 200);
    return PolicyViewResponse.parse(response.body).data;
  };
  const historyOf = async (w: World): Promise<HistoryEntry[]> => {
    const response = await e.get(`/v2/policies/events?policyNumber=${w.policy!.policyNumber}`, AGENT);
    expectStatus(response, 200);
    return HistoryResponse.parse(response.body).data.reverse();
  };
  const screensOf = (w: World) => async (): Promise<PolicyScreens> => {
    const [policy, billing] = await Promise.all([viewOf(w), e.get(policyPath(w, '/billing'), AGENT)]);
    expectStatus(billing, 200);
    return { policy, billing: BillingResponse.parse(billing.body).data.billing };
  };
  const cancelRequest = (w: World, cancelDate: BusinessDate, commit = false, previewToken?: string) =>
    e.post(policyPath(w, '/cancel'), AGENT, {
      data: { cancelDate, reason: 'CUSTOMER_REQUEST', commit, ...(previewToken ? { previewToken } : {}) },
    });
  const editRequest = (w: World, version?: number) =>
    e.patch(policyPath(w, '/policyholder'), AGENT, {
      data: { reason: 'New number', phone: `512555${String(w.seen).padStart(4, '0')}`, version },
    });
  const payNow = async (w: World, data: { paymentToken?: string } = {}) =>
    e.post(policyPath(w, '/billing/pay-now'), AGENT, { data });
  // A cancellation as the cancel screen makes it: previewed, then committed with the preview's token.
  async function cancel(w: World, cancelDate: BusinessDate) {
    const preview = await cancelRequest(w, cancelDate);
    expectStatus(preview, 200);
    const { previewToken } = CancelResponse.parse(preview.body).data;
    const committed = await cancelRequest(w, cancelDate, true, previewToken!);
    expectStatus(committed, 200);
    return CancelResponse.parse(committed.body).data;
  }

  // Does the event against the server, as the screens (or the moved clock's daily work) do it. `rest`: the
  // path after it, for the one choice it decides: a cancellation that ends the policy now is, when the path
  // reinstates it, the product's only such one: a lapse for non-payment.
  async function perform(w: World, event: PolicyLifecycleEvent, rest: readonly PolicyLifecycleEvent[]) {
    const screens = w.policy ? screensOf(w) : null;
    switch (event.type) {
      case 'policy.issued': {
        const [policy] = (await purchasePolicies(s.t, { petNames: ['Lifecycle'], startDate: days.today() }))
          .policies;
        w.policy = { matterId: policy!.matterId, policyNumber: policy!.policyNumber };
        return;
      }
      case 'policy.noteAdded': {
        const response = await e.post(policyPath(w, '/notes'), AGENT, { data: { note: `Step ${w.seen}` } });
        expectStatus(response, 201);
        expect(PolicyNoteResponse.parse(response.body).data.note).toBe(`Step ${w.seen}`);
        return;
      }
      case 'policy.fileAttached': {
        const file = {
          name: 'letter.txt',
          type: 'text/plain',
          bytes: new TextEncoder().encode('Dear agent'),
        };
        const response = await upload(s.t.url, await e.tokenOf(AGENT), w.policy!.matterId, file);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(MatterFileResponse.parse(response.body).data.name).toBe('letter.txt');
        return;
      }
      case 'policy.policyholderChanged': {
        const response = await editRequest(w, (await viewOf(w)).version);
        expectStatus(response, 200);
        return;
      }
      case 'policy.cancelled': {
        const view = await viewOf(w);
        if (!event.flat && !event.immediate) {
          const cancelDate = [
            addDays(view.summary.effectiveDate, FREE_LOOK_DAYS),
            addDays(days.today(), 1),
          ].sort()[1]!;
          expect(await cancel(w, cancelDate)).toMatchObject({
            flatCancel: false,
            cancelEffectiveDate: cancelDate,
          });
          return;
        }
        if (!reinstatedAfter(rest)) {
          // A person's cancellation dated today: flat in the free look, or once the policy's days have run
          // past it, effective today.
          const freeLookEnds = addDays(view.summary.effectiveDate, FREE_LOOK_DAYS);
          if (!event.flat) await days.until(screens!, () => days.today() >= freeLookEnds);
          expect(await cancel(w, days.today())).toMatchObject({
            flatCancel: event.flat,
            cancelEffectiveDate: event.flat ? view.summary.effectiveDate : days.today(),
          });
          return;
        }
        // The card on file declines from now on: the next instalment is declined, tried again on the dunning
        // days, and the grace period's end cancels the policy for non-payment.
        const changed = await e.post(policyPath(w, '/billing/payment-method'), AGENT, {
          data: { paymentToken: await tokenFor(e, AGENT, DECLINING_CARD) },
        });
        expectStatus(changed, 200);
        const after = await days.until(screens!, (shown) => shown.policy.summary.status === 'CANCELLED');
        expect(after.billing?.state).toBe('lapsed');
        w.lapsed = true;
        return;
      }
      case 'policy.cancellationTookEffect': {
        await days.until(screens!, (shown) => !shown.policy.summary.cancellationPending);
        return;
      }
      case 'policy.reinstated': {
        if (w.lapsed) {
          // The late payment, with a new card, inside the reinstatement window.
          const response = await payNow(w, { paymentToken: await tokenFor(e, AGENT) });
          expectStatus(response, 200);
          expect(PayNowResponse.parse(response.body).data).toMatchObject({ declined: 0, reinstated: true });
          w.lapsed = false;
          return;
        }
        throw new Error('Only a lapse for non-payment is reinstated');
      }
      case 'policy.renewalOffered': {
        await days.until(screens!, (shown) => shown.policy.renewal !== null);
        return;
      }
      case 'policy.renewed': {
        const { expirationDate } = (await viewOf(w)).summary;
        const after = await days.until(
          screens!,
          (shown) => shown.policy.summary.expirationDate > expirationDate,
        );
        expect(after.policy.summary.effectiveDate).toBe(expirationDate);
        return;
      }
    }
  }

  // The events the policy recorded since the machine last took them, and which a command appended.
  async function recordedSince(w: World) {
    const history = await historyOf(w);
    const from = w.seen;
    w.seen = history.length;
    return history
      .slice(from)
      .map((entry, i) => ({ event: recordedEvent(entry), byCommand: w.byCommand.has(from + i) }));
  }

  // The policy as the API shows it agrees with the machine's state; each command the machine refuses there,
  // the server refuses too (409) and the policy stays as it was.
  async function expectState(w: World, snapshot: LifecycleSnapshot) {
    const state = snapshot.value as PolicyLifecycleState;
    if (state === 'absent') {
      expect(w.policy).toBeNull();
      return;
    }
    const view = await viewOf(w);
    const history = await historyOf(w);
    expect(history).toHaveLength(w.seen);
    expect(view.version).toBe(history.length);
    expect(view.summary).toMatchObject({
      status: state === 'inForce' ? 'ACTIVE' : 'CANCELLED',
      cancellationPending: state === 'pendingCancellation',
    });
    expect(view.summary.cancellationEffectiveDate === null).toBe(state === 'inForce');
    expect(view.can).toEqual({ cancel: snapshot.can(later), edit: snapshot.can(edited) });
    expect(snapshot.can(flat)).toBe(view.can.cancel);
    // The next term's offer shows while the policy in force has one for the term after the current.
    const lastOf = (...types: string[]) => history.findLastIndex((h) => types.includes(h.type));
    expect(view.renewal !== null).toBe(
      state === 'inForce' && lastOf('policy.renewalOffered') > lastOf('policy.issued', 'policy.renewed'),
    );

    const refused: [string, () => Promise<ApiResponse>][] = [];
    if (!snapshot.can(edited)) refused.push(['an edit', () => editRequest(w)]);
    if (!snapshot.can(later)) refused.push(['a cancellation', () => cancelRequest(w, days.today())]);
    // Only a late payment reinstates; a policy in force has nothing paid late.
    if (!snapshot.can(reinstated)) refused.push(['a late payment', () => payNow(w)]);
    // `policy.issued` has no request but the purchase, which issues a new policy; the daily work's events
    // (took effect, renewal offered, renewed) are checked above: every one it recorded, the machine allowed.
    for (const [what, request] of refused) {
      const response = await request();
      expect(response.status, `${what} in ${state}: ${response.text}`).toBe(409);
      expectError(response, 409);
    }
    if (refused.length > 0) {
      expect(await viewOf(w)).toEqual(view);
      expect(await historyOf(w)).toHaveLength(history.length);
    }
  }

  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, async () => {
      const w: World = { policy: null, seen: 0, byCommand: new Set(), lapsed: false };
      const actor = createActor(machine).start();
      here.begin(`API on ${database}`, describePath(path));
      await expectState(w, actor.getSnapshot());
      for (let at = 0; at < path.events.length;) {
        await perform(w, path.events[at]!, path.events.slice(at + 1));
        const recorded = await recordedSince(w);
        let next = 0;
        at = followRecorded(
          machine,
          actor,
          path.events,
          at,
          recorded.map((r) => r.event),
          (event, taken) => {
            here.took(event, taken);
            if (!recorded[next++]!.byCommand) for (const t of taken) viaProduct.add(t);
          },
        );
        await expectState(w, actor.getSnapshot());
      }
      actor.stop();
      // A purchase, a few requests per step, and for some paths a year of the policy's days.
    }, 60_000);
  }

  it('took every transition of the definition through the API and the daily work', () => {
    const all = listTransitions(machine);
    expect([...here.covered].sort()).toEqual([...all].sort());
    expect(all.filter((t) => !viaProduct.has(t))).toEqual([]);
    coverage.push(here);
  });
});

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('policyLifecycle', 'api', ...coverage));
