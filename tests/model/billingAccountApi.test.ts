import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  BillingResponse,
  PayNowResponse,
  type Billing,
  type PayNowResult,
} from '../../src/api/schemas/billing';
import { CancelResponse, PolicyViewResponse } from '../../src/api/schemas/policies';
import { MovableClock, addDays, type BusinessDate } from '../../src/calendar';
import {
  billingAccountMachine,
  DUNNING,
  type BillingAccountEvent,
  type BillingAccountState,
} from '../../src/machines/billingAccount';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { BILLING_STREAM, billingStreamId } from '../../src/server/domain/billing/policyRef';
import { petRef } from '../../src/server/domain/policyMoney/petCancellationRefund';
import { DECLINING_CARD, GOOD_CARD } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, type ApiResponse } from '../support/http';
import { AGENT } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { workDays, type PolicyScreens } from '../support/policyWorkDays';
import { followRecorded } from '../support/productSteps';
import { tokenFor } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { coveringPaths, foldSelfLoops, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';
import { BILLING_EVENTS, TAKEN_BY_RENTERS } from './billingAccountEvents';

// The billing account of a monthly pet policy (docs/billing.md) driven through the product on a server whose
// clock the test moves: paths that together take every transition are walked each on a policy of its own,
// bought on the server's business day. The daily work runs the policy's days (its instalments' due dates, the
// dunning retries, the end of the grace period and of the reinstatement window, the renewal), staff take late
// payments with Pay now (a new card, or the one on file) and cancel the policy (a flat cancellation in the
// free look refunds, a later cancel date leaves a balance due). What the billing stream recorded is taken by
// the machine against the path; after every step the Payments view agrees with the machine's state, and what
// it says cannot be done is refused and changes nothing.
//
// Staff change the card on file with "Change card" (POST …/billing/payment-method), in force, past due, lapsed or
// closed; it also puts on file the declining card every decline needs (a purchase with it would be declined).
// Not caused through the pet API, and walked through the renters API that causes them instead
// (rentersBillingAccountApi.test.ts, TAKEN_BY_RENTERS): an extra charge on an open account (a renters
// reinstatement charges back its cancellation's refund; a pet policy's bill gets one only from its
// cancellation, which closes the account first), `closed --billing.termScheduled--> current` (only a renters
// reinstatement resumes billing) and a refund recorded before the account closes (a renters refund asked again
// after its policy was reinstated). No extra charge is ever added to an account past due or lapsed, so the
// machine takes none there (docs/decisions/020). The pet walks leave out the paths that take those.
// Two transitions need the calendar's short February, so their paths start on a day the clock reaches first:
// an instalment declined while one declined earlier is still in its grace period (bought 28 January, both the
// February and the March instalment fall due inside the 30 days), and a renewal in the grace period of the
// term's last instalment (bought 28 March, the last instalment falls due 28 February, the renewal 28 March).
type BillingSnapshot = SnapshotFrom<typeof billingAccountMachine>;
const machine = billingAccountMachine;

// 10 AM Central on Thursday 28 January 2027: the first path's policy is bought that day.
const START = '2027-01-28T16:00:00Z';
// A sandbox card declined for insufficient funds (docs/payments.md).
const INSUFFICIENT_FUNDS_CARD = '4000000000009995';

const EVENTS = BILLING_EVENTS;

const model = createTestModel(machine, {
  events: (state: BillingSnapshot) => EVENTS.filter((e) => state.can(e)),
  serializeState: (state: BillingSnapshot, event, prev?: BillingSnapshot) =>
    JSON.stringify([state.value, event && prev ? transitionsTaken(machine, prev, event) : []]),
});

type Path = CoveringPath<BillingAccountEvent>;
const has = (path: Path, type: BillingAccountEvent['type']) => path.events.some((e) => e.type === type);
const follows = (path: Path, first: BillingAccountEvent['type'], then: BillingAccountEvent['type']) =>
  path.events.some((e, at) => e.type === first && path.events[at + 1]?.type === then);
const partly = (path: Path) =>
  path.events.some((e) => e.type === 'billing.instalmentCollected' && !e.settlesArrears);
const inGrace = (path: Path) => follows(path, 'billing.instalmentDeclined', 'billing.termScheduled');
// The day of the year (MM-DD) a path's policy must be bought on (see above), or null for any day.
const startDayOf = (path: Path) => (partly(path) ? '01-28' : inGrace(path) ? '03-28' : null);
// The paths with a day of their own first, in the calendar's order from the start; then the ones that move
// the clock a year, then a month or two, then those that stay on their day: a policy left open by an earlier
// path lives through every later path's days.
const weight = (path: Path) =>
  partly(path)
    ? 0
    : inGrace(path)
      ? 1
      : follows(path, 'billing.opened', 'billing.termScheduled')
        ? 2
        : has(path, 'billing.lapsed')
          ? 3
          : has(path, 'billing.instalmentDeclined')
            ? 4
            : 5;
// The records a walk may make where the account stands and go on from there (foldSelfLoops): in force, all
// but the renewal (a year of its own); past due, a retry, a charge, a refund and another card that declines
// too; lapsed, a late payment declined, a charge and a refund (a payment that goes through reinstates). The
// rest (the closed account's, which hang on how its cancellation left it, and those with a day of their own)
// stay walks of their own.
const MAY_FOLD: Partial<Record<BillingAccountState, BillingAccountEvent['type'][]>> = {
  current: [
    'billing.instalmentCollected',
    'billing.chargeAdded',
    'billing.refundRecorded',
    'billing.paymentMethodChanged',
  ],
  pastDue: [
    'billing.instalmentDeclined',
    'billing.chargeAdded',
    'billing.refundRecorded',
    'billing.paymentMethodChanged',
  ],
  lapsed: ['billing.instalmentDeclined', 'billing.chargeAdded', 'billing.refundRecorded'],
};
function foldable(path: Path): boolean {
  const actor = createActor(machine).start();
  for (const event of path.events.slice(0, -1)) actor.send(event);
  const before = actor.getSnapshot().value as BillingAccountState;
  const last = path.events.at(-1)!;
  actor.send(last);
  const after = actor.getSnapshot().value;
  actor.stop();
  return after !== before || (MAY_FOLD[before] ?? []).includes(last.type);
}
const covering = coveringPaths(
  machine,
  model,
  (path) => !path.transitions.some((t) => TAKEN_BY_RENTERS.includes(t)),
);
const paths = [
  ...foldSelfLoops(machine, covering.filter(foldable)),
  ...covering.filter((path) => !foldable(path)),
].sort((a, b) => weight(a) - weight(b));
const short = (e: BillingAccountEvent) =>
  e.type === 'billing.instalmentCollected'
    ? e.settlesArrears
      ? 'collected'
      : 'collected (arrears left)'
    : e.type.slice(8);
const describePath = (path: Path) => path.events.map(short).join(' → ');

const coverage: CoverageLog[] = [];

describe.each(testDatabases())('billing account through the billing API on %s (model-based)', (database) => {
  const clock = new MovableClock(START);
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const days = workDays(db, clock);
  const here = new CoverageLog();

  interface World {
    path: Path;
    policy: { matterId: number; policyNumber: string } | null;
    // How many of the billing stream's events the machine has taken.
    seen: number;
  }

  const policyPath = (w: World, rest = '') => `/v2/policies/${w.policy!.matterId}${rest}`;
  const ref = (w: World) => petRef(w.policy!.policyNumber);
  const screensOf = (w: World) => async (): Promise<PolicyScreens> => {
    const [view, billing] = await Promise.all([
      e.get(policyPath(w), AGENT),
      e.get(policyPath(w, '/billing'), AGENT),
    ]);
    expectStatus(view, 200);
    expectStatus(billing, 200);
    return {
      policy: PolicyViewResponse.parse(view.body).data,
      billing: BillingResponse.parse(billing.body).data.billing,
    };
  };
  const streamOf = (w: World) =>
    db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_type', '=', BILLING_STREAM)
      .where('stream_id', '=', billingStreamId(ref(w)))
      .orderBy('version')
      .execute();
  const payNowRequest = (w: World, data: { paymentToken?: string } = {}) =>
    e.post(policyPath(w, '/billing/pay-now'), AGENT, { data });
  // "Pay now" as the Payments tab takes it; a new card is one the agent just entered.
  async function payNow(w: World, card: 'new' | 'on file'): Promise<PayNowResult> {
    const response = await payNowRequest(w, card === 'new' ? { paymentToken: await tokenFor(e, AGENT) } : {});
    expectStatus(response, 200);
    return PayNowResponse.parse(response.body).data;
  }
  const cancelRequest = (w: World, cancelDate: BusinessDate, commit = false, previewToken?: string) =>
    e.post(policyPath(w, '/cancel'), AGENT, {
      data: { cancelDate, reason: 'CUSTOMER_REQUEST', commit, ...(previewToken ? { previewToken } : {}) },
    });
  async function cancel(w: World, cancelDate: BusinessDate) {
    const preview = await cancelRequest(w, cancelDate);
    expectStatus(preview, 200);
    const { previewToken } = CancelResponse.parse(preview.body).data;
    const committed = await cancelRequest(w, cancelDate, true, previewToken!);
    expectStatus(committed, 200);
    return CancelResponse.parse(committed.body).data;
  }
  // The card on file, changed by staff with "Change card" on the Payments tab.
  async function putOnFile(w: World, number: string) {
    const changed = await e.post(policyPath(w, '/billing/payment-method'), AGENT, {
      data: { paymentToken: await tokenFor(e, AGENT, number) },
    });
    expectStatus(changed, 200);
  }
  const arrears = (shown: PolicyScreens) =>
    shown.billing!.schedule.filter((row) => row.status === 'declined' || row.status === 'failed').length;
  const unpaidInstalments = (shown: PolicyScreens) =>
    shown.billing!.schedule.filter((row) => row.kind === 'instalment' && row.status === 'scheduled').length;

  // Does the event against the server, as the product does it. `rest`: the path after it, for what a step must
  // leave ready for the next one (a decline of the term's last instalment before a renewal in its grace period;
  // the card on file and the cancellation that leave a balance due to collect, decline or pay).
  async function perform(
    w: World,
    event: BillingAccountEvent,
    rest: readonly BillingAccountEvent[],
    state: string,
  ) {
    const screens = w.policy ? screensOf(w) : null;
    switch (event.type) {
      case 'billing.opened': {
        const start = startDayOf(w.path);
        if (start) {
          const today = days.today();
          const year = Number(today.slice(0, 4));
          const day = [`${year}-${start}`, `${year + 1}-${start}`].find((d) => d >= today)!;
          if (day > today) await days.runDay(day);
        }
        const [policy] = (await purchasePolicies(s.t, { petNames: ['Billing'], startDate: days.today() }))
          .policies;
        w.policy = { matterId: policy!.matterId, policyNumber: policy!.policyNumber };
        return;
      }
      case 'billing.instalmentCollected': {
        if (state === 'current' || state === 'closed') {
          // The run collects the next instalment on its due date, or a closed account's balance due.
          await days.next(screens!);
          return;
        }
        // Arrears of two: the next instalment falls due, and is declined, inside the grace period.
        if (!event.settlesArrears) await days.until(screens!, (shown) => arrears(shown) >= 2);
        expect((await payNow(w, 'new')).collected).toBeGreaterThan(0);
        return;
      }
      case 'billing.instalmentDeclined': {
        if (state === 'current') {
          // Before a renewal in its grace period, the term's instalments but the last are collected first.
          if (rest[0]?.type === 'billing.termScheduled')
            await days.until(screens!, (shown) => unpaidInstalments(shown) === 1);
          await putOnFile(w, DECLINING_CARD);
          await days.until(screens!, (shown) => shown.billing!.state === 'pastDue');
        } else if (state === 'lapsed') {
          // The run does not charge a lapsed account: a late payment with the card on file is declined.
          expect(await payNow(w, 'on file')).toMatchObject({ collected: 0, declined: 1, reinstated: false });
        } else {
          // The next dunning retry; on a closed account the balance due charged to the declining card.
          await days.next(screens!);
        }
        return;
      }
      case 'billing.termScheduled': {
        const { expirationDate } = (await screens!()).policy.summary;
        await days.until(screens!, (shown) => shown.policy.summary.expirationDate > expirationDate);
        return;
      }
      case 'billing.paymentMethodChanged': {
        // In force a card that pays; past due another that declines too, so the arrears stay as they were.
        if (state === 'current') await putOnFile(w, GOOD_CARD);
        else if (state === 'pastDue') await putOnFile(w, INSUFFICIENT_FUNDS_CARD);
        else expect((await payNow(w, 'new')).collected).toBeGreaterThan(0);
        return;
      }
      case 'billing.lapsed': {
        await days.until(screens!, (shown) => shown.billing!.state === 'lapsed');
        return;
      }
      case 'billing.reinstated': {
        expect(await payNow(w, 'new')).toMatchObject({ declined: 0, reinstated: true });
        return;
      }
      case 'billing.closed': {
        if (state === 'lapsed') {
          await days.until(screens!, (shown) => shown.billing!.state === 'closed');
          return;
        }
        if (state === 'pastDue') {
          await cancel(w, days.today());
          return;
        }
        // In force: a cancellation dated today in the free look is flat and refunds the down payment; one
        // dated later earns more than was collected and leaves a balance due for the closed account to collect.
        const next = rest[0]?.type;
        if (next === 'billing.instalmentDeclined') await putOnFile(w, DECLINING_CARD);
        const owes =
          next === 'billing.instalmentCollected' ||
          next === 'billing.instalmentDeclined' ||
          next === 'billing.chargeAdded' ||
          next === 'billing.paymentMethodChanged';
        const figures = await cancel(w, owes ? addDays(days.today(), 75) : days.today());
        if (owes) expect(figures.balanceDue).toBeGreaterThan(0);
        else expect(figures).toMatchObject({ flatCancel: true, refundOutcome: { status: 'done' } });
        return;
      }
    }
  }

  // The events the billing stream recorded since the machine last took them.
  async function recordedSince(w: World): Promise<BillingAccountEvent[]> {
    const rows = await streamOf(w);
    const from = w.seen;
    w.seen = rows.length;
    return rows
      .slice(from)
      .map(
        (row) =>
          (row.type === 'billing.instalmentCollected'
            ? { type: row.type, settlesArrears: row.data.settlesArrears === true }
            : { type: row.type }) as BillingAccountEvent,
      );
  }

  // The Payments view agrees with the machine's state: where the account stands, since when it is past due or
  // lapsed and until when a late payment reinstates it, and a ledger that adds up. The billing machine refuses
  // nothing a late payment records once the account is open (a reinstatement only outside `lapsed`, where a
  // payment records none); what the API refuses is a payment when the view says there is nothing to pay,
  // and that changes nothing. The one event the machine refuses that a request could make, a second
  // `billing.closed`, would come with a second cancellation, which the server refuses (409). The run's own
  // events (a lapse, a renewal's term) are checked as recorded: each one, the machine allowed.
  async function expectState(w: World, snapshot: BillingSnapshot) {
    const state = snapshot.value as BillingAccountState;
    if (state === 'absent') {
      expect(w.policy).toBeNull();
      return;
    }
    const shown = await screensOf(w)();
    const billing: Billing = shown.billing!;
    expect(billing).toMatchObject({ policyNumber: w.policy!.policyNumber, state, plan: 'monthly' });
    expect(await streamOf(w)).toHaveLength(w.seen);
    const cents = (dollars: number) => Math.round(dollars * 100);
    const { ledger } = billing;
    expect(cents(ledger.collected) - cents(ledger.refunded)).toBe(
      cents(ledger.billed) - cents(ledger.owed) + cents(ledger.credit),
    );
    if (state === 'current')
      expect(billing).toMatchObject({ pastDueSince: null, lapsedOn: null, reinstateBy: null });
    if (state === 'pastDue') {
      expect(billing.pastDueSince).not.toBeNull();
      expect(billing.lapsedOn).toBeNull();
      expect(billing.dueNow).toBeGreaterThan(0);
    }
    if (state === 'lapsed') {
      expect(billing.reinstateBy).toBe(addDays(billing.lapsedOn!, DUNNING.reinstatementDays));
      expect(billing.can.payNow).toBe(true);
      expect(shown.policy.summary.status).toBe('CANCELLED');
    }

    const refused: [string, () => Promise<ApiResponse>][] = [];
    if (!billing.can.payNow) refused.push(['a payment', () => payNowRequest(w)]);
    if (state === 'closed') refused.push(['a cancellation', () => cancelRequest(w, days.today())]);
    for (const [what, request] of refused) {
      const response = await request();
      expect(response.status, `${what} in ${state}: ${response.text}`).toBe(409);
      expectError(response, 409);
    }
    if (refused.length > 0) {
      expect(await screensOf(w)()).toEqual(shown);
      expect(await streamOf(w)).toHaveLength(w.seen);
    }
  }

  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, async () => {
      const w: World = { path, policy: null, seen: 0 };
      const actor = createActor(machine).start();
      here.begin(`API on ${database}`, describePath(path));
      await expectState(w, actor.getSnapshot());
      for (let at = 0; at < path.events.length;) {
        await perform(w, path.events[at]!, path.events.slice(at + 1), String(actor.getSnapshot().value));
        const recorded = await recordedSince(w);
        at = followRecorded(machine, actor, path.events, at, recorded, (event, taken) =>
          here.took(event, taken),
        );
        await expectState(w, actor.getSnapshot());
      }
      actor.stop();
      // A purchase, a few requests per step, and the policy's days: up to a year of them.
    }, 60_000);
  }

  it('took every transition of the definition through the API and the daily work, but the renters line’s', () => {
    const all = listTransitions(machine);
    expect([...here.covered].sort()).toEqual(all.filter((t) => !TAKEN_BY_RENTERS.includes(t)).sort());
    coverage.push(here);
  });
});

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('billingAccount', 'api', ...coverage));
