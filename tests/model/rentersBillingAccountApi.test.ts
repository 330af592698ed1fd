import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FailedRefundsPage } from '../../src/api/schemas/refunds';
import { RentersPolicySearchResponse } from '../../src/api/schemas/rentersPolicies';
import { RentersQuoteResponse } from '../../src/api/schemas/rentersQuotes';
import { MovableClock, addDays, businessDate } from '../../src/calendar';
import { billingAccountMachine, type BillingAccountEvent } from '../../src/machines/billingAccount';
import { transitionsTaken } from '../../src/machines/transitions';
import { BILLING_STREAM, billingStreamId } from '../../src/server/domain/billing/policyRef';
import { DECLINING_CARD, runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { INTERNAL } from '../support/personas';
import { rentersCoverage, rentersCustomer, rentersQuoteApi, rentersStart } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { TAKEN_BY_RENTERS } from './billingAccountEvents';
import { CoverageLog, addCoverage } from './coverageFile';

// The billing account transitions the pet API never causes, driven through the renters API that does
// (docs/decisions/020): a renters reinstatement reopens the account its cancellation closed (`closed
// --billing.termScheduled--> current`) and charges back the refund the cancellation paid (`current
// --billing.chargeAdded--> current`); a refund the payment service refused, asked again ("Retry") after the
// reinstatement, records its attempt on the open account, in force, past due and lapsed
// (`billing.refundRecorded`). Each walk is a renters policy bought through the API; the cancel and reinstate
// are previewed and committed as the change dialog does, the card that declines is the customer's new
// primary card, and the days are the daily work's. Every event the billing stream recorded is taken by the
// billing machine in order; none is appended by the test. The pet walks are in billingAccountApi.test.ts.
const machine = billingAccountMachine;

const coverage: CoverageLog[] = [];

describe.each(testDatabases())(
  'renters billing account through the renters API on %s (model-based)',
  (database) => {
    const clock = new MovableClock(new Date());
    const s = useTestServer(database, {}, { clock });
    const e = entityApi(() => s.api);
    const r = rentersQuoteApi(e);
    const db = () => s.t.server.database.db;
    const here = new CoverageLog();
    const today = () => businessDate(clock.now(), 'UTC');
    let customers = 0;

    interface Policy {
      policyNumber: string;
      matterId: number;
      customerId: number;
    }
    const policyPath = (p: Policy, rest = '') => `/v2/renters/policies/${p.matterId}${rest}`;

    async function sell(termInterval: 'annual' | 'monthly'): Promise<Policy> {
      customers += 1;
      const quote = await r.step('/v2/renters/quotes', { ...rentersStart(), effective_date: today() });
      const base = `/v2/renters/quotes/${quote.id}`;
      await r.step(`${base}/coverage`, { ...rentersCoverage, term_interval: termInterval });
      await r.step(`${base}/customer`, {
        ...rentersCustomer,
        customer: { ...rentersCustomer.customer, email: `billing.${customers}.${randomUUID()}@example.test` },
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
    async function change(p: Policy, kind: 'cancel' | 'reinstate', inputs: Record<string, string>) {
      const data = { policy_number: p.policyNumber, ...inputs };
      const preview = await e.post(policyPath(p, `/${kind}`), INTERNAL, { data: { ...data, commit: false } });
      expectStatus(preview, 200);
      const { preview_token, fingerprint } = (preview.body as { data: Record<string, unknown> }).data;
      expectStatus(
        await e.post(policyPath(p, `/${kind}`), INTERNAL, {
          data: { ...data, commit: true, preview_token, preview_fingerprint: fingerprint },
        }),
        200,
      );
    }
    const cancelNow = (p: Policy) =>
      change(p, 'cancel', {
        reason_code: 'CUSTOMER_REQUEST',
        cancellation_method: 'PRO_RATA',
        cancel_date: today(),
      });
    const reinstate = (p: Policy) => change(p, 'reinstate', { reason_code: 'PAYMENT_RECEIVED' });

    // The renters billing answer read in one place, whatever the case of its keys (its wire is being moved to
    // snake_case): where the account stands, as the machine names it.
    async function billingStateOf(p: Policy): Promise<string> {
      const answer = await e.get(policyPath(p, '/billing'), INTERNAL);
      expectStatus(answer, 200);
      const state = (answer.body as { data: { billing: { state: string } } }).data.billing.state;
      return state.toLowerCase().replace(/_(.)/g, (_, c: string) => c.toUpperCase());
    }

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

    // Staff ask again for the policy's refused refund, from the failed refunds queue; it is refused again.
    async function retryRefund(p: Policy): Promise<void> {
      const queue = await e.get('/v2/refunds/failed?filter[line]=renters&limit=100', INTERNAL);
      expectStatus(queue, 200);
      const [failed] = FailedRefundsPage.parse(queue.body).data.filter((f) => f.matterId === p.matterId);
      expect(failed, 'a refund refused earlier').toBeDefined();
      expectStatus(
        await e.post(policyPath(p, '/refunds/retry'), INTERNAL, {
          data: { key: failed!.key, attempt: failed!.nextAttempt },
        }),
        200,
      );
    }

    // The customer's new primary card, one that declines: the policy's bills are charged to it from now on.
    async function decliningCard(p: Policy): Promise<void> {
      const customer = `/v2/renters/customers/${p.customerId}`;
      const intent = await e.get(
        `${customer}/payment_accounts/active/payment_methods/setup-intent`,
        INTERNAL,
      );
      expectStatus(intent, 200);
      const { setup_intent_id, payment_account_id } = (
        intent.body as { data: { setup_intent_id: string; payment_account_id: string } }
      ).data;
      const card = {
        number: DECLINING_CARD,
        expiry: '10/31',
        cvc: '123',
        name: 'Grace Hopper',
        zip: '78701',
      };
      expectStatus(
        await e.post('/v2/renters/tokenize', INTERNAL, { data: { setup_intent_id, type: 'card', card } }),
        200,
      );
      const added = await e.post(
        `${customer}/payment_accounts/${payment_account_id}/payment_methods`,
        INTERNAL,
        {
          data: { setup_intent_id, is_primary: true },
        },
      );
      expectStatus(added, 201);
    }

    // The daily work of each day from the next until the account stands where it should (at most two months).
    async function daysUntil(p: Policy, state: string): Promise<void> {
      for (let day = addDays(today(), 1), n = 0; n < 62; day = addDays(day, 1), n++) {
        await runDatedWorkOn(db(), clock, day);
        if ((await billingStateOf(p)) === state) return;
      }
      throw new Error(`The account of ${p.policyNumber} never became ${state}`);
    }

    // Every event the policy's billing stream recorded, taken by the machine in order; its state is the API's.
    async function expectBillingTaken(p: Policy): Promise<void> {
      const rows = await db()
        .selectFrom('events')
        .select('type')
        .select('data')
        .where('stream_type', '=', BILLING_STREAM)
        .where('stream_id', '=', billingStreamId({ line: 'renters', policyNumber: p.policyNumber }))
        .orderBy('version')
        .execute();
      const actor = createActor(machine).start();
      for (const row of rows) {
        const event = (
          row.type === 'billing.instalmentCollected'
            ? {
                type: row.type,
                settlesArrears: (row.data as { settlesArrears?: unknown }).settlesArrears === true,
              }
            : { type: row.type }
        ) as BillingAccountEvent;
        const before = actor.getSnapshot();
        expect(before.can(event), `${event.type} in ${String(before.value)}`).toBe(true);
        here.took(event, transitionsTaken(machine, before, event));
        actor.send(event);
      }
      expect(await billingStateOf(p)).toBe(actor.getSnapshot().value);
      actor.stop();
    }

    it('reopens the account a cancellation closed and charges back its refund when the policy is reinstated', async () => {
      here.begin(`renters API on ${database}`, 'bought → cancelled (refunded) → reinstated');
      const p = await sell('annual');
      await cancelNow(p);
      expect(await billingStateOf(p)).toBe('closed');
      await reinstate(p);
      await expectBillingTaken(p);
    }, 60_000);

    it('records a refused refund asked again after the reinstatement, in force, past due and lapsed', async () => {
      here.begin(
        `renters API on ${database}`,
        'bought → cancelled (refund refused) → reinstated → retried ×3',
      );
      const p = await sell('monthly');
      await refuseRefunds(p);
      await cancelNow(p);
      await reinstate(p);
      expect(await billingStateOf(p)).toBe('current');
      await retryRefund(p);
      await decliningCard(p);
      await daysUntil(p, 'pastDue');
      await retryRefund(p);
      await daysUntil(p, 'lapsed');
      await retryRefund(p);
      await expectBillingTaken(p);
    }, 120_000);

    it('took through the renters API what the pet API does not cause', () => {
      expect([...here.covered]).toEqual(expect.arrayContaining([...TAKEN_BY_RENTERS]));
      coverage.push(here);
    });
  },
);

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('billingAccount', 'rentersApi', ...coverage));
