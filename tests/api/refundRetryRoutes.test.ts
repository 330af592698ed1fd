import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BillingResponse, type Billing } from '../../src/api/schemas/billing';
import { CancelResponse } from '../../src/api/schemas/policies';
import { PolicyPaymentsPage } from '../../src/api/schemas/policyMatters';
import { FailedRefundsPage, RetryRefundResponse, type FailedRefund } from '../../src/api/schemas/refunds';
import { RentersBillingResponse, type RentersBilling } from '../../src/api/schemas/rentersBilling';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import { RentersPaymentsResponse } from '../../src/api/schemas/rentersPolicyRecord';
import { RentersRetryRefundResponse } from '../../src/api/schemas/rentersRefunds';
import { refundKey } from '../../src/server/domain/policies/cancellationRefundKey';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ACCOUNTING,
  AGENT,
  INTERNAL,
  LAKESIDE_MANAGER,
  MANAGER,
  NORTHWIND_AUSTIN,
} from '../support/personas';
import { centralToday, purchasePolicies } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A refund the payment service refuses is staff's work (docs/payments.md "Refund statuses"): it is listed in the
// failed refunds queue of whoever could retry it, retried from the policy or the queue under the next attempt's
// number, and once it goes through the ledger counts it refunded and the policy's payments show it done. The
// refusal here is real: the charge the refund goes back to is made unknown to the sandbox, then restored.
const UNKNOWN_CHARGE = "The card's charge is unknown to the payment service";

describe.each(testDatabases())('failed refunds retried by staff on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;

  // The sandbox answers a refund of a charge it holds no successful record of with unknown_charge.
  const setCharge = (chargeId: string, outcome: 'ok' | 'declined') =>
    db().updateTable('payment_charges').set({ outcome }).where('charge_id', '=', chargeId).execute();
  const firstChargeOf = async (line: 'pet' | 'renters', policyNumber: string) =>
    (
      await db()
        .selectFrom('billing_instalments')
        .select('charge_id')
        .where('line', '=', line)
        .where('policy_number', '=', policyNumber)
        .where('seq', '=', 1)
        .executeTakeFirstOrThrow()
    ).charge_id!;
  const queue = async (email: string, query = '') => {
    const answer = await e.get(`/v2/refunds/failed?limit=100${query}`, email);
    expectStatus(answer, 200);
    return FailedRefundsPage.parse(answer.body);
  };
  const queued = async (email: string, policyNumber: string): Promise<FailedRefund[]> =>
    (await queue(email)).data.filter((r) => r.policyNumber === policyNumber);
  const billingOf = async (path: string, email: string): Promise<Billing> => {
    const answer = await e.get(`${path}/billing`, email);
    expectStatus(answer, 200);
    return BillingResponse.parse(answer.body).data.billing!;
  };
  // A renters policy's billing answers in the renters wire's snake_case.
  const rentersBillingOf = async (path: string, email: string): Promise<RentersBilling> => {
    const answer = await e.get(`${path}/billing`, email);
    expectStatus(answer, 200);
    return RentersBillingResponse.parse(answer.body).data.billing!;
  };
  // What the payment service was asked for a refund, and what the policy's billing stream holds.
  const traces = async (line: 'pet' | 'renters', policyNumber: string, key: string) => ({
    asked: Number(
      (
        await db()
          .selectFrom('payment_refunds')
          .select(sql<string>`count(*)`.as('n'))
          .where('idempotency_key', 'like', `${key}%`)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    events: Number(
      (
        await db()
          .selectFrom('events')
          .select(sql<string>`count(*)`.as('n'))
          .where('stream_type', '=', 'billing')
          .where('stream_id', '=', `${line}:${policyNumber}`)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('lists a pet refund the payment service refused, retries it once it can go through, and the ledger and payments show it done', async () => {
    const [policy] = (await purchasePolicies(s.t, { petNames: ['Fennel'] })).policies;
    const { policyNumber, matterId } = policy!;
    const path = `/v2/policies/${matterId}`;
    const charge = await firstChargeOf('pet', policyNumber);
    await setCharge(charge, 'declined');

    // A flat cancel returns the down payment, which the payment service now refuses.
    const cancelled = await commitPetCancel(e, matterId, AGENT, {
      cancelDate: centralToday(),
      reason: 'CUSTOMER_REQUEST',
    });
    expectStatus(cancelled, 200);
    const outcome = CancelResponse.parse(cancelled.body).data.refundOutcome!;
    expect(outcome).toMatchObject({ status: 'failed', reason: UNKNOWN_CHARGE });
    const key = refundKey(policyNumber);

    const [row, ...others] = await queued(AGENT, policyNumber);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      line: 'pet',
      policyNumber,
      matterId,
      customerId: null,
      key,
      amount: outcome.amount,
      reason: UNKNOWN_CHARGE,
      attempts: 1,
      nextAttempt: 2,
    });
    expect(Number.isNaN(Date.parse(row!.failedAt))).toBe(false);
    // The money is the customer's credit while the refund has not gone through.
    let billing = await billingOf(path, AGENT);
    expect(billing.refunds).toEqual([
      { key, amount: outcome.amount, outcome: 'failed', reason: UNKNOWN_CHARGE, attempts: 1, nextAttempt: 2 },
    ]);
    expect(billing.can.retryRefund).toBe(true);
    expect(billing.ledger).toMatchObject({ refunded: 0, credit: outcome.amount });
    const refundRow = async () =>
      PolicyPaymentsPage.parse(
        (await e.get(`/v2/matters/${matterId}/payments?limit=20`, AGENT)).body,
      ).data.find((p) => p.type === 'REFUND');
    expect(await refundRow()).toMatchObject({ status: 'FAILED', reference: null, amount: outcome.amount });

    // Asked again while the charge is still unknown: attempt 2 fails too, under a key of its own.
    let retried = await e.post(`${path}/refunds/retry`, AGENT, { data: { key, attempt: 2 } });
    expectStatus(retried, 200);
    expect(RetryRefundResponse.parse(retried.body).data.refund).toMatchObject({
      key,
      status: 'failed',
      reason: UNKNOWN_CHARGE,
      attempts: 2,
      nextAttempt: 3,
    });

    // With the charge back, attempt 3 goes through.
    await setCharge(charge, 'ok');
    retried = await e.post(`${path}/refunds/retry`, AGENT, { data: { key, attempt: 3 } });
    expectStatus(retried, 200);
    const done = RetryRefundResponse.parse(retried.body).data.refund;
    expect(done).toMatchObject({ key, status: 'done', reason: null, attempts: 3, nextAttempt: null });
    expect(done.refundId).toMatch(/^re_/);

    // The same attempt sent again answers its outcome and asks nothing.
    const before = await traces('pet', policyNumber, key);
    const repeated = await e.post(`${path}/refunds/retry`, AGENT, { data: { key, attempt: 3 } });
    expectStatus(repeated, 200);
    expect(RetryRefundResponse.parse(repeated.body).data.refund).toEqual(done);
    expect(await traces('pet', policyNumber, key)).toEqual(before);

    billing = await billingOf(path, AGENT);
    expect(billing.refunds).toEqual([
      { key, amount: outcome.amount, outcome: 'done', reason: null, attempts: 3, nextAttempt: null },
    ]);
    expect(billing.ledger).toMatchObject({ refunded: outcome.amount, credit: 0, owed: 0 });
    expect(await refundRow()).toMatchObject({ status: 'REFUNDED', reference: done.refundId });
    expect(await queued(AGENT, policyNumber)).toEqual([]);
    expect(await queued(INTERNAL, policyNumber)).toEqual([]);
  });

  it('keeps another agency out and refuses a caller without the privilege, with 422 for bad input', async () => {
    const [policy] = (await purchasePolicies(s.t, { petNames: ['Sorrel'] })).policies;
    const { policyNumber, matterId } = policy!;
    const path = `/v2/policies/${matterId}/refunds/retry`;
    const charge = await firstChargeOf('pet', policyNumber);
    await setCharge(charge, 'declined');
    expectStatus(
      await commitPetCancel(e, matterId, AGENT, { cancelDate: centralToday(), reason: 'CUSTOMER_REQUEST' }),
      200,
    );
    const key = refundKey(policyNumber);
    const unchanged = await traces('pet', policyNumber, key);

    // Northwind's manager (the agency above Austin) and the house see it; Lakeside does not, and its retry is
    // the 404 of a policy it cannot see.
    expect(await queued(MANAGER, policyNumber)).toHaveLength(1);
    expect(await queued(INTERNAL, policyNumber)).toHaveLength(1);
    expect(await queued(LAKESIDE_MANAGER, policyNumber)).toEqual([]);
    expectError(await e.post(path, LAKESIDE_MANAGER, { data: { key, attempt: 2 } }), 404);
    // Accounting holds neither line's privilege to move a policy's money.
    expectError(await e.get('/v2/refunds/failed', ACCOUNTING), 403);
    expectError(await e.post(path, ACCOUNTING, { data: { key, attempt: 2 } }), 403);
    // A key that is not this policy's, or no refund at all.
    expectError(await e.post(path, AGENT, { data: { key: `${key}x`, attempt: 2 } }), 404);
    expectError(
      await e.post('/v2/policies/999999999/refunds/retry', AGENT, { data: { key, attempt: 2 } }),
      404,
    );

    const invalid = [
      [{ data: { key, attempt: 3 } }, 'data.attempt'],
      [{ data: { key, attempt: 'two' } }, 'data.attempt'],
      [{ data: { key, attempt: 2.5 } }, 'data.attempt'],
      [{ data: { key, attempt: 0 } }, 'data.attempt'],
      [{ data: { key: '', attempt: 2 } }, 'data.key'],
      [{ data: { key: 'with space', attempt: 2 } }, 'data.key'],
      [{ data: { key: 'k\u0000', attempt: 2 } }, 'data.key'],
      [{ data: { attempt: 2 } }, 'data.key'],
      [{ data: { key, attempt: 2, amount: 5 } }, 'data.amount'],
      // Outside `data`: the missing envelope and each stray field are named.
      [{ key, attempt: 2 }, 'data'],
    ] as const;
    for (const [body, field] of invalid) {
      const refused = await e.post(path, AGENT, body);
      const errors = expectValidationError(refused, [field]).errors;
      expect(refused.text, JSON.stringify(body)).not.toMatch(/\bat \w+ \(|node_modules|\.ts:\d+/);
      expect(Object.keys(errors)).toContain(field);
    }
    expectValidationError(await e.get('/v2/refunds/failed?filter[line]=boat', AGENT), ['filter.line']);
    expectValidationError(await e.get('/v2/refunds/failed?limit=1000', AGENT), ['limit']);
    expect(await traces('pet', policyNumber, key)).toEqual(unchanged);
  });

  it('lists a renters refund only to who may take a renters payment, and retries it from the queue', async () => {
    const today = centralToday();
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate: today, termInterval: 'monthly' });
    const { policyNumber, matterId } = await issuePaidRentersPolicy(db(), issue);
    const path = `/v2/renters/policies/${matterId}`;
    await setCharge(issue.payment.chargeId, 'declined');
    const change = async (commit: boolean, preview?: { fingerprint: string; preview_token: string | null }) =>
      e.post(`${path}/cancel`, INTERNAL, {
        data: {
          policy_number: policyNumber,
          reason_code: 'CUSTOMER_REQUEST',
          cancellation_method: 'PRO_RATA',
          cancel_date: today,
          policy_version: (
            await db()
              .selectFrom('renters_policies')
              .select('policy_version')
              .where('policy_number', '=', policyNumber)
              .executeTakeFirstOrThrow()
          ).policy_version,
          commit,
          ...(preview && {
            preview_fingerprint: preview.fingerprint,
            preview_token: preview.preview_token,
          }),
        },
      });
    const previewed = await change(false);
    expectStatus(previewed, 200);
    const committed = await change(true, RentersChangeResponse.parse(previewed.body).data);
    expectStatus(committed, 200);
    const { settlement } = RentersChangeResponse.parse(committed.body).data;
    expect(settlement.kind).toBe('refund');

    const [row] = await queued(INTERNAL, policyNumber);
    expect(row).toMatchObject({
      line: 'renters',
      matterId,
      amount: settlement.amount,
      reason: UNKNOWN_CHARGE,
      attempts: 1,
      nextAttempt: 2,
    });
    expect(row!.customerId).toEqual(expect.any(Number));
    expect((await queue(INTERNAL, '&filter[line]=renters')).data.map((r) => r.key)).toContain(row!.key);
    expect((await queue(INTERNAL, '&filter[line]=pet')).data.map((r) => r.key)).not.toContain(row!.key);
    // Northwind's manager may change a renters payment method: listed. The agent may take pet payments only:
    // not listed, and refused the renters retry.
    expect(await queued(MANAGER, policyNumber)).toHaveLength(1);
    expect(await queued(AGENT, policyNumber)).toEqual([]);
    expectError(await e.post(`${path}/refunds/retry`, AGENT, { data: { key: row!.key, attempt: 2 } }), 403);
    // Who may open the renters policy but not take its payments sees the failure without the retry.
    const viewer = await userWith(db(), {
      entityCode: NORTHWIND_AUSTIN,
      userType: 'external',
      privilegeCodes: ['renters_policy_ax'],
    });
    const seen = await rentersBillingOf(path, viewer);
    expect(seen.can.retry_refund).toBe(false);
    expect(seen.refunds[0]).toMatchObject({ outcome: 'FAILED', reason: UNKNOWN_CHARGE, next_attempt: 2 });
    expectError(await e.get('/v2/refunds/failed', viewer), 403);
    expectError(await e.post(`${path}/refunds/retry`, viewer, { data: { key: row!.key, attempt: 2 } }), 403);
    expectError(
      await e.post(`${path}/refunds/retry`, LAKESIDE_MANAGER, { data: { key: row!.key, attempt: 2 } }),
      404,
    );

    await setCharge(issue.payment.chargeId, 'ok');
    const retried = await e.post(`${path}/refunds/retry`, MANAGER, {
      data: { key: row!.key, attempt: row!.nextAttempt },
    });
    expectStatus(retried, 200);
    expect(RentersRetryRefundResponse.parse(retried.body).data.refund).toMatchObject({
      status: 'DONE',
      attempts: 2,
      next_attempt: null,
    });
    const billing = await rentersBillingOf(path, INTERNAL);
    expect(billing.refunds.map((r) => r.outcome)).toEqual(['DONE']);
    expect(billing.ledger).toMatchObject({ refunded: settlement.amount, credit: 0, owed: 0 });
    // The payments tab keeps the failure and adds the refund that went through.
    const payments = RentersPaymentsResponse.parse(
      (await e.get(`${path}/payments?limit=100`, INTERNAL)).body,
    ).data;
    expect(
      payments.filter((p) => p.ledger_type === 'REFUND').map((p) => [p.status, p.reference !== null]),
    ).toEqual([
      ['SUCCEEDED', true],
      ['FAILED', false],
    ]);
    expect(await queued(INTERNAL, policyNumber)).toEqual([]);
    expect(await queued(MANAGER, policyNumber)).toEqual([]);
  });
});
