import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import { MovableClock, addDays, businessDate } from '../../src/calendar';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import type { Db } from '../../src/server/store/db';
import { up as restateRentersWrittenPremium } from '../../src/server/store/migrations/030_renters_written_premium_returned';
import { runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { apiFor } from '../support/http';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A renters cancellation counts every instalment collected for the term, also one for a month after a
// backdated cancel date, and takes back as written premium what the cover did not earn (docs/billing.md "What a
// cancellation counts, keeps and returns"). Its refund lands, split across the charges that hold the money,
// also after cancel → reinstate → cancel, when the issue's charge was already refunded (docs/payments.md
// "Refunds"). Once, the backdated cancel kept the later instalment, the written premium stayed as sold, and
// the second cancellation's refund was aimed at the refunded issue charge and failed for good.

// A term's line split as the schedule splits it (docs/renters-cancellation.md "Paid"), written from the docs.
const share = (annualCents: number, month: number) =>
  month === 0 ? annualCents - 11 * Math.floor(annualCents / 12) : Math.floor(annualCents / 12);
const earnedOf = (cents: number, days: number, termDays: number) =>
  Math.floor((cents * days * 2 + termDays) / (termDays * 2));

describe.each(testDatabases())('what a renters cancellation counts and sends back, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;
  const e = entityApi(() => apiFor(s.t.url));

  async function previewAndCommit(
    kind: 'cancel' | 'reinstate',
    matterId: number,
    data: Record<string, unknown>,
  ) {
    const path = `/v2/renters/policies/${matterId}/${kind}`;
    const previewed = await e.post(path, INTERNAL, { data: { ...data, commit: false } });
    expectStatus(previewed as never, 200);
    const preview = RentersChangeResponse.parse(previewed.body).data;
    const committed = await e.post(path, INTERNAL, {
      data: {
        ...data,
        commit: true,
        preview_fingerprint: preview.fingerprint,
        preview_token: preview.preview_token,
      },
    });
    expectStatus(committed as never, 200);
    return RentersChangeResponse.parse(committed.body).data;
  }
  const versionOf = async (policyNumber: string) =>
    (
      await db()
        .selectFrom('renters_policies')
        .select('policy_version')
        .where('policy_number', '=', policyNumber)
        .executeTakeFirstOrThrow()
    ).policy_version;
  const refundsSent = (policyNumber: string) =>
    db()
      .selectFrom('payment_refunds')
      .select(['charge_id', 'amount_cents', 'outcome'])
      .where('idempotency_key', 'like', `renters:${policyNumber}:%`)
      .execute();
  const writtenOf = async (policyNumber: string) =>
    (
      await db()
        .selectFrom('premium_adjustments')
        .select(['event_code', 'premium_cents'])
        .where('policy_number', '=', policyNumber)
        .orderBy('event_id')
        .execute()
    ).map((r) => [r.event_code, r.premium_cents]);

  it('refunds a backdated cancel’s later instalment, takes back unearned written premium, and refunds again after a reinstatement', async () => {
    const start = businessDate(clock.now());
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate: start, termInterval: 'monthly' });
    const { policyNumber, matterId } = await issuePaidRentersPolicy(db(), issue);
    const second = issue.nextBill!.dueDate;
    await runDatedWorkOn(db(), clock, second);
    const { expiration } = await db()
      .selectFrom('renters_policies')
      .select(sql<string>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration'))
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    const termDays = (Date.parse(expiration) - Date.parse(start)) / 86_400_000;

    // Cancelled back to day 10, once the second instalment was collected: both instalments' premium and taxes
    // count as paid, and all but the ten days' share comes back.
    const premium = issue.termPremiumCents;
    const taxes = issue.taxesCents;
    const paid = share(premium, 0) + share(premium, 1) + share(taxes, 0) + share(taxes, 1);
    const earned = earnedOf(premium, 10, termDays) + earnedOf(taxes, 10, termDays);
    const base = { policy_number: policyNumber, reason_code: 'CUSTOMER_REQUEST' };
    const cancelled = await previewAndCommit('cancel', matterId, {
      ...base,
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(start, 10),
      policy_version: await versionOf(policyNumber),
    });
    expect(cancelled.settlement).toEqual({ kind: 'refund', amount: (paid - earned) / 100 });
    let sent = await refundsSent(policyNumber);
    expect(sent.every((r) => r.outcome === 'ok')).toBe(true);
    expect(sent.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(paid - earned);
    // The written premium the cancellation takes back is what ten days did not earn, not the refund's premium.
    expect(await writtenOf(policyNumber)).toEqual([
      ['NB', premium],
      ['CN', -(premium - earnedOf(premium, 10, termDays))],
    ]);

    // Reinstated: the refund is charged back and collected; cancelled again, its refund lands too, though the
    // issue's charge gave back all it held the first time.
    const reinstated = await previewAndCommit('reinstate', matterId, {
      policy_number: policyNumber,
      reason_code: 'PAYMENT_RECEIVED',
      policy_version: await versionOf(policyNumber),
    });
    expect(reinstated.settlement).toEqual({ kind: 'charge', amount: (paid - earned) / 100 });
    await runDatedWorkOn(db(), clock, addDays(second, 1));
    const again = await previewAndCommit('cancel', matterId, {
      ...base,
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(start, 20),
      policy_version: await versionOf(policyNumber),
    });
    expect(again.settlement.kind).toBe('refund');
    sent = await refundsSent(policyNumber);
    expect(sent.every((r) => r.outcome === 'ok')).toBe(true);
    const earnedAgain = earnedOf(premium, 20, termDays) + earnedOf(taxes, 20, termDays);
    expect(again.settlement.amount).toBe((paid - earnedAgain) / 100);
    expect(sent.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(paid - earned + paid - earnedAgain);
    const ledger = await ledgerOf(db(), { line: 'renters', policyNumber }, businessDate(clock.now()));
    expect(ledger).toMatchObject({ owedCents: 0, creditCents: 0 });

    // A database written under the old rule: its cancellations took back only the refund's premium, and the
    // reinstatement gave that back. Migration 030 restates them as the log now reads.
    const restated = await writtenOf(policyNumber);
    expect(restated.map(([code]) => code)).toEqual(['NB', 'CN', 'RI', 'CN']);
    await db()
      .updateTable('premium_adjustments')
      .set({ premium_cents: -1_234 })
      .where('policy_number', '=', policyNumber)
      .where('event_code', '=', 'CN')
      .execute();
    await db()
      .updateTable('premium_adjustments')
      .set({ premium_cents: 1_234 })
      .where('policy_number', '=', policyNumber)
      .where('event_code', '=', 'RI')
      .execute();
    await restateRentersWrittenPremium(db());
    expect(await writtenOf(policyNumber)).toEqual(restated);
  });
});
