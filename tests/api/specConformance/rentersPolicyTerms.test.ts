import { describe, expect, it } from 'vitest';
import { addMonths, fixedClock, startOfBusinessDay } from '../../../src/calendar';
import { createSandboxPaymentAdapter } from '../../../src/server/domain/payments/sandboxPaymentAdapter';
import { policyDatesWork } from '../../../src/server/domain/policyDates/policyDatesWork';
import { runBillingDay } from '../../../src/server/domain/policyMoney/runBillingDay';
import type { Db } from '../../../src/server/store/db';
import type { ApiResponse } from '../../support/http';
import { INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import {
  addDays,
  businessToday,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
} from '../../support/rentersPolicyFixtures';
import { entityApi } from '../../support/entityApi';
import { tokenFor } from '../../support/quoteApi';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §3 "Renters": "Policy: policy_number, policy_version, status_code, term_interval, term_premium,
// inception_at, effective_at, expiration_at, non-renewal fields, cancellation_at, cancellation_reason,
// is_current, can_discontinue, can_flat_cancel, has_unconfirmed_address, has_pending_renewal_payment. Policy
// term: premium, monthly_payment, taxes, next bill fields. Transaction: policy_version, transaction_type,
// status_code, premiums, fee_total. ... Cancellation reason: code, name, scope, is_enabled." A client written
// from those lines logs in with POST /v2/auth and reads GET /v2/renters/policies/{policyId}, …/terms and
// …/transactions by SPEC's names alone, with no schema of the product's, before and after a cancellation with
// a reason, a reinstatement, a non-renewal and a renewal. The policies are sold (and renewed) by the
// product's helpers; the figures are held against the billing schedule and the screen's record.
const POLICY = [
  'policy_number',
  'policy_version',
  'status_code',
  'term_interval',
  'term_premium',
  'inception_at',
  'effective_at',
  'expiration_at',
  'non_renew',
  'non_renew_effective_at',
  'cancellation_at',
  'cancellation_reason',
  'is_current',
  'can_discontinue',
  'can_flat_cancel',
  'has_unconfirmed_address',
  'has_pending_renewal_payment',
];
const TERM = ['premium', 'monthly_payment', 'taxes', 'next_bill_date', 'next_bill_total'];
const TRANSACTION = ['policy_version', 'transaction_type', 'status_code', 'premiums', 'fee_total'];
const REASON = ['code', 'name', 'scope', 'is_enabled'];

const BILLING = [
  'policy_number',
  'today',
  'state',
  'plan',
  'payment_method',
  'past_due_since',
  'lapsed_on',
  'reinstate_by',
  'ledger',
  'due_now',
  'next_payment',
  'schedule',
  'refunds',
  'can',
];

type Json = Record<string, unknown>;

// Every key, at any depth, that has an upper-case letter: a camelCase name.
function camelKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => camelKeys(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/[A-Z]/.test(key) ? [`${at}.${key}`] : []),
    ...camelKeys(inner, `${at}.${key}`),
  ]);
}
const cents = (dollars: unknown) => Math.round((dollars as number) * 100);

describe.each(testDatabases())(
  'SPEC §3 renters policy, terms and transactions, as a SPEC client reads them, on %s',
  (database) => {
    const s = useTestServer(database);
    const db = (): Db => s.t.server.database.db;
    const today = businessToday();

    const login = async (email: string) => {
      const answer = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body as { accessToken: string }).accessToken;
    };
    const ok = (answer: ApiResponse) => {
      expect(answer.status, answer.text).toBe(200);
      return answer.body as { data: unknown };
    };

    const reader = (token: string, policy: { matterId: number; customerId: number }) => {
      const path = `/v2/renters/policies/${policy.matterId}`;
      return {
        policy: async () => ok(await s.api.get(path, { token })).data as Json,
        terms: async () => ok(await s.api.get(`${path}/terms`, { token })).data as Json[],
        transactions: async () => ok(await s.api.get(`${path}/transactions`, { token })).data as Json[],
        // The screen's record (camelCase, SPEC §3 "Renters policy record as shown on screen").
        record: async () =>
          ok(
            await s.api.get(`/v2/renters/customers/${policy.customerId}/policies/${policy.matterId}`, {
              token,
            }),
          ).data as Json,
        // The billing schedule: what billing bills, instalment by instalment (the renters wire's snake_case).
        schedule: async () =>
          (
            ok(await s.api.get(`${path}/billing`, { token })).data as { billing: { schedule: Json[] } }
          ).billing.schedule.filter((row) => row.kind === 'INSTALMENT'),
        events: async () =>
          ok(await s.api.get(`${path}/events`, { token })).data as { type: string; changes: Json }[],
        change: async (kind: string, data: Json) =>
          ok(await s.api.post(`${path}/${kind}`, { data }, { token })).data as Json,
      };
    };

    // A term's premium, taxes and fees are what the schedule bills for it; its next bill is the record's.
    const holdTermsToBilling = async (read: ReturnType<typeof reader>) => {
      const terms = await read.terms();
      const schedule = await read.schedule();
      const summary = (await read.record()).summary as Json;
      for (const term of terms) {
        for (const name of TERM) expect(term).toHaveProperty(name);
        const total = cents(term.premium) + cents(term.taxes) + cents(term.fee_total);
        expect(cents(term.total)).toBe(total);
        const billed = schedule
          .filter((row) => (row.due_date as string) >= (term.effective_at as string))
          .filter((row) => (row.due_date as string) < (term.expiration_at as string))
          .reduce((sum, row) => sum + cents(row.amount), 0);
        expect(billed, `term ${String(term.term_number)}`).toBe(total);
        const instalments = term.monthly_payment === null ? 0 : 11 * cents(term.monthly_payment);
        expect(cents(term.down_payment) + instalments).toBe(total);
      }
      const billedTerm = terms.find((t) => t.next_bill_date !== null);
      if (summary.upcomingPaymentDate === null) expect(billedTerm).toBeUndefined();
      else
        expect(billedTerm).toMatchObject({
          next_bill_date: summary.upcomingPaymentDate,
          next_bill_total: summary.upcomingPaymentAmount,
        });
      return terms;
    };

    it('reads the policy, its term and its transactions through a cancellation with a reason, a reinstatement and a non-renewal', async () => {
      const issue = rentersPolicyIssue({
        entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
        termInterval: 'monthly',
        effectiveDate: addDays(today, -40),
      });
      const sold = await issuePaidRentersPolicy(db(), issue);
      const token = await login(INTERNAL);
      const read = reader(token, sold);

      const policy = await read.policy();
      for (const name of POLICY) expect(policy).toHaveProperty(name);
      expect(policy).toMatchObject({
        policy_number: sold.policyNumber,
        policy_version: expect.any(Number),
        status_code: 'ACTIVE',
        term_interval: 'monthly',
        term_premium: issue.termPremiumCents / 100,
        inception_at: issue.effectiveDate,
        effective_at: issue.effectiveDate,
        non_renew: false,
        non_renew_effective_at: null,
        cancellation_at: null,
        cancellation_reason: null,
        is_current: true,
        can_discontinue: true,
        can_flat_cancel: false,
        has_unconfirmed_address: false,
        has_pending_renewal_payment: false,
      });
      expect(policy.expiration_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const [term, ...others] = await holdTermsToBilling(read);
      expect(others).toEqual([]);
      expect(term).toMatchObject({
        premium: issue.termPremiumCents / 100,
        taxes: issue.taxesCents / 100,
        monthly_payment: issue.nextBill!.amountCents / 100,
        effective_at: issue.effectiveDate,
        expiration_at: policy.expiration_at,
      });

      const [sale] = await read.transactions();
      for (const name of TRANSACTION) expect(sale).toHaveProperty(name);
      expect(sale).toMatchObject({
        policy_version: 1,
        transaction_type: 'NEW_BUSINESS',
        status_code: 'COMPLETED',
        premiums: issue.termPremiumCents / 100,
        fee_total: issue.feesCents / 100,
      });

      // Cancelled pro rata today for a reason the reasons list names.
      const reasons = ok(await s.api.get('/v2/renters/cancellation-reasons', { token })).data as Json[];
      const movedOut = reasons.find((r) => r.code === 'MOVED_OUT' && r.scope === 'cancel')!;
      expect(Object.keys(movedOut).sort()).toEqual([...REASON].sort());
      const number = sold.policyNumber;
      const cancelled = await read.change('cancel', {
        policy_number: number,
        reason_code: 'MOVED_OUT',
        cancellation_method: 'PRO_RATA',
        commit: true,
      });
      const afterCancel = await read.policy();
      expect(afterCancel).toMatchObject({
        status_code: 'CANCELLED',
        cancellation_at: today,
        cancellation_reason: movedOut,
        non_renew: false,
        is_current: false,
      });
      // The refund settled after the change is a version of its own, so the policy's is later still.
      expect(afterCancel.policy_version as number).toBeGreaterThanOrEqual(cancelled.policy_version as number);
      expect((await read.record()).cancellationReason).toEqual({
        code: 'MOVED_OUT',
        name: movedOut.name,
        scope: 'cancel',
      });
      const cancellation = (await read.transactions())[1]!;
      expect(cancellation).toMatchObject({
        policy_version: cancelled.policy_version,
        transaction_type: 'CANCELLATION',
        status_code: 'COMPLETED',
        fee_total: 0,
        reason: { code: 'MOVED_OUT', name: movedOut.name },
      });
      // The written premium the cover to today did not earn goes back.
      expect(cancellation.premiums as number).toBeLessThan(0);
      expect(-cents(cancellation.premiums)).toBeLessThan(issue.termPremiumCents);

      // Reinstated: the cancellation is withdrawn, its premium written again.
      const reinstated = await read.change('reinstate', {
        policy_number: number,
        reason_code: 'CANCELLED_IN_ERROR',
        commit: true,
      });
      expect(await read.policy()).toMatchObject({
        status_code: 'ACTIVE',
        cancellation_at: null,
        cancellation_reason: null,
      });
      const [, withdrawn, reinstatement] = await read.transactions();
      expect(withdrawn).toMatchObject({ transaction_type: 'CANCELLATION', status_code: 'REVERSED' });
      expect(reinstatement).toMatchObject({
        policy_version: reinstated.policy_version,
        transaction_type: 'REINSTATEMENT',
        status_code: 'COMPLETED',
        premiums: -(cancellation.premiums as number),
      });

      // Set not to renew: the non-renewal fields and its reason, pending until the term's end.
      const discontinued = await read.change('discontinue', {
        policy_number: number,
        reason_code: 'UNDERWRITING',
        commit: true,
      });
      const underwriting = reasons.find((r) => r.code === 'UNDERWRITING' && r.scope === 'discontinue');
      const nonRenewing = await read.policy();
      expect(nonRenewing).toMatchObject({
        status_code: 'ACTIVE',
        non_renew: true,
        non_renew_effective_at: policy.expiration_at,
        non_renew_reason: underwriting,
        cancellation_at: null,
        cancellation_reason: underwriting,
        can_discontinue: false,
        is_current: true,
      });
      const record = await read.record();
      expect(record.summary).toMatchObject({ nonRenew: true, nonRenewEffectiveDate: policy.expiration_at });
      expect(record.nonRenewReason).toEqual({
        code: 'UNDERWRITING',
        name: underwriting!.name,
        scope: 'discontinue',
      });
      expect((await read.transactions()).at(-1)).toMatchObject({
        policy_version: discontinued.policy_version,
        transaction_type: 'NON_RENEWAL',
        status_code: 'PENDING',
        premiums: 0,
        fee_total: 0,
        effective_at: policy.expiration_at,
      });
    });

    it('lists a renewed term beside the first, each billed as the schedule bills it', async () => {
      const issue = rentersPolicyIssue({
        entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
        termInterval: 'annual',
        effectiveDate: addMonths(today, -12),
      });
      const sold = await issuePaidRentersPolicy(db(), issue);
      // The day's policy dates renew the policy whose term ends today (docs/policy-dates.md).
      await policyDatesWork.run({
        db: db(),
        clock: fixedClock(new Date(startOfBusinessDay(today).getTime() + 10 * 3_600_000)),
        businessDate: today,
        payments: createSandboxPaymentAdapter({ db: db() }),
        log: { info: () => undefined, warn: () => undefined },
      });
      const read = reader(await login(INTERNAL), sold);

      const terms = await holdTermsToBilling(read);
      expect(terms.map((t) => [t.term_type, t.effective_at, t.is_current])).toEqual([
        ['NEW_BUSINESS', issue.effectiveDate, false],
        ['RENEWAL', today, true],
      ]);
      expect(terms[1]).toMatchObject({ monthly_payment: null, next_bill_date: today });
      expect(terms[1]!.next_bill_total).toBe(terms[1]!.total);
      expect(await read.policy()).toMatchObject({
        status_code: 'ACTIVE',
        inception_at: issue.effectiveDate,
        effective_at: today,
        term_premium: terms[1]!.premium,
      });
      const transactions = await read.transactions();
      expect(transactions.map((t) => [t.transaction_type, t.status_code])).toEqual([
        ['NEW_BUSINESS', 'COMPLETED'],
        ['RENEWAL', 'COMPLETED'],
      ]);
      expect(transactions[1]).toMatchObject({ premiums: terms[1]!.premium, fee_total: terms[1]!.fee_total });
    });

    // has_pending_renewal_payment: from the renewal's offer until billing collects the renewed term's first
    // bill, which the billing day does on the renewal's effective date (docs/billing.md "Renewal").
    it('says a renewal payment is pending from the offer until the billing day collects it', async () => {
      const issue = rentersPolicyIssue({
        entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
        termInterval: 'annual',
        effectiveDate: addMonths(today, -12),
      });
      const sold = await issuePaidRentersPolicy(db(), issue);
      const payments = createSandboxPaymentAdapter({ db: db() });
      const log = { info: () => undefined, warn: () => undefined };
      const workOn = (day: string) => ({
        db: db(),
        clock: fixedClock(new Date(startOfBusinessDay(day).getTime() + 10 * 3_600_000)),
        businessDate: day,
        payments,
        log,
      });
      const read = reader(await login(INTERNAL), sold);
      const pending = async () => ({
        spec: (await read.policy()).has_pending_renewal_payment,
        screen: (await read.record()).hasPendingRenewalPayment,
      });
      expect(await pending()).toEqual({ spec: false, screen: false });

      // Offered 45 days before the term ends: the renewal waits for its payment.
      await policyDatesWork.run(workOn(addDays(today, -45)));
      expect(await pending()).toEqual({ spec: true, screen: true });
      // Renewed on the expiration date, its first bill not collected yet: still unpaid.
      await policyDatesWork.run(workOn(today));
      expect((await read.policy()).effective_at).toBe(today);
      expect(await pending()).toEqual({ spec: true, screen: true });
      // The billing day collects it, and the policy's log says so in the same transaction.
      await runBillingDay(workOn(today));
      expect((await read.schedule()).find((row) => row.due_date === today)).toMatchObject({ status: 'PAID' });
      expect(await pending()).toEqual({ spec: false, screen: false });
      const received = (await read.events()).filter((e) => e.type === 'renters.renewalPaymentReceived');
      expect(received).toHaveLength(1);
      expect(received[0]!.changes).toEqual({ effectiveDate: today });
    });

    // The renters line's billing speaks its wire's snake_case like its other records (docs/billing.md "On
    // screen"): a client reads the billing, pays what is due and asks again for a refund by snake_case names
    // alone, and no answer carries a camelCase key at any depth.
    it('reads the billing, pays now and retries a refund in snake_case, with no camelCase key anywhere', async () => {
      const token = await login(INTERNAL);
      const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
      const call = async (path: string, data?: Json) => {
        const answer = data ? await s.api.post(path, { data }, { token }) : await s.api.get(path, { token });
        const body = ok(answer);
        expect(camelKeys(body), `${path} answers camelCase keys`).toEqual([]);
        return body.data as Json;
      };

      // Its second instalment fell due ten days ago, unpaid: Pay now takes it with a new card.
      const late = await issuePaidRentersPolicy(
        db(),
        rentersPolicyIssue({ entityId, termInterval: 'monthly', effectiveDate: addDays(today, -40) }),
      );
      const path = `/v2/renters/policies/${late.matterId}`;
      const billing = (await call(`${path}/billing`)).billing as Json;
      for (const name of BILLING) expect(billing).toHaveProperty(name);
      expect(billing).toMatchObject({
        policy_number: late.policyNumber,
        plan: 'monthly',
        can: { pay_now: true },
      });
      expect(cents(billing.due_now)).toBeGreaterThan(0);
      const schedule = billing.schedule as Json[];
      expect(schedule[0]).toMatchObject({ seq: 1, kind: 'INSTALMENT', status: 'PAID' });
      expect(schedule[1]).toMatchObject({ kind: 'INSTALMENT', status: 'SCHEDULED', paid_on: null });
      expect((schedule[1]!.due_date as string) <= today).toBe(true);
      // The pet line's camelCase body is not this wire's.
      const camel = await s.api.post(`${path}/billing/pay-now`, { data: { paymentToken: 'x' } }, { token });
      expect(camel.status, camel.text).toBe(422);
      const payment_token = await tokenFor(
        entityApi(() => s.api),
        INTERNAL,
      );
      const paid = await call(`${path}/billing/pay-now`, { payment_token });
      expect(paid).toMatchObject({ collected: 1, declined: 0, decline_reason: null, reinstated: false });
      expect(paid.billing).toMatchObject({ due_now: 0, can: { pay_now: false } });
      expect(((paid.billing as Json).schedule as Json[])[1]).toMatchObject({
        status: 'PAID',
        paid_on: today,
      });

      // A cancellation's refund the payment service refuses, asked for again once it can go through.
      const issue = rentersPolicyIssue({ entityId, termInterval: 'monthly', effectiveDate: today });
      const refunded = await issuePaidRentersPolicy(db(), issue);
      const setCharge = (outcome: 'ok' | 'declined') =>
        db()
          .updateTable('payment_charges')
          .set({ outcome })
          .where('charge_id', '=', issue.payment.chargeId)
          .execute();
      await setCharge('declined');
      const read = reader(token, refunded);
      await read.change('cancel', {
        policy_number: refunded.policyNumber,
        reason_code: 'CUSTOMER_REQUEST',
        cancellation_method: 'PRO_RATA',
        commit: true,
      });
      const refundPath = `/v2/renters/policies/${refunded.matterId}`;
      const failed = ((await call(`${refundPath}/billing`)).billing as { refunds: Json[] }).refunds;
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ outcome: 'FAILED', attempts: 1, next_attempt: 2 });
      await setCharge('ok');
      const retried = await call(`${refundPath}/refunds/retry`, {
        key: failed[0]!.key,
        attempt: failed[0]!.next_attempt,
      });
      expect(retried.refund).toMatchObject({
        key: failed[0]!.key,
        amount: failed[0]!.amount,
        status: 'DONE',
        reason: null,
        refund_id: expect.stringMatching(/^re_/),
        attempts: 2,
        next_attempt: null,
      });
      const after = (await call(`${refundPath}/billing`)).billing as { refunds: Json[] };
      expect(after.refunds.map((r) => r.outcome)).toEqual(['DONE']);
    });

    it('keeps another agency’s policy out of reach and names a malformed policy id', async () => {
      const lakeside = await issuePaidRentersPolicy(
        db(),
        rentersPolicyIssue({ entityId: await entityIdOf(db(), LAKESIDE) }),
      );
      const token = await login(MANAGER);
      for (const tail of ['', '/terms', '/transactions']) {
        const other = await s.api.get(`/v2/renters/policies/${lakeside.matterId}${tail}`, { token });
        expect(other.status, other.text).toBe(404);
        const bad = await s.api.get(`/v2/renters/policies/x1${tail}`, { token });
        expect(bad.status, bad.text).toBe(422);
      }
    });
  },
);
