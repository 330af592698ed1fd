import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import { MovableClock, addDays, businessDate, startOfBusinessDay } from '../../src/calendar';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { BillingRefusal, payNow } from '../../src/server/domain/policyMoney/payNow';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { entityApi, type EntityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf, testActor } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { DECLINING_CARD, GOOD_CARD, cardToken, runDatedWorkOn } from '../support/billingDays';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The renters billing ledger over random histories (docs/billing.md "The ledger", "Cancellation"): monthly
// renters policies on a moved clock, business days run one by one, cards that start or stop declining, late
// payments, and cancellations (flat or pro rata, on random dates) and reinstatements previewed and committed
// through the API. After every step, per policy: the payment service took each bill at most once and the
// ledger's collected and refunded are what it took and gave back; billed is what the schedule has due by the
// day less the refunds asked; collected − refunded = billed − owed + credit; an account still billing has no bill left
// behind the day's run; and a cancellation never refunds more than was collected less what the cover earned.
const RUNS = 8;
const MAX_COMMANDS = 10;
const PROPERTY_TIMEOUT = 400_000;
const STAFF = testActor(null);

interface PolicyModel {
  policyNumber: string;
  matterId: number;
  firstPaymentCents: number;
}
interface LedgerModel {
  today: string;
  policies: PolicyModel[];
}
interface Real {
  t: TestServer;
  e: EntityApi;
  clock: MovableClock;
}
type LedgerCommand = fc.AsyncCommand<LedgerModel, Real>;

const db = (r: Real): Db => r.t.server.database.db;
const payments = (r: Real) => createSandboxPaymentAdapter({ db: db(r), now: () => r.clock.now() });
const setDay = (r: Real, day: string) =>
  r.clock.set(new Date(startOfBusinessDay(day).getTime() + 10 * 3_600_000));
const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;

const tokenOf = (r: Real, number: string) => cardToken(db(r), number, 'Robin Renter');

const sumOf = (rows: readonly { amount_cents: number }[]) => rows.reduce((sum, r) => sum + r.amount_cents, 0);

async function checkPolicy(r: Real, m: LedgerModel, p: PolicyModel, afterRun: boolean) {
  const ref = { line: 'renters' as const, policyNumber: p.policyNumber };
  const label = `${p.policyNumber} on ${m.today}`;
  const ledger = (await ledgerOf(db(r), ref, m.today))!;
  const charges = await db(r)
    .selectFrom('payment_charges')
    .select(['idempotency_key', 'amount_cents'])
    .where('outcome', '=', 'ok')
    .where('idempotency_key', 'like', `billing:renters:${p.policyNumber}:%`)
    .execute();
  const perSeq = new Map<string, number>();
  for (const c of charges) {
    const seq = c.idempotency_key.split(':')[3]!;
    perSeq.set(seq, (perSeq.get(seq) ?? 0) + 1);
  }
  expect(
    [...perSeq.values()].every((n) => n === 1),
    label,
  ).toBe(true);
  expect(ledger.collectedCents, label).toBe(p.firstPaymentCents + sumOf(charges));
  const refunds = await db(r)
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('cents'))
    .where('outcome', '=', 'ok')
    .where('idempotency_key', 'like', `renters:${p.policyNumber}:%`)
    .executeTakeFirstOrThrow();
  expect(ledger.refundedCents, label).toBe(Number(refunds.cents));
  expect(ledger.collectedCents - ledger.refundedCents, label).toBe(
    ledger.billedCents - ledger.owedCents + ledger.creditCents,
  );

  const rows = await db(r)
    .selectFrom('billing_instalments')
    .select(['seq', 'kind', 'status', 'billed', 'due_date', 'amount_cents'])
    .where('line', '=', 'renters')
    .where('policy_number', '=', p.policyNumber)
    .execute();
  const asked = await db(r)
    .selectFrom('billing_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('cents'))
    .where('line', '=', 'renters')
    .where('policy_number', '=', p.policyNumber)
    .executeTakeFirstOrThrow();
  // Billed is every bill due by the day and not voided, whether the run has tried it or not: a bill a
  // reinstatement brings back for days already past, or one that fell due while the policy was lapsed, is
  // owed before any run takes it. (This once counted the bills tried only, as the ledger did then.)
  expect(ledger.billedCents, label).toBe(
    sumOf(rows.filter((row) => row.due_date <= m.today && row.status !== 'void')) - Number(asked.cents),
  );
  const account = await db(r)
    .selectFrom('billing_accounts')
    .select('state')
    .where('line', '=', 'renters')
    .where('policy_number', '=', p.policyNumber)
    .executeTakeFirstOrThrow();
  // Right after the day's run; a reinstatement later that day brings back bills of the days it covers again,
  // which the next run takes.
  if (afterRun && (account.state === 'current' || account.state === 'pastDue'))
    expect(
      rows.filter((row) => row.status === 'scheduled' && row.due_date < m.today),
      label,
    ).toEqual([]);
}

async function checkAll(r: Real, m: LedgerModel, afterRun = false) {
  for (const p of m.policies) await checkPolicy(r, m, p, afterRun);
}

const runDay = (r: Real, day: string) => runDatedWorkOn(db(r), r.clock, day);

class Advance implements LedgerCommand {
  constructor(readonly days: number) {}
  check = () => true;
  async run(m: LedgerModel, r: Real) {
    for (let i = 0; i < this.days; i += 1) {
      m.today = addDays(m.today, 1);
      await runDay(r, m.today);
    }
    await checkAll(r, m, true);
  }
  toString = () => `advance(${this.days})`;
}

class SwapCard implements LedgerCommand {
  constructor(
    readonly policy: number,
    readonly declining: boolean,
  ) {}
  check = () => true;
  async run(m: LedgerModel, r: Real) {
    const p = pick(m.policies, this.policy);
    await db(r)
      .updateTable('billing_accounts')
      .set({ token: await tokenOf(r, this.declining ? DECLINING_CARD : GOOD_CARD) })
      .where('line', '=', 'renters')
      .where('policy_number', '=', p.policyNumber)
      .execute();
  }
  toString = () => `swapCard(#${this.policy}, ${this.declining ? 'declining' : 'good'})`;
}

class PayNow implements LedgerCommand {
  constructor(readonly policy: number) {}
  check = () => true;
  async run(m: LedgerModel, r: Real) {
    const p = pick(m.policies, this.policy);
    try {
      await payNow(
        { db: db(r), payments: payments(r), clock: r.clock },
        { line: 'renters', policyNumber: p.policyNumber },
        m.today,
        STAFF,
        await tokenOf(r, GOOD_CARD),
      );
    } catch (error) {
      if (!(error instanceof BillingRefusal)) throw error;
    }
    await checkAll(r, m);
  }
  toString = () => `payNow(#${this.policy})`;
}

// Previews and commits a renters change through the API; a refusal (the state or the date does not allow
// it) changes nothing. Answers the committed change's event data, or null.
async function change(r: Real, p: PolicyModel, kind: 'cancel' | 'reinstate', data: Record<string, unknown>) {
  const path = `/v2/renters/policies/${p.matterId}/${kind}`;
  const body = { policy_number: p.policyNumber, ...data };
  const preview = await r.e.post(path, INTERNAL, { data: { ...body, commit: false } });
  if (preview.status !== 200) {
    expect([409, 422]).toContain(preview.status);
    return null;
  }
  const previewed = RentersChangeResponse.parse(preview.body).data;
  const committed = await r.e.post(path, INTERNAL, {
    data: {
      ...body,
      commit: true,
      preview_fingerprint: previewed.fingerprint,
      preview_token: previewed.preview_token,
    },
  });
  expect(committed.status).toBe(200);
  const last = await db(r)
    .selectFrom('events')
    .select(['type', 'data'])
    .where('stream_type', '=', 'renters_policy')
    .where('stream_id', '=', p.policyNumber)
    .where('type', '=', kind === 'cancel' ? 'renters.cancelled' : 'renters.reinstated')
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  return last.data;
}

class Cancel implements LedgerCommand {
  constructor(
    readonly policy: number,
    readonly flat: boolean,
    readonly daysAhead: number,
  ) {}
  check = () => true;
  async run(m: LedgerModel, r: Real) {
    const p = pick(m.policies, this.policy);
    const before = (await ledgerOf(db(r), { line: 'renters', policyNumber: p.policyNumber }, m.today))!;
    const data = await change(r, p, 'cancel', {
      reason_code: 'MOVED_OUT',
      cancellation_method: this.flat ? 'FLAT' : 'PRO_RATA',
      ...(this.flat ? {} : { cancel_date: addDays(m.today, this.daysAhead) }),
    });
    if (data) {
      const d = data as {
        earnedPremiumCents: number;
        earnedTaxesCents: number;
        settlement: { kind: string; amountCents: number };
      };
      // A refund never exceeds what was collected less what the cover earned.
      if (d.settlement.kind === 'refund')
        expect(d.settlement.amountCents).toBeLessThanOrEqual(
          before.collectedCents - before.refundedCents - d.earnedPremiumCents - d.earnedTaxesCents,
        );
    }
    await checkAll(r, m);
  }
  toString = () => `cancel(#${this.policy}, ${this.flat ? 'flat' : `pro rata +${this.daysAhead} days`})`;
}

class Reinstate implements LedgerCommand {
  constructor(readonly policy: number) {}
  check = () => true;
  async run(m: LedgerModel, r: Real) {
    await change(r, pick(m.policies, this.policy), 'reinstate', { reason_code: 'PAYMENT_RECEIVED' });
    await checkAll(r, m);
  }
  toString = () => `reinstate(#${this.policy})`;
}

const ledgerCommands = [
  fc.integer({ min: 1, max: 45 }).map((days) => new Advance(days)),
  fc.tuple(fc.nat(1), fc.boolean()).map(([policy, declining]) => new SwapCard(policy, declining)),
  fc.nat(1).map((policy) => new PayNow(policy)),
  fc
    .tuple(fc.nat(1), fc.boolean(), fc.integer({ min: 0, max: 120 }))
    .map(([policy, flat, days]) => new Cancel(policy, flat, days)),
  fc.nat(1).map((policy) => new Reinstate(policy)),
];

describe.each(testDatabases())('the renters billing ledger over random histories on %s', (database) => {
  const clock = new MovableClock(new Date());
  let t: TestServer;
  const e = entityApi(() => apiFor(t.url));
  // Each history starts the day after the last one ended, so the clock only moves forward.
  let last = businessDate(clock.now());
  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it(
    'keeps every renters ledger equal to the payment service’s books and never refunds beyond what was earned',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(ledgerCommands, { maxCommands: MAX_COMMANDS }), async (commands) => {
          const real: Real = { t, e, clock };
          const start = addDays(last, 1);
          setDay(real, start);
          const entityId = await entityIdOf(db(real), NORTHWIND_AUSTIN);
          const policies: PolicyModel[] = [];
          for (let i = 0; i < 2; i += 1) {
            const issue = rentersPolicyIssue({ entityId, termInterval: 'monthly', effectiveDate: start });
            const issued = await issuePaidRentersPolicy(db(real), issue);
            policies.push({
              policyNumber: issued.policyNumber,
              matterId: issued.matterId,
              firstPaymentCents: issue.payment.amountCents,
            });
          }
          const model: LedgerModel = { today: start, policies };
          await fc.asyncModelRun(() => ({ model, real }), commands);
          last = model.today;
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
