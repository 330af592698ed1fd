import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MovableClock, businessDate, startOfBusinessDay } from '../../src/calendar';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from '../support/billingDays';
import { entityApi, type EntityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { AGENT } from '../support/personas';
import {
  dateAt,
  modelQuoteMoney,
  termDaysOf,
  type ModelQuote,
  type Period,
  type PolicyMoney,
  type StoryAction,
} from '../support/petMoneyModel';
import { purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { tokenFor } from '../support/quoteApi';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';
import { beforeAll, afterAll } from 'vitest';

// Random stories of pet quotes run through the API and the daily work, compared to the cent with an
// independent model (tests/support/petMoneyModel.ts, written from the docs and sharing no code with src/):
// what the payment service charged and refunded per policy, the purchase's charge, the ledger's collected and
// refunded, and the written premium the net written premium report and commission statements read. A story:
// 1 to 5 pets paid monthly or annually; cards that stop and start working; staff taking a payment with a new
// card or the card on file, between the run's tries; a cancellation flat, backdated, same-day or ahead. Stories run in batches that share their days (the
// daily run works every policy at once). MONEY_MODEL_STORIES sets how many (200 by default; thousands with
// the flag); MONEY_MODEL_SEED replays a run, whose seed is printed.
const STORIES = Number(process.env.MONEY_MODEL_STORIES ?? 200);
const BATCH = 25;
// The days each batch runs: two later monthly due dates, and their retries.
const DAYS = 66;
const SEED = process.env.MONEY_MODEL_SEED ? Number(process.env.MONEY_MODEL_SEED) : Date.now() % 2 ** 31;

interface Story {
  pets: number;
  period: Period;
  actions: StoryAction[];
}

const dayNear = fc.oneof(
  fc.integer({ min: 0, max: DAYS - 1 }),
  fc.integer({ min: 27, max: 33 }),
  fc.integer({ min: 57, max: 62 }),
);

// A cancel date relative to the day it is asked: in the free look (flat), back into the term, the same day,
// or ahead.
const cancelOf = (pets: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: DAYS - 1 }),
      pet: fc.integer({ min: 0, max: pets - 1 }),
      kind: fc.constantFrom('flat', 'backdated', 'sameDay', 'ahead'),
      pick: fc.integer({ min: 0, max: 1_000 }),
    })
    .map(({ day, pet, kind, pick }): StoryAction => {
      const cancelDay =
        kind === 'flat'
          ? pick % 30
          : kind === 'backdated'
            ? day >= 30
              ? 30 + (pick % (day - 29))
              : day
            : kind === 'sameDay'
              ? day
              : day + 1 + (pick % 60);
      return { day, kind: 'cancel', pet, cancelDay };
    });

const storyArb: fc.Arbitrary<Story> = fc
  .record({ pets: fc.integer({ min: 1, max: 5 }), period: fc.constantFrom<Period>('MONTHLY', 'ANNUAL') })
  .chain(({ pets, period }) =>
    fc
      .record({
        declines: fc.option(fc.record({ from: dayNear, days: fc.integer({ min: 1, max: 10 }) }), {
          nil: null,
        }),
        payNow: fc.option(
          fc.record({
            day: dayNear,
            pet: fc.integer({ min: 0, max: pets - 1 }),
            kind: fc.constantFrom<'payNow' | 'payNowOnFile'>('payNow', 'payNowOnFile'),
          }),
          { nil: null },
        ),
        cancel: fc.option(cancelOf(pets), { nil: null }),
      })
      .map(({ declines, payNow, cancel }): Story => {
        const actions: StoryAction[] = [];
        if (declines) {
          actions.push({ day: declines.from, kind: 'cardDeclines' });
          actions.push({ day: Math.min(DAYS, declines.from + declines.days), kind: 'cardWorks' });
        }
        if (payNow) actions.push(payNow);
        if (cancel) actions.push(cancel);
        return { pets, period, actions };
      }),
  );

const num = (value: unknown) => Number(value ?? 0);
const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(testDatabases())('the money of random stories against the model, on %s', (database) => {
  const clock = new MovableClock(new Date());
  let t: TestServer;
  let e: EntityApi;
  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock });
    e = entityApi(() => apiFor(t.url));
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = (): Db => t.server.database.db;

  interface Bought {
    story: Story;
    quote: ModelQuote;
    policies: IssuedPolicy[];
    chargeId: string | null;
  }

  async function buy(story: Story, start: string): Promise<Bought> {
    const { quote, policies } = await purchasePolicies(t, {
      startDate: start,
      paymentPeriod: story.period,
      petNames: Array.from({ length: story.pets }, (_, i) => `Pet${i}`),
    });
    const charge = await db()
      .selectFrom('quotes')
      .select('charge_id')
      .where('uuid', '=', quote.uuid)
      .executeTakeFirstOrThrow();
    return {
      story,
      policies,
      chargeId: charge.charge_id,
      quote: {
        period: story.period,
        effectiveDate: start,
        pets: quote.pets.map((p) => ({
          annualPremiumCents: cents(p.plan!.total_premium),
          downpaymentCents: cents(p.plan!.downpayment),
        })),
        monthlyDownpaymentCents: cents(quote.totals!.monthly_downpayment),
        monthlyInstallmentCents: cents(quote.totals!.monthly_installment),
        annualTotalCents: cents(quote.totals!.annual_total),
      },
    };
  }

  // The card on file of each of the quote's policies stops (or starts) working at the payment service.
  async function setCards(bought: Bought, behaviour: 'ok' | 'card_declined') {
    const tokens = await db()
      .selectFrom('billing_accounts')
      .select('token')
      .where('line', '=', 'pet')
      .where(
        'policy_number',
        'in',
        bought.policies.map((p) => p.policyNumber),
      )
      .execute();
    await db()
      .updateTable('payment_tokens')
      .set({ behaviour })
      .where(
        'token',
        'in',
        tokens.map((row) => row.token ?? ''),
      )
      .execute();
  }

  async function act(bought: Bought, action: StoryAction, start: string) {
    if (action.kind === 'cardDeclines') return setCards(bought, 'card_declined');
    if (action.kind === 'cardWorks') return setCards(bought, 'ok');
    const policy = bought.policies[action.pet]!;
    if (action.kind === 'payNow' || action.kind === 'payNowOnFile') {
      const paymentToken = action.kind === 'payNow' ? await tokenFor(e, AGENT) : undefined;
      const answer = await e.post(`/v2/policies/${policy.matterId}/billing/pay-now`, AGENT, {
        data: paymentToken ? { paymentToken } : {},
      });
      expect([200, 409], answer.text).toContain(answer.status);
      return;
    }
    const answer = await commitPetCancel(e, policy.matterId, AGENT, {
      cancelDate: dateAt(start, action.cancelDay),
      reason: 'CUSTOMER_REQUEST',
    });
    // A second cancellation of the same policy (the model ignores it) is refused with a 409.
    expect([200, 409], answer.text).toContain(answer.status);
  }

  async function actual(bought: Bought, policyNumber: string): Promise<PolicyMoney> {
    const charges = await db()
      .selectFrom('payment_charges')
      .select(['amount_cents', 'idempotency_key'])
      .where('idempotency_key', 'like', `billing:pet:${policyNumber}:%`)
      .where('outcome', '=', 'ok')
      .orderBy('created_at')
      .execute();
    const refunded = await db()
      .selectFrom('payment_refunds')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('idempotency_key', 'like', `policy:${policyNumber}:%`)
      .where('outcome', '=', 'ok')
      .executeTakeFirstOrThrow();
    const written = await db()
      .selectFrom('premium_adjustments')
      .select(['event_code', 'premium_cents'])
      .where('policy_number', '=', policyNumber)
      .where('event_code', 'in', ['NB', 'CN', 'FC'])
      .orderBy('event_id')
      .execute();
    const first = await db()
      .selectFrom('billing_instalments')
      .select('amount_cents')
      .where('line', '=', 'pet')
      .where('policy_number', '=', policyNumber)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      charges: charges.map((c) => c.amount_cents).sort((a, b) => a - b),
      purchaseShareCents: first.amount_cents,
      refundedCents: num(refunded.cents),
      written: written.map((w) => ({ code: w.event_code as 'NB', premiumCents: w.premium_cents })),
    };
  }

  it(`matches the model over ${STORIES} stories (seed ${SEED})`, { timeout: 3_600_000 }, async () => {
    console.info(`money model on ${database}: ${STORIES} stories in batches of ${BATCH}, seed ${SEED}`);
    const batches = Math.ceil(STORIES / BATCH);
    await fc.assert(
      fc.asyncProperty(fc.array(storyArb, { minLength: BATCH, maxLength: BATCH }), async (stories) => {
        const start = businessDate(clock.now());
        clock.set(new Date(startOfBusinessDay(start).getTime() + 9 * 3_600_000));
        const bought: Bought[] = [];
        for (const story of stories) bought.push(await buy(story, start));
        for (let day = 0; day <= DAYS; day += 1) {
          await runDatedWorkOn(db(), clock, dateAt(start, day));
          for (const b of bought)
            for (const action of b.story.actions)
              if (action.day === day && (action.kind !== 'cancel' || action.cancelDay < termDaysOf(start)))
                await act(b, action, start);
        }
        for (const b of bought) {
          const expected = modelQuoteMoney(b.quote, b.story.actions, DAYS);
          const purchase = await db()
            .selectFrom('payment_charges')
            .select('amount_cents')
            .where('charge_id', '=', b.chargeId)
            .executeTakeFirstOrThrow();
          const story = JSON.stringify(b.story);
          expect(purchase.amount_cents, story).toBe(expected.purchaseChargeCents);
          for (const [index, policy] of b.policies.entries()) {
            const model = expected.policies[index]!;
            const found = await actual(b, policy.policyNumber);
            expect(found, `${policy.policyNumber} of ${story}`).toEqual({
              ...model,
              charges: [...model.charges].sort((x, y) => x - y),
            });
            const ledger = await db()
              .selectFrom('billing_accounts')
              .select(['collected_cents', 'refunded_cents'])
              .where('line', '=', 'pet')
              .where('policy_number', '=', policy.policyNumber)
              .executeTakeFirstOrThrow();
            expect(
              { collected: ledger.collected_cents, refunded: ledger.refunded_cents },
              `ledger of ${policy.policyNumber} of ${story}`,
            ).toEqual({
              collected: model.purchaseShareCents + model.charges.reduce((a, c) => a + c, 0),
              refunded: model.refundedCents,
            });
          }
        }
        // The next batch starts the day after this one ended.
        clock.set(new Date(startOfBusinessDay(dateAt(start, DAYS + 1)).getTime() + 9 * 3_600_000));
      }),
      { numRuns: batches, seed: SEED, endOnFailure: true },
    );
  });
});
