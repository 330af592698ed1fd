import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { businessDate } from '../../src/calendar';
import {
  LONG_DAYS,
  assertLongStories,
  assertShortStories,
  cents,
  commissionLineOf,
  landed,
  movesArb,
  nwpRowOf,
  storyCounts,
  useMoneyModelServer,
} from '../support/moneyModelHarness';
import { INTERNAL } from '../support/personas';
import {
  commissionOf,
  dateAt,
  daysFrom,
  modelQuoteMoney,
  type ModelQuote,
  type Period,
  type PolicyMoney,
  type StoryAction,
  type WrittenPremium,
} from '../support/petMoneyModel';
import { purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { tokenFor } from '../support/quoteApi';
import { testDatabases } from '../support/testServer';

// Random stories of pet quotes run through the API and the daily work, compared to the cent with an
// independent model (tests/support/petMoneyModel.ts, written from the docs and sharing no code with src/):
// what the payment service charged and refunded per policy, the purchase's charge, the ledger's collected and
// refunded, the written premium (the premium adjustments, and the net written premium report's rows), the
// agency's commission statement lines, and the days a policy lapsed, was reinstated and was offered a renewal.
// A story: 1 to 5 pets sold for one agency, paid monthly or annually; cards that stop and start working, long
// enough to lapse a policy for non-payment; staff taking a payment with a new card or the card on file, between
// the run's tries or late, reinstating a lapsed policy (and it lapsing again); a cancellation flat, backdated,
// same-day or ahead, also after a reinstatement. Time passes by the product's clock move, which runs the
// daily work of every day it skips dated on that day: short stories day by day over 66 days, and long ones
// over 400 days in moves of 1 to 400 days, crossing the term's end (the renewal offer 45 days before it, the
// renewal billed like a sale). Stories run in batches that share their days (the daily run works every policy
// at once). MONEY_MODEL_STORIES sets how many short stories (200 by default), MONEY_MODEL_LONG_STORIES how many
// long ones (25); MONEY_MODEL_SEED replays a run, whose seed is printed with the time taken and what the
// stories reached (lapses, reinstatements, renewals, cancellations, refunds). Written-out stories take the
// paths random ones reach only now and then (a second lapse, a renewal lapsing flat) on every run. What the
// renters suite does alike (the counts, the server and its clock moves, the batches, the agency's books) is
// tests/support/moneyModelHarness.ts.
const COUNTS = storyCounts({
  stories: 'MONEY_MODEL_STORIES',
  longStories: 'MONEY_MODEL_LONG_STORIES',
  seed: 'MONEY_MODEL_SEED',
});
// The days a short batch runs: two later monthly due dates, their retries, and a lapse of the first.
const DAYS = 66;

// The agency's commission rules, set up here so the model knows the rates without reading src/: 15 % of new
// business and its cancellations, 10 % of renewals and theirs (a flat cancellation is new business only).
const RATES_BP: Record<string, number> = {
  'NEW:NB': 1500,
  'NEW:CN': 1500,
  'NEW:FC': 1500,
  'RENEWAL:RN': 1000,
  'RENEWAL:CN': 1000,
};

interface Story {
  pets: number;
  period: Period;
  actions: StoryAction[];
}

// A cancel date relative to the day it is asked: early in the term (flat in the first), back into the term,
// the same day, or ahead. One outside the policy's term is refused, and the model ignores it.
const cancelOf = (pets: number, lastDay: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: lastDay - 1 }),
      pet: fc.integer({ min: 0, max: pets - 1 }),
      kind: fc.constantFrom('flat', 'backdated', 'sameDay', 'ahead'),
      pick: fc.integer({ min: 0, max: 1_000 }),
    })
    .map(({ day, pet, kind, pick }): StoryAction => {
      const termStart = day >= 365 ? 365 : 0;
      const cancelDay =
        kind === 'flat'
          ? termStart + (pick % 30)
          : kind === 'backdated'
            ? day >= termStart + 30
              ? day - (pick % (day - termStart - 29))
              : day
            : kind === 'sameDay'
              ? day
              : day + 1 + (pick % 60);
      return { day, kind: 'cancel', pet, cancelDay };
    });

// A card that stops working long enough for the policies to lapse, then staff taking a late payment of one of
// them with a new card, most often inside its reinstatement window (the first missed due date is at most a
// month after the card stops, the lapse 30 days after it, the window 30 days more); sometimes the card on file
// fails again later, so the reinstated policy lapses a second time. Random declines alone seldom get there.
const comebackOf = (pets: number, from: fc.Arbitrary<number>, lastDay: number) =>
  fc
    .record({
      from,
      after: fc.integer({ min: 31, max: 95 }),
      pet: fc.integer({ min: 0, max: pets - 1 }),
      again: fc.option(fc.integer({ min: 1, max: 45 }), { nil: null }),
    })
    .map(({ from, after, pet, again }): StoryAction[] => {
      const paid = Math.min(lastDay, from + after);
      const actions: StoryAction[] = [
        { day: from, kind: 'cardDeclines' },
        { day: paid, kind: 'payNow', pet },
      ];
      if (again !== null) actions.push({ day: Math.min(lastDay, paid + again), kind: 'cardDeclines' });
      return actions;
    });

const storyOf = (
  lastDay: number,
  dayNear: fc.Arbitrary<number>,
  most: number,
  comebackFrom: fc.Arbitrary<number>,
) =>
  fc
    .record({ pets: fc.integer({ min: 1, max: 5 }), period: fc.constantFrom<Period>('MONTHLY', 'ANNUAL') })
    .chain(({ pets, period }) =>
      fc
        .record({
          // A card declining for a few days is retried; for weeks, the policy lapses.
          declines: fc.array(
            fc.record({
              from: dayNear,
              days: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 11, max: 75 })),
            }),
            { maxLength: most },
          ),
          payNows: fc.array(
            fc.record({
              day: dayNear,
              pet: fc.integer({ min: 0, max: pets - 1 }),
              kind: fc.constantFrom<'payNow' | 'payNowOnFile'>('payNow', 'payNowOnFile'),
            }),
            { maxLength: most },
          ),
          cancel: fc.option(cancelOf(pets, lastDay), { nil: null }),
          comeback: fc.option(comebackOf(pets, comebackFrom, lastDay), { nil: null, freq: 2 }),
        })
        .map(({ declines, payNows, cancel, comeback }): Story => {
          const actions: StoryAction[] = [...(comeback ?? [])];
          for (const { from, days } of declines) {
            actions.push({ day: from, kind: 'cardDeclines' });
            actions.push({ day: Math.min(lastDay, from + days), kind: 'cardWorks' });
          }
          actions.push(...payNows);
          if (cancel) actions.push(cancel);
          return { pets, period, actions: actions.sort((a, b) => a.day - b.day) };
        }),
    );

const shortStory = storyOf(
  DAYS,
  fc.oneof(
    fc.integer({ min: 0, max: DAYS - 1 }),
    fc.integer({ min: 27, max: 33 }),
    fc.integer({ min: 57, max: 66 }),
  ),
  1,
  // Only a card failing in the first days lapses a policy inside the 66 days.
  fc.integer({ min: 0, max: 6 }),
);
const longStory = storyOf(
  LONG_DAYS,
  fc.oneof(
    fc.integer({ min: 0, max: LONG_DAYS }),
    // About the first lapse's window, the renewal offer and the renewal.
    fc.integer({ min: 55, max: 95 }),
    fc.integer({ min: 315, max: 330 }),
    fc.integer({ min: 360, max: 370 }),
  ),
  3,
  // Monthly plans miss a due date wherever the card fails; a plan paid in full only at the renewal.
  fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 330, max: 366 })),
);

// The clock's moves of a long batch, adding up to LONG_DAYS: a day at a time, or 2 to 400 days at once. Moves
// of weeks are the most frequent: a move of months carries a story's late payment past its reinstatement
// window, so batches made mostly of those would seldom reinstate.
const longMoves = movesArb(
  fc.array(
    fc.oneof(
      { arbitrary: fc.constant(1), weight: 2 },
      { arbitrary: fc.integer({ min: 2, max: 40 }), weight: 5 },
      { arbitrary: fc.integer({ min: 41, max: 400 }), weight: 1 },
    ),
    { minLength: 1, maxLength: 80 },
  ),
);

const num = (value: unknown) => Number(value ?? 0);
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

describe.each(testDatabases())('the money of random stories against the model, on %s', (database) => {
  const money = useMoneyModelServer(database, { ratesBp: RATES_BP, species: null });
  const db = () => money.db();

  interface Bought {
    story: Story;
    quote: ModelQuote;
    policies: IssuedPolicy[];
    chargeId: string | null;
  }

  async function buy(story: Story, start: string): Promise<Bought> {
    const { quote, policies } = await purchasePolicies(money.t, {
      email: INTERNAL,
      actingFor: money.agency.code,
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
      await money.forgetAbuseCounts();
      const paymentToken = action.kind === 'payNow' ? await tokenFor(money.e, INTERNAL) : undefined;
      const answer = await money.e.post(`/v2/policies/${policy.matterId}/billing/pay-now`, INTERNAL, {
        data: paymentToken ? { paymentToken } : {},
      });
      // Nothing due, or a reinstatement window over (the model takes nothing then either).
      expect([200, 409], answer.text).toContain(answer.status);
      return;
    }
    const answer = await commitPetCancel(money.e, policy.matterId, INTERNAL, {
      cancelDate: dateAt(start, action.cancelDay),
      reason: 'CUSTOMER_REQUEST',
    });
    // A policy not in force (cancelled, lapsed, a second cancellation) is refused with a 409, a date outside its
    // term with a 422; the model ignores both.
    expect([200, 409, 422], answer.text).toContain(answer.status);
  }

  // The renewals' premiums as the product priced them (the model does not rate).
  async function renewalPremiums(policies: IssuedPolicy[]): Promise<number[][]> {
    const rows = await db()
      .selectFrom('events')
      .select(['stream_id', 'data'])
      .where('stream_type', '=', 'policy')
      .where(
        'stream_id',
        'in',
        policies.map((p) => p.policyNumber),
      )
      .where('type', '=', 'policy.renewed')
      .orderBy('position')
      .execute();
    return policies.map((p) =>
      rows
        .filter((r) => r.stream_id === p.policyNumber)
        .map((r) => num((r.data as { annualPremiumCents?: number }).annualPremiumCents)),
    );
  }

  // The days (from the story's start) events of these types were recorded on.
  async function daysOf(start: string, streamType: string, streamId: string, type: string) {
    const rows = await db()
      .selectFrom('events')
      .select('recorded_at')
      .where('stream_type', '=', streamType)
      .where('stream_id', '=', streamId)
      .where('type', '=', type)
      .orderBy('position')
      .execute();
    return rows.map((r) => daysFrom(start, businessDate(r.recorded_at)));
  }

  async function actual(start: string, policyNumber: string): Promise<PolicyMoney> {
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
      .select(['event_code', 'business_type', 'premium_cents'])
      .where('policy_number', '=', policyNumber)
      .where('event_code', '!=', 'EN')
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
      written: written.map((w) => ({
        code: w.event_code as WrittenPremium['code'],
        businessType: w.business_type as WrittenPremium['businessType'],
        premiumCents: w.premium_cents,
      })),
      lapsedOn: await daysOf(start, 'billing', `pet:${policyNumber}`, 'billing.lapsed'),
      reinstatedOn: await daysOf(start, 'billing', `pet:${policyNumber}`, 'billing.reinstated'),
      renewalOfferedOn: await daysOf(start, 'policy', policyNumber, 'policy.renewalOffered'),
    };
  }

  // What the stories reached, so a run shows it took the paths it claims to (printed after each property).
  const seen = {
    policies: 0,
    lapses: 0,
    lapsedAgain: 0,
    reinstated: 0,
    renewed: 0,
    cancelled: 0,
    refunded: 0,
  };
  const tally = (model: PolicyMoney) => {
    seen.policies += 1;
    seen.lapses += model.lapsedOn.length;
    if (model.lapsedOn.length > 1) seen.lapsedAgain += 1;
    seen.reinstated += model.reinstatedOn.length;
    seen.renewed += model.written.filter((w) => w.code === 'RN').length;
    seen.cancelled += model.written.filter((w) => w.code === 'CN' || w.code === 'FC').length;
    if (model.refundedCents > 0) seen.refunded += 1;
  };
  const report = (what: string, started: number) => {
    console.info(`money model on ${database}: ${what} took ${seconds(started)} s; ${JSON.stringify(seen)}`);
    for (const key of Object.keys(seen) as (keyof typeof seen)[]) seen[key] = 0;
  };

  // One batch of stories bought on one day and taken through the clock's moves, then compared with the model.
  async function runBatch(stories: readonly Story[], moves: readonly number[]): Promise<PolicyMoney[][]> {
    const { start, bought, day } = await money.runBatch(
      moves,
      async (start) => {
        const bought: Bought[] = [];
        for (const story of stories) bought.push(await buy(story, start));
        return bought;
      },
      async (bought, today, start) => {
        for (const b of bought)
          for (const action of b.story.actions) if (action.day === today) await act(b, action, start);
      },
    );
    const { nwp, commission } = await money.books(start, dateAt(start, day));
    const models: PolicyMoney[][] = [];
    for (const b of bought) {
      const quote = { ...b.quote, renewalPremiums: await renewalPremiums(b.policies) };
      const expected = modelQuoteMoney(quote, b.story.actions, day);
      const purchase = await db()
        .selectFrom('payment_charges')
        .select('amount_cents')
        .where('charge_id', '=', b.chargeId)
        .executeTakeFirstOrThrow();
      models.push(expected.policies);
      const story = JSON.stringify(b.story);
      expect(purchase.amount_cents, story).toBe(expected.purchaseChargeCents);
      for (const [index, policy] of b.policies.entries()) {
        const model = expected.policies[index]!;
        tally(model);
        const found = await actual(start, policy.policyNumber);
        const of = `${policy.policyNumber} of ${story} (moves ${JSON.stringify(moves)})`;
        expect(found, of).toEqual({ ...model, charges: [...model.charges].sort((x, y) => x - y) });
        const ledger = await db()
          .selectFrom('billing_accounts')
          .select(['collected_cents', 'refunded_cents'])
          .where('line', '=', 'pet')
          .where('policy_number', '=', policy.policyNumber)
          .executeTakeFirstOrThrow();
        expect(
          { collected: ledger.collected_cents, refunded: ledger.refunded_cents },
          `ledger of ${of}`,
        ).toEqual({
          collected: model.purchaseShareCents + model.charges.reduce((a, c) => a + c, 0),
          refunded: model.refundedCents,
        });
        const written = model.written.map(nwpRowOf);
        expect([...(nwp.get(policy.policyNumber) ?? [])].sort(), `NWP of ${of}`).toEqual([...written].sort());
        const paid = commissionOf(model.written, RATES_BP);
        expect(commission.get(policy.policyNumber) ?? [], `commission of ${of}`).toEqual(
          model.written.map((w, i) => commissionLineOf(w, paid[i])),
        );
      }
    }
    return models;
  }

  // The random stories' two properties print under one name and run their batches alike.
  const random = { name: 'money model', database, counts: COUNTS, check: runBatch };

  it(
    `matches the model over ${COUNTS.stories} short stories (seed ${COUNTS.seed})`,
    { timeout: 3_600_000 },
    async () => {
      const started = performance.now();
      await assertShortStories({ ...random, days: DAYS, story: shortStory });
      report(`${COUNTS.stories} short stories`, started);
    },
  );

  it(
    `matches the model over ${COUNTS.longStories} long stories with clock moves (seed ${COUNTS.seed})`,
    { timeout: 3_600_000 },
    async () => {
      const started = performance.now();
      await assertLongStories({ ...random, story: longStory, moves: longMoves });
      report(`${COUNTS.longStories} long stories`, started);
    },
  );

  // Paths random stories reach only now and then, written out so every run takes them: a policy reinstated
  // and lapsing again (and reinstated again), one lapsing again for good, and a renewal whose payment fails,
  // so the renewed term lapses flat, is reinstated and then cancelled by a person. The windows are wide enough
  // for any start date: a monthly plan first misses a due date on day 28 to 31, lapses 30 days later and may be
  // reinstated for 30 more.
  it(
    'matches the model on written-out stories of reinstating, lapsing again and a renewal that lapses',
    {
      timeout: 600_000,
    },
    async () => {
      const started = performance.now();
      const stories: Story[] = [
        {
          pets: 2,
          period: 'MONTHLY',
          actions: [
            { day: 5, kind: 'cardDeclines' },
            { day: 75, kind: 'payNow', pet: 0 },
            { day: 80, kind: 'cardDeclines' },
            { day: 130, kind: 'payNow', pet: 0 },
          ],
        },
        {
          pets: 1,
          period: 'MONTHLY',
          actions: [
            { day: 5, kind: 'cardDeclines' },
            { day: 70, kind: 'payNowOnFile', pet: 0 },
            { day: 70, kind: 'payNow', pet: 0 },
            { day: 75, kind: 'cardDeclines' },
            { day: 155, kind: 'cancel', pet: 0, cancelDay: 150 },
          ],
        },
        {
          pets: 1,
          period: 'ANNUAL',
          actions: [
            { day: 330, kind: 'cardDeclines' },
            { day: 400, kind: 'payNow', pet: 0 },
            { day: 410, kind: 'cancel', pet: 0, cancelDay: 410 },
          ],
        },
      ];
      const moves = [...Array<number>(32).fill(5), 170, ...Array<number>(18).fill(5)];
      const [twice, forGood, renewal] = await runBatch(
        stories.map((s) => landed(s, moves)),
        moves,
      );
      const days = (m: PolicyMoney) => ({ lapsed: m.lapsedOn.length, reinstated: m.reinstatedOn.length });
      expect(twice!.map(days)).toEqual([
        { lapsed: 2, reinstated: 2 },
        { lapsed: 1, reinstated: 0 },
      ]);
      expect(forGood!.map(days)).toEqual([{ lapsed: 2, reinstated: 1 }]);
      expect(renewal!.map((m) => m.written.map((w) => `${w.code} ${w.businessType}`))).toEqual([
        ['NB NEW', 'RN RENEWAL', 'FC RENEWAL', 'RI RENEWAL', 'CN RENEWAL'],
      ]);
      report('the written-out stories', started);
    },
  );
});
