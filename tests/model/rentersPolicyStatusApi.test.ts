import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { HistoryResponse, type HistoryEntry } from '../../src/api/schemas/history';
import { FailedRefundsPage, type FailedRefund } from '../../src/api/schemas/refunds';
import { RentersPolicySearchResponse } from '../../src/api/schemas/rentersPolicies';
import {
  RentersPolicyRecordResponse,
  type RentersPolicyRecord,
} from '../../src/api/schemas/rentersPolicyRecord';
import { RentersQuoteResponse } from '../../src/api/schemas/rentersQuotes';
import { MovableClock, addDays, businessDate } from '../../src/calendar';
import {
  rentersPolicyStatusMachine,
  statusCodeOf,
  type RentersPolicyEvent,
  type RentersPolicyEventType,
  type RentersPolicyState,
} from '../../src/machines/rentersPolicyStatus';
import { RENTERS_FREE_LOOK_DAYS } from '../../src/machines/rentersRecordFlags';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { rentersPolicyStatusEvent } from '../../src/server/domain/rentersPolicies/rentersPolicyEvents';
import { DECLINING_CARD, runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import type { ApiResponse } from '../support/http';
import { INTERNAL } from '../support/personas';
import { rentersCoverage, rentersCustomer, rentersQuoteApi, rentersStart } from '../support/rentersQuoteApi';
import { rentersRewriteApi } from '../support/rentersRewriteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { coveringPaths, foldSelfLoops, type CoveringPath } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The renters policy status machine driven through the product (docs/decisions/008): every path is a policy of
// its own, sold by buying a renters quote through the API, then changed as the portal changes it (cancel,
// discontinue, reinstate previewed and committed, a rewrite quote bought, the record's edits and notes, a new
// payment method of the customer). Dates act as they do in the product: the server's clock moves to the day
// and the daily work of that day runs (a pending cancellation or a non-renewal takes effect, a renewal is
// offered, the policy renews). After every step the policy's log as the API shows it is replayed through the
// machine, the record the API shows (state, status, the allowed-actions flags, rewrite eligibility) is checked
// against where the machine is, and every change the machine refuses there is refused by the API and changes
// nothing.
//
// Taken by the product as it happens, none appended by the test: a renewal's payment when the billing day of
// the renewal date collects the renewed term's first bill (after the offer 45 days before), an address
// confirmed with "Confirm address" (an unconfirmed one first entered by staff when the path has none), a
// document when the declarations page is made (with the sale, and again when staff change the mailing
// address). Three need the money a path moved earlier, so they walk paths of their own (docs/decisions/020):
// - a payment method reaches a cancelled policy only when it lapsed for non-payment and may still be
//   reinstated by a late payment: a monthly policy whose customer's card declines is walked to its lapse by
//   the billing days, then the customer adds a new card;
// - a settlement on a non-renewing, expired or rewritten policy is a refund asked again ("Retry"): a
//   cancellation whose refund the payment service refuses (the sandbox's charge set to declined, the outside
//   world's answer), then reinstated, discontinued, expired and rewritten, the refund asked again in each.
// A `renters.settled` elsewhere is never a step of its own: a committed cancel or reinstatement that moves money
// writes it after its own event, so it is taken as it comes, in the state the change left. An expired or
// rewritten policy takes no payment method (the request leaves it out, checked where the policy arrives there).
// (`renters.sentToCarrier` left the machine: docs/decisions/020.)
type StatusSnapshot = SnapshotFrom<typeof rentersPolicyStatusMachine>;
const machine = rentersPolicyStatusMachine;

// One sample per way the product makes an event; the driver makes the real one and replays what it wrote.
const sample = {
  issued: { type: 'renters.policyIssued', effectiveDate: 'sold', expirationDate: 'a year on' },
  flat: { type: 'renters.cancelled', method: 'FLAT', cancelDate: 'effective date', immediate: true },
  now: { type: 'renters.cancelled', method: 'PRO_RATA', cancelDate: 'today', immediate: true },
  later: { type: 'renters.cancelled', method: 'PRO_RATA', cancelDate: 'tomorrow', immediate: false },
  // Billing's own cancel: a monthly policy lapsed for non-payment, cancelled from its first missed bill.
  lapse: { type: 'renters.cancelled', method: 'PRO_RATA', cancelDate: 'lapse', immediate: true },
  discontinued: { type: 'renters.discontinued', nonRenewEffectiveDate: 'expiration' },
  reinstated: { type: 'renters.reinstated' },
  rewritten: { type: 'renters.rewritten', newPolicyNumber: 'bought' },
  method: { type: 'renters.paymentMethodChanged' },
  settled: { type: 'renters.settled' },
  tookEffect: { type: 'renters.nonRenewalTookEffect' },
} as const satisfies Record<string, RentersPolicyEvent>;
const DATED: RentersPolicyEvent[] = [
  { type: 'renters.cancellationTookEffect' },
  { type: 'renters.nonRenewalTookEffect' },
  {
    type: 'renters.renewalOffered',
    effectiveDate: 'expiration',
    expirationDate: 'a year on',
    amountCents: 1,
  },
  { type: 'renters.renewalPaymentReceived', effectiveDate: 'expiration' },
  { type: 'renters.renewed', effectiveDate: 'expiration', expirationDate: 'a year on' },
];
// The record's own events, in the order an agent would make them (an insured is added before removed).
const RECORDS: RentersPolicyEvent[] = [
  { type: 'renters.addressChanged', addressType: 'MAILING', confirmed: false },
  { type: 'renters.addressConfirmed', addressType: 'MAILING' },
  { type: 'renters.contactChanged' },
  { type: 'renters.additionalInsuredAdded', insuredId: 'new' },
  { type: 'renters.additionalInsuredRemoved', insuredId: 'added' },
  { type: 'renters.paymentMethodChanged' },
  { type: 'renters.noteAdded' },
  { type: 'renters.documentGenerated' },
  { type: 'renters.settled' },
];
const ALL: RentersPolicyEvent[] = [
  sample.issued,
  sample.flat,
  sample.later,
  sample.discontinued,
  sample.reinstated,
  sample.rewritten,
  ...DATED,
  ...RECORDS,
];

// Which of the three cancellations a cancel event is.
const cancelKind = (e: Extract<RentersPolicyEvent, { type: 'renters.cancelled' }>) =>
  e.cancelDate === 'lapse' ? 'lapse' : e.method === 'FLAT' ? 'flat' : e.immediate ? 'now' : 'later';
// The states whose policies a new payment method goes to (announceMethodChange's BILLED_STATES).
const BILLED: ReadonlySet<RentersPolicyState> = new Set(['active', 'nonRenewing', 'pendingCancellation']);
// What the product may write beside a step's own event, in the same request: the money a committed change
// moved, and a rewrite's purchase method made the customer's primary one (told to the old policy while billed).
// The days up to a renewal's payment bring its offer and the renewal itself, and the billing day of a renewal
// that waits for its payment collects it, and may ask again for a refund that failed; an address is confirmed
// after staff entered it; a declarations page is made with a sale and after an edit of the insured data, and a
// card that declines comes before a lapse.
const BESIDE: ReadonlySet<string> = new Set([
  'renters.documentGenerated',
  'renters.additionalInsuredAdded',
  'renters.additionalInsuredRemoved',
  'renters.settled',
  'renters.paymentMethodChanged',
  'renters.renewalOffered',
  'renters.renewed',
  'renters.renewalPaymentReceived',
  'renters.addressChanged',
]);

type Cause = 'request' | 'clock';
function causeOf(type: RentersPolicyEventType, event?: RentersPolicyEvent): Cause {
  if (event?.type === 'renters.cancelled' && cancelKind(event) === 'lapse') return 'clock';
  if (DATED.some((e) => e.type === type)) return 'clock';
  return 'request';
}

const model = createTestModel(machine, {
  events: (state: StatusSnapshot) => ALL.filter((e) => state.can(e)),
  serializeState: (state: StatusSnapshot, event: EventObject | undefined, prev?: StatusSnapshot) =>
    JSON.stringify(state.value) + JSON.stringify(event && prev ? transitionsTaken(machine, prev, event) : []),
});
// A settlement, and a payment method on a cancelled policy, need money moved earlier on the path (see the top):
// the generated paths plan neither (a settlement comes beside the change that moved money), and the two paths
// below walk them.
const needsMoney = (path: CoveringPath<RentersPolicyEvent>) => {
  const actor = createActor(machine).start();
  const needs = path.events.some((e) => {
    const here = actor.getSnapshot().value as RentersPolicyState;
    actor.send(e);
    return (
      e.type === 'renters.settled' || (e.type === 'renters.paymentMethodChanged' && here === 'cancelled')
    );
  });
  actor.stop();
  return needs;
};
const withTransitions = (events: RentersPolicyEvent[]): CoveringPath<RentersPolicyEvent> => {
  const actor = createActor(machine).start();
  const transitions = events.flatMap((e) => {
    const taken = transitionsTaken(machine, actor.getSnapshot(), e);
    actor.send(e);
    return taken;
  });
  actor.stop();
  return { events, transitions };
};
// One path per transition not yet taken; the records made where a path stands are folded into one walk.
// The paths that end a policy at once take a flat cancellation the first time and one effective today the
// second, so both kinds are bought and ended through the API.
const paths: CoveringPath<RentersPolicyEvent>[] = (() => {
  let endsNow = 0;
  const generated = foldSelfLoops(
    machine,
    coveringPaths(machine, model, (path) => !needsMoney(path)),
  ).map((path) => ({
    ...path,
    events: path.events.map((e) =>
      e.type === 'renters.cancelled' && cancelKind(e) === 'flat'
        ? endsNow++ % 2 === 0
          ? sample.flat
          : sample.now
        : e,
    ),
  }));
  return [
    ...generated,
    // Lapsed for non-payment, then a new card of the customer: it reaches the lapsed policy.
    withTransitions([sample.issued, sample.lapse, sample.method]),
    // A refund refused, then asked again on a non-renewing, an expired and a rewritten policy.
    withTransitions([
      sample.issued,
      sample.now,
      sample.reinstated,
      sample.discontinued,
      sample.settled,
      sample.tookEffect,
      sample.settled,
      sample.rewritten,
      sample.settled,
    ]),
  ];
})();

const short = (e: RentersPolicyEvent) =>
  e.type === 'renters.cancelled' ? `cancelled(${cancelKind(e)})` : e.type.replace('renters.', '');
const describePath = (path: CoveringPath<RentersPolicyEvent>) => path.events.map(short).join(' → ');

const coverage: CoverageLog[] = [];

describe.each(testDatabases())('renters policy status through the API on %s (model-based)', (database) => {
  // The server's clock: paths move it forward only, each sells its policy on the day it stands at.
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const w = rentersRewriteApi(e, r);
  const db = () => s.t.server.database.db;
  const here = new CoverageLog();
  // Transitions taken other than by a request, by how.
  const caused = { clock: new Set<string>(), request: new Set<string>(), beside: new Set<string>() };
  let customers = 0;

  const today = () => businessDate(clock.now(), 'UTC');

  interface Policy {
    policyNumber: string;
    matterId: number;
    customerId: number;
  }
  // What a path is working on: its policy once sold, the last version seen and the record the API showed
  // then, the insureds it added.
  interface World {
    policy: Policy | null;
    version: number;
    record: RentersPolicyRecord | null;
    insureds: number[];
    // Sold monthly (a lapse needs a bill to miss); its refunds refused by the payment service.
    monthly: boolean;
    refundsRefused: boolean;
  }

  const policyPath = (p: Policy, rest = '') => `/v2/renters/policies/${p.matterId}${rest}`;

  async function recordOf(p: Policy): Promise<RentersPolicyRecord> {
    const response = await e.get(`/v2/renters/customers/${p.customerId}/policies/${p.matterId}`, INTERNAL);
    expectStatus(response, 200);
    return RentersPolicyRecordResponse.parse(response.body).data;
  }

  async function historyOf(p: Policy): Promise<HistoryEntry[]> {
    const response = await e.get(policyPath(p, '/events'), INTERNAL);
    expectStatus(response, 200);
    return HistoryResponse.parse(response.body).data.sort((a, b) => a.version - b.version);
  }

  // A quote bought through the API by an agent, for a customer of the path's own, starting today.
  async function sell(monthly: boolean): Promise<Policy> {
    customers += 1;
    const quote = await r.step('/v2/renters/quotes', { ...rentersStart(), effective_date: today() });
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, {
      ...rentersCoverage,
      term_interval: monthly ? 'monthly' : 'annual',
    });
    await r.step(`${base}/customer`, {
      ...rentersCustomer,
      customer: { ...rentersCustomer.customer, email: `status.${customers}.${randomUUID()}@example.test` },
    });
    const review = await r.step(`${base}/payment-method`, {
      token: await r.token(),
      billing_zip_code: '78701',
    });
    const bought = await r.post(`${base}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total: review.premium!.total,
    });
    expectStatus(bought, 200);
    const policyNumber = RentersQuoteResponse.parse(bought.body).data.policy!.policy_number;
    const found = await e.get(
      `/v2/renters/policies?filter[policy_number]=${encodeURIComponent(policyNumber)}`,
      INTERNAL,
    );
    expectStatus(found, 200);
    const [row] = RentersPolicySearchResponse.parse(found.body).data;
    return { policyNumber, matterId: row!.matter_id, customerId: row!.customer_id };
  }

  // A change as the change dialog makes it: a preview, then its commit with the preview's token.
  async function change(
    p: Policy,
    kind: 'cancel' | 'discontinue' | 'reinstate',
    inputs: Record<string, string>,
    commit = true,
  ): Promise<ApiResponse> {
    const data = { policy_number: p.policyNumber, ...inputs };
    const preview = await e.post(policyPath(p, `/${kind}`), INTERNAL, { data: { ...data, commit: false } });
    if (!commit || preview.status !== 200) return preview;
    const { preview_token, fingerprint } = (preview.body as { data: Record<string, unknown> }).data;
    return e.post(policyPath(p, `/${kind}`), INTERNAL, {
      data: { ...data, commit: true, preview_token, preview_fingerprint: fingerprint },
    });
  }
  const CANCEL = {
    flat: () => ({ reason_code: 'CUSTOMER_REQUEST', cancellation_method: 'FLAT' }),
    now: () => ({ reason_code: 'CUSTOMER_REQUEST', cancellation_method: 'PRO_RATA', cancel_date: today() }),
    later: () => ({
      reason_code: 'MOVED_OUT',
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(today(), 1),
    }),
  };
  const DISCONTINUE = { reason_code: 'UNDERWRITING' };
  const REINSTATE = { reason_code: 'PAYMENT_RECEIVED' };

  // A new primary payment method of the customer, as the payment method screen adds it; answers the
  // policies the server told of it.
  async function newPaymentMethod(p: Policy, number = '5555555555554444'): Promise<string[]> {
    const customer = `/v2/renters/customers/${p.customerId}`;
    const intent = await e.get(`${customer}/payment_accounts/active/payment_methods/setup-intent`, INTERNAL);
    expectStatus(intent, 200);
    const { setup_intent_id, payment_account_id } = (
      intent.body as { data: { setup_intent_id: string; payment_account_id: string } }
    ).data;
    const tokenized = await e.post('/v2/renters/tokenize', INTERNAL, {
      data: {
        setup_intent_id,
        type: 'card',
        card: { number, expiry: '10/31', cvc: '123', name: 'Grace Hopper', zip: '78701' },
      },
    });
    expectStatus(tokenized, 200);
    const added = await e.post(
      `${customer}/payment_accounts/${payment_account_id}/payment_methods`,
      INTERNAL,
      {
        data: { setup_intent_id, is_primary: true },
      },
    );
    expectStatus(added, 201);
    return (added.body as { meta: { policy_numbers: string[] } }).meta.policy_numbers;
  }

  // The failed refunds of the policy, as staff see them in the queue (its wire is the same on both lines).
  async function failedRefundsOf(p: Policy): Promise<FailedRefund[]> {
    const queue = await e.get('/v2/refunds/failed?filter[line]=renters&limit=100', INTERNAL);
    expectStatus(queue, 200);
    return FailedRefundsPage.parse(queue.body).data.filter((f) => f.matterId === p.matterId);
  }
  // The renters retry answers in the renters wire: read its status in one place, whatever its keys' case.
  const retriedStatus = (body: unknown) =>
    (body as { data: { refund: { status: string } } }).data.refund.status;

  // The outside world refuses the refunds of the policy's purchase: the sandbox payment service holds its
  // charge as declined, as a card closed since the sale would answer.
  async function refuseRefunds(p: Policy): Promise<void> {
    const { charge_id } = await db()
      .selectFrom('billing_instalments')
      .select('charge_id')
      .where('line', '=', 'renters')
      .where('policy_number', '=', p.policyNumber)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('payment_charges')
      .set({ outcome: 'declined' })
      .where('charge_id', '=', charge_id!)
      .execute();
  }

  // Billing's own cancel: the customer's card declines from the first monthly bill on, and the billing days
  // run to the end of the grace period, when the policy lapses for non-payment.
  async function lapse(p: Policy, record: RentersPolicyRecord): Promise<void> {
    expect(await newPaymentMethod(p, DECLINING_CARD)).toContain(p.policyNumber);
    const due = record.summary.upcomingPaymentDate!;
    expect(due, 'a monthly policy has a next bill').toBeTruthy();
    for (const offset of [0, 3, 7, 14, 30]) await runDatedWorkOn(db(), clock, addDays(due, offset));
  }

  // The step as the product takes it; `world.policy` is the path's policy afterwards.
  async function perform(world: World, event: RentersPolicyEvent, state: RentersPolicyState): Promise<void> {
    if (event.type === 'renters.policyIssued') {
      world.policy = await sell(world.monthly);
      return;
    }
    const p = world.policy!;
    const record = world.record!;
    if (event.type === 'renters.cancelled' && cancelKind(event) === 'lapse') {
      await lapse(p, record);
      return;
    }
    if (causeOf(event.type, event) === 'clock') {
      // The day the date falls on: the server's clock moves there and that day's daily work runs.
      const { expirationDate } = record.summary;
      const day =
        event.type === 'renters.cancellationTookEffect'
          ? record.cancellationDate!
          : event.type === 'renters.nonRenewalTookEffect'
            ? record.summary.nonRenewEffectiveDate!
            : event.type === 'renters.renewalOffered'
              ? addDays(expirationDate, -45)
              : expirationDate;
      expect(day >= today(), `${event.type} on ${day}, the clock at ${today()}`).toBe(true);
      // A renewal's payment waits for its offer, made 45 days before the renewal date.
      if (event.type === 'renters.renewalPaymentReceived' && !record.hasPendingRenewalPayment)
        await runDatedWorkOn(db(), clock, addDays(expirationDate, -45));
      await runDatedWorkOn(db(), clock, day);
      return;
    }
    switch (event.type) {
      case 'renters.cancelled': {
        const kind = cancelKind(event);
        if (kind === 'lapse') throw new Error('A lapse is the billing days’ (above)');
        if (kind === 'flat') expect(record.canBeFlatCancelled).toBe(true);
        if (world.refundsRefused) await refuseRefunds(p);
        expectStatus(await change(p, 'cancel', CANCEL[kind]()), 200);
        return;
      }
      case 'renters.discontinued':
        expectStatus(await change(p, 'discontinue', DISCONTINUE), 200);
        return;
      case 'renters.reinstated':
        expectStatus(await change(p, 'reinstate', REINSTATE), 200);
        return;
      case 'renters.rewritten': {
        const review = await w.toReview(p.policyNumber, INTERNAL, { effective_date: today() });
        expectStatus(await w.buy(review), 200);
        return;
      }
      case 'renters.contactChanged':
        expectStatus(
          await e.post(policyPath(p, '/contacts'), INTERNAL, {
            data: {
              number_type: 'HOME',
              number: `(512) 555-01${String(world.version % 100).padStart(2, '0')}`,
            },
          }),
          200,
        );
        return;
      case 'renters.addressChanged':
        expectStatus(
          await e.post(policyPath(p, '/addresses'), INTERNAL, {
            data: {
              address_type: 'MAILING',
              line_1: `PO Box ${world.version}`,
              city: 'Austin',
              state_code: 'TX',
              zip_code: '78701',
            },
          }),
          200,
        );
        return;
      case 'renters.additionalInsuredAdded': {
        const added = await e.post(policyPath(p, '/additional-insureds'), INTERNAL, {
          data: { name_first: 'Ada', name_last: `Lovelace ${world.insureds.length + 1}` },
        });
        expectStatus(added, 201);
        const shown = RentersPolicyRecordResponse.parse(added.body).data.additionalInsureds;
        world.insureds = shown.map((i) => i.id);
        return;
      }
      case 'renters.additionalInsuredRemoved': {
        const id = world.insureds.pop();
        expect(id, 'an insured added earlier on the path').toBeDefined();
        const removed = await e.del(policyPath(p, '/additional-insureds'), INTERNAL, {
          body: { data: { id } },
        });
        expectStatus(removed, 200);
        return;
      }
      case 'renters.paymentMethodChanged':
        // Still billed, or lapsed and open to a late payment: the new card reaches the policy.
        expect(await newPaymentMethod(p)).toContain(p.policyNumber);
        return;
      case 'renters.documentGenerated':
        // Changed declarations: staff change the mailing address the declarations page shows.
        await perform(
          world,
          { type: 'renters.addressChanged', addressType: 'MAILING', confirmed: false },
          state,
        );
        return;
      case 'renters.settled': {
        // Staff ask again for the refund the payment service refused; it refuses again, and the policy's
        // payments record the attempt.
        const [failed] = await failedRefundsOf(p);
        expect(failed, 'a refund refused earlier on the path').toBeDefined();
        const retried = await e.post(policyPath(p, '/refunds/retry'), INTERNAL, {
          data: { key: failed!.key, attempt: failed!.nextAttempt },
        });
        expectStatus(retried, 200);
        expect(retriedStatus(retried.body).toLowerCase()).toBe('failed');
        return;
      }
      case 'renters.addressConfirmed': {
        // Staff enter the mailing address first when the policy has none waiting.
        if (!record.unconfirmedAddresses.includes('MAILING'))
          await perform(
            world,
            { type: 'renters.addressChanged', addressType: 'MAILING', confirmed: false },
            state,
          );
        expectStatus(
          await e.post(policyPath(p, '/addresses/confirm'), INTERNAL, { data: { address_type: 'MAILING' } }),
          200,
        );
        return;
      }
      case 'renters.noteAdded':
        expectStatus(
          await e.post(policyPath(p, '/notes'), INTERNAL, { data: { note: `Step at v${world.version}.` } }),
          201,
        );
        return;
    }
    throw new Error(`No request makes ${event.type}`);
  }

  // After a step: the events the API shows beyond the version seen, replayed through the machine. One is the
  // step's own and takes the transition the path planned; the others are what the product writes beside it.
  async function replay(
    world: World,
    actor: ReturnType<typeof createActor<typeof machine>>,
    planned: RentersPolicyEvent,
    cause: Cause,
  ): Promise<void> {
    const fresh = (await historyOf(world.policy!)).filter((h) => h.version > world.version);
    const own = fresh.findIndex((h) => h.type === planned.type);
    expect(own, `${planned.type} among ${fresh.map((h) => h.type).join(', ')}`).toBeGreaterThanOrEqual(0);
    for (const [index, entry] of fresh.entries()) {
      const event = rentersPolicyStatusEvent({ type: entry.type, data: entry.changes });
      if (index !== own) expect(BESIDE.has(event.type), `${event.type} beside ${planned.type}`).toBe(true);
      const before = actor.getSnapshot();
      expect(before.can(event), `${event.type} in ${String(before.value)}`).toBe(true);
      const taken = transitionsTaken(machine, before, event);
      if (index === own) expect(taken).toEqual(transitionsTaken(machine, before, planned));
      here.took(event, taken);
      for (const t of taken) {
        if (index !== own) caused.beside.add(t);
        else caused[cause].add(t);
      }
      actor.send(event);
    }
    world.version = fresh.at(-1)!.version;
  }

  // Where the machine is, against what the API shows and what it refuses. What is refused depends on the state
  // alone, so it is asked again only where a step moved the policy to another state (or on its arrival): a
  // record made where the policy stands leaves the same refusals, and the path's checks a moment ago stand.
  async function expectState(world: World, snapshot: StatusSnapshot, moved: boolean): Promise<void> {
    const state = snapshot.value as RentersPolicyState;
    if (state === 'absent') {
      // No policy yet: nothing to show or refuse.
      expect(world.policy).toBeNull();
      return;
    }
    const p = world.policy!;
    const record = await recordOf(p);
    world.record = record;
    const day = today();
    expect(record.machineState).toBe(state);
    expect(record.summary.statusCode).toBe(statusCodeOf(state));
    expect(record.policyVersion).toBe(world.version);
    // The flags the record screen offers its actions by.
    const termRunning = day < record.summary.expirationDate;
    expect(record.isCurrent).toBe(BILLED.has(state) && termRunning);
    expect(record.canBeDiscontinued).toBe(snapshot.can(sample.discontinued) && termRunning);
    expect(record.canBeFlatCancelled).toBe(
      snapshot.can(sample.flat) && day < addDays(record.summary.effectiveDate, RENTERS_FREE_LOOK_DAYS),
    );
    const eligibility = await w.eligibility(p.matterId);
    expect(eligibility.eligible, eligibility.blockers.join(' ')).toBe(snapshot.can(sample.rewritten));

    if (!moved) return;
    // What the machine refuses here, the API refuses (409), and the policy stays as it was.
    const refusals: [string, () => Promise<ApiResponse>][] = [];
    if (!snapshot.can(sample.later))
      refusals.push(['cancel', () => change(p, 'cancel', CANCEL.later(), false)]);
    if (!snapshot.can(sample.discontinued))
      refusals.push(['discontinue', () => change(p, 'discontinue', DISCONTINUE, false)]);
    if (!snapshot.can(sample.reinstated))
      refusals.push(['reinstate', () => change(p, 'reinstate', REINSTATE, false)]);
    if (!snapshot.can(sample.rewritten)) refusals.push(['rewrite', () => w.start(p.policyNumber, INTERNAL)]);
    for (const [name, send] of refusals) {
      const refused = await send();
      expect(refused.status, `${name} in ${state}: ${refused.text}`).toBe(409);
    }
    // An ended policy the machine takes no payment method on: the customer's new card leaves it out.
    const methodLeftOut = !snapshot.can(sample.method);
    if (methodLeftOut) expect(await newPaymentMethod(p)).not.toContain(p.policyNumber);
    if (refusals.length > 0 || methodLeftOut) expect(await recordOf(p)).toEqual(record);
  }

  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, async () => {
      const actor = createActor(machine).start();
      here.begin(`API on ${database}`, describePath(path));
      const world: World = {
        policy: null,
        version: 0,
        record: null,
        insureds: [],
        monthly: path.events.some((e) => e.type === 'renters.cancelled' && cancelKind(e) === 'lapse'),
        refundsRefused: path.events.some((e) => e.type === 'renters.settled'),
      };
      await expectState(world, actor.getSnapshot(), true);
      for (const planned of path.events) {
        const before = actor.getSnapshot();
        expect(before.can(planned), `${planned.type} in ${String(before.value)}`).toBe(true);
        const cause = causeOf(planned.type, planned);
        await perform(world, planned, before.value as RentersPolicyState);
        await replay(world, actor, planned, cause);
        const after = actor.getSnapshot();
        await expectState(world, after, after.value !== before.value);
      }
      actor.stop();
    }, 120_000);
  }

  it('took every transition of the definition through the product', () => {
    expect([...here.covered].sort()).toEqual([...listTransitions(machine)].sort());
    // Taken by the daily work of a day the clock moved to (a renewal's payment by its billing day, as the step
    // planned or beside the renewal).
    const paid = 'active --renters.renewalPaymentReceived[0]--> active';
    expect([...new Set([...caused.clock, ...[...caused.beside].filter((t) => t === paid)])].sort()).toEqual([
      // A lapse for non-payment, by the billing days.
      'active --renters.cancelled[0]--> cancelled',
      'active --renters.renewalOffered[0]--> active',
      paid,
      'active --renters.renewed[0]--> active',
      'nonRenewing --renters.nonRenewalTookEffect[0]--> expired',
      'pendingCancellation --renters.cancellationTookEffect[0]--> cancelled',
    ]);
    // Written beside a committed change that moved money, in the same request (or by a day's retry).
    expect([...caused.beside].filter((t) => t.includes('settled'))).toEqual(
      expect.arrayContaining([
        'active --renters.settled[0]--> active',
        'cancelled --renters.settled[0]--> cancelled',
        'pendingCancellation --renters.settled[0]--> pendingCancellation',
      ]),
    );
    // A refund asked again by staff, where no change moves money.
    expect([...caused.request].filter((t) => t.includes('settled')).sort()).toEqual([
      'expired --renters.settled[0]--> expired',
      'nonRenewing --renters.settled[0]--> nonRenewing',
      'rewritten --renters.settled[0]--> rewritten',
    ]);
    // A declarations page made by an edit of the mailing address, in each of the six states after issue, and
    // a new card reaching a policy lapsed for non-payment.
    expect([...caused.request].filter((t) => t.includes('documentGenerated')).length).toBe(6);
    expect([...caused.request]).toContain('cancelled --renters.paymentMethodChanged[0]--> cancelled');
    coverage.push(here);
  });
});

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('rentersPolicyStatus', 'api', ...coverage));
