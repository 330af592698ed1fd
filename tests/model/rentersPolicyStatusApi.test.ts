import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { HistoryResponse, type HistoryEntry } from '../../src/api/schemas/history';
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
import { storeContent } from '../../src/server/domain/matters/contentStore';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import { readRentersPolicy } from '../../src/server/domain/rentersPolicies/rentersPolicyRecord';
import { rentersReceiptPdf } from '../../src/server/domain/rentersPolicies/rentersReceiptPdf';
import { rentersPolicyStatusEvent } from '../../src/server/domain/rentersPolicies/rentersPolicyEvents';
import { runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import type { ApiResponse } from '../support/http';
import { INTERNAL } from '../support/personas';
import { TEST_METADATA } from '../support/records';
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
// Taken by the product as it happens: a renewal's payment when the billing day of the renewal date collects the
// renewed term's first bill (after the offer 45 days before), an address confirmed with "Confirm address" (an
// unconfirmed one first entered by staff when the path has none). What no request writes, and how each is
// covered instead:
// - `renters.documentGenerated`: nothing in the server appends it (the receipt is made when downloaded);
// - `renters.paymentMethodChanged` on a cancelled, expired or rewritten policy: a new method of the customer
//   goes to the policies still billed only (announceMethodChange); the request is made and shown to leave the
//   policy out;
// - `renters.settled` on a non-renewing, expired or rewritten policy: no change moves money there.
// Those are appended through the product's one write path of the policy's log, appendToRentersPolicy, which
// asks the machine, and then checked through the API like the rest. A `renters.settled` elsewhere is never a
// step of its own: a committed cancel or reinstatement that moves money writes it after its own event, so it
// is taken as it comes, in the state the change left. (`renters.sentToCarrier` left the machine:
// docs/decisions/020.)
type StatusSnapshot = SnapshotFrom<typeof rentersPolicyStatusMachine>;
const machine = rentersPolicyStatusMachine;

// One sample per way the product makes an event; the driver makes the real one and replays what it wrote.
const sample = {
  issued: { type: 'renters.policyIssued', effectiveDate: 'sold', expirationDate: 'a year on' },
  flat: { type: 'renters.cancelled', method: 'FLAT', cancelDate: 'effective date', immediate: true },
  now: { type: 'renters.cancelled', method: 'PRO_RATA', cancelDate: 'today', immediate: true },
  later: { type: 'renters.cancelled', method: 'PRO_RATA', cancelDate: 'tomorrow', immediate: false },
  discontinued: { type: 'renters.discontinued', nonRenewEffectiveDate: 'expiration' },
  reinstated: { type: 'renters.reinstated' },
  rewritten: { type: 'renters.rewritten', newPolicyNumber: 'bought' },
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
  e.method === 'FLAT' ? 'flat' : e.immediate ? 'now' : 'later';

const NO_WRITER: ReadonlySet<RentersPolicyEventType> = new Set(['renters.documentGenerated']);
// The states whose policies a new payment method goes to (announceMethodChange's BILLED_STATES).
const BILLED: ReadonlySet<RentersPolicyState> = new Set(['active', 'nonRenewing', 'pendingCancellation']);
// Where a committed change can leave money to settle: after a cancel (a refund) or a reinstatement (a charge).
const SETTLED_BY_A_CHANGE: ReadonlySet<RentersPolicyState> = new Set([
  'active',
  'pendingCancellation',
  'cancelled',
]);
// What the product may write beside a step's own event, in the same request: the money a committed change
// moved, and a rewrite's purchase method made the customer's primary one (told to the old policy while billed).
// The days up to a renewal's payment bring its offer and the renewal itself, and the billing day of a renewal
// that waits for its payment collects it; an address is confirmed after staff entered it.
const BESIDE: ReadonlySet<string> = new Set([
  'renters.settled',
  'renters.paymentMethodChanged',
  'renters.renewalOffered',
  'renters.renewed',
  'renters.renewalPaymentReceived',
  'renters.addressChanged',
]);

type Cause = 'request' | 'clock' | 'log';
function causeOf(state: RentersPolicyState, type: RentersPolicyEventType): Cause {
  if (NO_WRITER.has(type)) return 'log';
  if (type === 'renters.paymentMethodChanged') return BILLED.has(state) ? 'request' : 'log';
  if (type === 'renters.settled') return 'log';
  if (DATED.some((e) => e.type === type)) return 'clock';
  return 'request';
}

const model = createTestModel(machine, {
  events: (state: StatusSnapshot) => ALL.filter((e) => state.can(e)),
  serializeState: (state: StatusSnapshot, event: EventObject | undefined, prev?: StatusSnapshot) =>
    JSON.stringify(state.value) + JSON.stringify(event && prev ? transitionsTaken(machine, prev, event) : []),
});
// A settlement is a step of its own only where no change can write it (see above); elsewhere it comes with
// the change that moved money, so no path plans it.
const drivable = (path: CoveringPath<RentersPolicyEvent>) => {
  const actor = createActor(machine).start();
  const plansASettlement = path.events.some((e) => {
    const here = actor.getSnapshot().value as RentersPolicyState;
    actor.send(e);
    return e.type === 'renters.settled' && SETTLED_BY_A_CHANGE.has(here);
  });
  actor.stop();
  return !plansASettlement;
};
// One path per transition not yet taken; the records made where a path stands are folded into one walk.
// The paths that end a policy at once take a flat cancellation the first time and one effective today the
// second, so both kinds are bought and ended through the API.
const paths: CoveringPath<RentersPolicyEvent>[] = (() => {
  let endsNow = 0;
  return foldSelfLoops(machine, coveringPaths(machine, model, drivable)).map((path) => ({
    ...path,
    events: path.events.map((e) =>
      e.type === 'renters.cancelled' && cancelKind(e) === 'flat'
        ? endsNow++ % 2 === 0
          ? sample.flat
          : sample.now
        : e,
    ),
  }));
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
  const caused = { clock: new Set<string>(), log: new Set<string>(), beside: new Set<string>() };
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
  async function sell(): Promise<Policy> {
    customers += 1;
    const quote = await r.step('/v2/renters/quotes', { ...rentersStart(), effective_date: today() });
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, rentersCoverage);
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
  async function newPaymentMethod(p: Policy): Promise<string[]> {
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
        card: { number: '5555555555554444', expiry: '10/31', cvc: '123', name: 'Grace Hopper', zip: '78701' },
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

  // What no request writes, appended where the product appends everything: the machine checks it there. A
  // document is the policy's receipt (what its download answers), stored as the pet line stores its documents.
  async function appendToLog(p: Policy, event: RentersPolicyEvent) {
    await db()
      .transaction()
      .execute(async (trx) => {
        let data: Record<string, unknown> = {};
        if (event.type === 'renters.settled')
          data = {
            kind: 'charge',
            amountCents: 0,
            reference: null,
            status: 'PENDING',
            transactionDate: today(),
          };
        if (event.type === 'renters.documentGenerated') {
          const [issued] = await readRentersPolicy(trx, p.policyNumber);
          const bytes = await rentersReceiptPdf(issued!);
          const content = await storeContent(trx, bytes, 'application/pdf');
          data = {
            documentId: randomUUID(),
            type: 'RECEIPT',
            name: `receipt-${p.policyNumber}.pdf`,
            ...content,
          };
        }
        await appendToRentersPolicy(
          trx,
          TEST_METADATA,
          p.policyNumber,
          [{ type: event.type, data }],
          today(),
        );
      });
  }

  // The step as the product takes it; `world.policy` is the path's policy afterwards.
  async function perform(world: World, event: RentersPolicyEvent, state: RentersPolicyState): Promise<void> {
    if (event.type === 'renters.policyIssued') {
      world.policy = await sell();
      return;
    }
    const p = world.policy!;
    const record = world.record!;
    const cause = causeOf(state, event.type);
    if (cause === 'log') {
      if (event.type === 'renters.paymentMethodChanged') {
        // The request is made, and leaves this policy out: it is no longer billed.
        expect(await newPaymentMethod(p)).not.toContain(p.policyNumber);
      }
      await appendToLog(p, event);
      return;
    }
    if (cause === 'clock') {
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
        if (kind === 'flat') expect(record.canBeFlatCancelled).toBe(true);
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
        expect(await newPaymentMethod(p)).toContain(p.policyNumber);
        return;
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
        else if (cause !== 'request') caused[cause].add(t);
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
    if (refusals.length > 0) expect(await recordOf(p)).toEqual(record);
  }

  it('has paths that take every transition', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}: ${describePath(path)}`, async () => {
      const actor = createActor(machine).start();
      here.begin(`API on ${database}`, describePath(path));
      const world: World = { policy: null, version: 0, record: null, insureds: [] };
      await expectState(world, actor.getSnapshot(), true);
      for (const planned of path.events) {
        const before = actor.getSnapshot();
        expect(before.can(planned), `${planned.type} in ${String(before.value)}`).toBe(true);
        const cause = causeOf(before.value as RentersPolicyState, planned.type);
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
      'active --renters.renewalOffered[0]--> active',
      paid,
      'active --renters.renewed[0]--> active',
      'nonRenewing --renters.nonRenewalTookEffect[0]--> expired',
      'pendingCancellation --renters.cancellationTookEffect[0]--> cancelled',
    ]);
    // Written beside a committed change that moved money, in the same request.
    expect([...caused.beside].filter((t) => t.includes('settled')).sort()).toEqual([
      'active --renters.settled[0]--> active',
      'cancelled --renters.settled[0]--> cancelled',
      'pendingCancellation --renters.settled[0]--> pendingCancellation',
    ]);
    // Written by no request (see the top of the file): appended to the log by the product's write path.
    const unwritten = [...caused.log].sort();
    expect(unwritten.filter((t) => t.includes('paymentMethodChanged'))).toEqual([
      'cancelled --renters.paymentMethodChanged[0]--> cancelled',
      'expired --renters.paymentMethodChanged[0]--> expired',
      'rewritten --renters.paymentMethodChanged[0]--> rewritten',
    ]);
    expect(unwritten.filter((t) => t.includes('settled'))).toEqual([
      'expired --renters.settled[0]--> expired',
      'nonRenewing --renters.settled[0]--> nonRenewing',
      'rewritten --renters.settled[0]--> rewritten',
    ]);
    // The rest: a document generated, in each of the six states after issue.
    expect(unwritten.filter((t) => t.includes('documentGenerated')).length).toBe(6);
    expect(unwritten.length).toBe(6 + 6);
    coverage.push(here);
  });
});

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('rentersPolicyStatus', 'api', ...coverage));
