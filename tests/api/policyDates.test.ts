import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyViewResponse } from '../../src/api/schemas/policies';
import { MovableClock, addDays, addMonths, businessDate, startOfBusinessDay } from '../../src/calendar';
import { rentersPolicyAggregate } from '../../src/server/domain/rentersPolicies/rentersPolicyAggregate';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { policyDatesWork } from '../../src/server/domain/policyDates/policyDatesWork';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { execute } from '../../src/server/store/aggregate';
import type { Db } from '../../src/server/store/db';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { AGENT, LAKESIDE } from '../support/personas';
import { commitPetCancel } from '../support/previewedCommits';
import { purchasePolicies } from '../support/policyFixtures';
import { TEST_METADATA, entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

const silent = { info: () => undefined, warn: () => undefined };

// The daily policy-dates work (docs/policy-dates.md), run directly for a business date with the server's
// clock moved to it: pending cancellations take effect on their date, non-renewals end, renewals are offered
// 45 days ahead and renew on the expiration date, and a second run of a date does nothing.
describe.each(testDatabases())('policy dates on %s', (database) => {
  const clock = new MovableClock(new Date());
  const today = businessDate(clock.now());
  let t: TestServer;
  const e = entityApi(() => apiFor(t.url));
  const db = (): Db => t.server.database.db;
  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  // Moves the clock to ten in the morning of `date` and runs the day's work.
  const runOn = async (date: string) => {
    clock.set(new Date(startOfBusinessDay(date).getTime() + 10 * 3_600_000));
    return policyDatesWork.run({
      db: db(),
      clock,
      businessDate: date,
      payments: createSandboxPaymentAdapter({ db: db() }),
      log: silent,
    });
  };
  const eventsOf = (streamType: string, streamId: string) =>
    db()
      .selectFrom('events')
      .select(['type', 'data', 'recorded_at'])
      .where('stream_type', '=', streamType)
      .where('stream_id', '=', streamId)
      .orderBy('version')
      .execute();
  const view = async (matterId: number) =>
    PolicyViewResponse.parse((await e.get(`/v2/policies/${matterId}`, AGENT)).body).data;

  let cancelling: { policyNumber: string; matterId: number };
  let renewing: { policyNumber: string; matterId: number };
  let nonRenewing: string;
  let rentersRenewing: string;
  const expiration = addMonths(today, 12);
  const cancelDate = addDays(today, 40);
  const nonRenewDate = addDays(today, 60);

  it('keeps a cancellation dated in the future pending, "Cancels on" its date, until the run on that date', async () => {
    const [a, b] = (await purchasePolicies(t, { petNames: ['Rex', 'Tom'] })).policies;
    cancelling = a!;
    renewing = b!;
    const lakeside = await entityIdOf(db(), LAKESIDE);
    nonRenewing = (await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: lakeside })))
      .policyNumber;
    rentersRenewing = (await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: lakeside })))
      .policyNumber;
    await db()
      .transaction()
      .execute((trx) =>
        execute(
          trx,
          rentersPolicyAggregate,
          nonRenewing,
          [{ type: 'renters.discontinued', data: { nonRenewEffectiveDate: nonRenewDate } }],
          TEST_METADATA,
        ),
      );

    const commit = await commitPetCancel(e, cancelling.matterId, AGENT, {
      cancelDate,
      reason: 'CUSTOMER_REQUEST',
    });
    expect(commit.status).toBe(200);
    const pending = await view(cancelling.matterId);
    expect(pending.summary).toMatchObject({
      status: 'CANCELLED',
      cancellationEffectiveDate: cancelDate,
      cancellationPending: true,
    });

    await runOn(addDays(cancelDate, -1));
    expect((await view(cancelling.matterId)).summary.cancellationPending).toBe(true);
    expect((await eventsOf('policy', cancelling.policyNumber)).map((e) => e.type)).not.toContain(
      'policy.cancellationTookEffect',
    );

    const counts = await runOn(cancelDate);
    expect(counts.tookEffect).toBeGreaterThanOrEqual(1);
    const events = await eventsOf('policy', cancelling.policyNumber);
    const took = events.find((e) => e.type === 'policy.cancellationTookEffect');
    expect(took?.data).toEqual({ cancelEffectiveDate: cancelDate });
    expect(new Date(took!.recorded_at).toISOString()).toBe(startOfBusinessDay(cancelDate).toISOString());
    const after = await view(cancelling.matterId);
    expect(after.summary.cancellationPending).toBe(false);
    expect(after.can.edit).toBe(false);

    // The same date again writes nothing.
    await runOn(cancelDate);
    expect(await eventsOf('policy', cancelling.policyNumber)).toHaveLength(events.length);
  });

  it('ends a non-renewing renters policy at its non-renewal date', async () => {
    await runOn(addDays(nonRenewDate, -1));
    const row = () =>
      db()
        .selectFrom('renters_policies')
        .select(['machine_state', 'status_code'])
        .where('policy_number', '=', nonRenewing)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ machine_state: 'nonRenewing', status_code: 'ACTIVE' });
    await runOn(nonRenewDate);
    expect(await row()).toEqual({ machine_state: 'expired', status_code: 'EXPIRED' });
    const events = await eventsOf('renters_policy', nonRenewing);
    const took = events.filter((e) => e.type === 'renters.nonRenewalTookEffect');
    expect(took).toHaveLength(1);
    expect(new Date(took[0]!.recorded_at).toISOString()).toBe(startOfBusinessDay(nonRenewDate).toISOString());
    await runOn(nonRenewDate);
    expect(await eventsOf('renters_policy', nonRenewing)).toHaveLength(events.length);
  });

  it('offers the renewal 45 days before the expiration, priced by the rating engine, and shows it', async () => {
    const offerDay = addDays(expiration, -45);
    await runOn(addDays(offerDay, -1));
    expect((await view(renewing.matterId)).renewal).toBeNull();
    await runOn(offerDay);
    const offers = (await eventsOf('policy', renewing.policyNumber)).filter(
      (e) => e.type === 'policy.renewalOffered',
    );
    expect(offers).toHaveLength(1);
    // Tom, the cat, was two at purchase: a year older at the renewal.
    expect(offers[0]!.data).toMatchObject({ effectiveDate: expiration, ratedAge: 3 });
    const premium = offers[0]!.data.annualPremiumCents as number;
    expect(premium).toBeGreaterThan(0);
    expect((await view(renewing.matterId)).renewal).toEqual({
      effectiveDate: expiration,
      expirationDate: addMonths(expiration, 12),
      annualPremium: premium / 100,
    });
    const rentersOffers = (await eventsOf('renters_policy', rentersRenewing)).filter(
      (e) => e.type === 'renters.renewalOffered',
    );
    expect(rentersOffers).toHaveLength(1);
    expect(rentersOffers[0]!.data).toMatchObject({ effectiveDate: expiration });

    await runOn(offerDay);
    expect(
      (await eventsOf('policy', renewing.policyNumber)).filter((e) => e.type === 'policy.renewalOffered'),
    ).toHaveLength(1);
  });

  it('renews on the expiration date at the offered premium, as renewal business', async () => {
    const offered = (await eventsOf('policy', renewing.policyNumber)).find(
      (e) => e.type === 'policy.renewalOffered',
    )!.data.annualPremiumCents as number;
    await runOn(addDays(expiration, -1));
    expect((await eventsOf('policy', renewing.policyNumber)).map((e) => e.type)).not.toContain(
      'policy.renewed',
    );
    await runOn(expiration);
    const events = await eventsOf('policy', renewing.policyNumber);
    const renewed = events.filter((e) => e.type === 'policy.renewed');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.data).toMatchObject({
      effectiveDate: expiration,
      expirationDate: addMonths(expiration, 12),
      annualPremiumCents: offered,
    });
    expect(new Date(renewed[0]!.recorded_at).toISOString()).toBe(
      startOfBusinessDay(expiration).toISOString(),
    );
    const policy = await view(renewing.matterId);
    expect(policy.summary).toMatchObject({
      effectiveDate: expiration,
      expirationDate: addMonths(expiration, 12),
    });
    expect(policy.coverage.annualPremium).toBe(offered / 100);
    // The cancelled policy does not renew.
    expect((await eventsOf('policy', cancelling.policyNumber)).map((e) => e.type)).not.toContain(
      'policy.renewed',
    );

    const adjustments = await db()
      .selectFrom('premium_adjustments')
      .select(['policy_number', 'event_code', 'business_type', 'premium_cents'])
      .where('policy_number', 'in', [renewing.policyNumber, rentersRenewing])
      .where('event_code', '=', 'RN')
      .orderBy('policy_number')
      .execute();
    expect(adjustments).toHaveLength(2);
    expect(adjustments.every((a) => a.business_type === 'RENEWAL')).toBe(true);
    expect(adjustments.find((a) => a.policy_number === renewing.policyNumber)?.premium_cents).toBe(offered);

    const rentersRow = await db()
      .selectFrom('renters_policies')
      .select(['machine_state', 'term_premium_cents'])
      .select((eb) =>
        eb.fn<string>('to_char', [eb.ref('expiration_date'), eb.val('YYYY-MM-DD')]).as('expiration'),
      )
      .where('policy_number', '=', rentersRenewing)
      .executeTakeFirstOrThrow();
    expect(rentersRow).toMatchObject({ machine_state: 'active', expiration: addMonths(expiration, 12) });

    await runOn(expiration);
    expect(await eventsOf('policy', renewing.policyNumber)).toHaveLength(events.length);
  });

  it('bills the renewed term: its instalments scheduled at the renewal premium with its taxes and fees, the first collected that day', async () => {
    const ref = { line: 'pet' as const, policyNumber: renewing.policyNumber };
    const offered = (await view(renewing.matterId)).coverage.annualPremium * 100;
    await runBillingDay({
      db: db(),
      payments: createSandboxPaymentAdapter({ db: db() }),
      clock,
      businessDate: expiration,
    });
    const account = await db()
      .selectFrom('billing_accounts')
      .select(['state', 'term_effective', 'term_expiration'])
      .where('line', '=', 'pet')
      .where('policy_number', '=', ref.policyNumber)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({
      state: 'current',
      term_effective: expiration,
      term_expiration: addMonths(expiration, 12),
    });
    const term = await db()
      .selectFrom('billing_instalments')
      .select(['due_date', 'amount_cents', 'status'])
      .where('line', '=', 'pet')
      .where('policy_number', '=', ref.policyNumber)
      .where('due_date', '>=', expiration)
      .orderBy('seq')
      .execute();
    expect(term).toHaveLength(12);
    // A renewal's payments carry what a sale's do (docs/billing.md "The schedule"): beside the premium, Texas'
    // premium tax of 1.6% and the $1.00 fee of each monthly payment. (This once asked for the premium alone,
    // as the renewal was billed then.)
    const premium = Math.round(offered);
    const texasTax = Math.round((premium * 160) / 10_000);
    expect(term.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(premium + texasTax + 12 * 100);
    expect(term[0]).toMatchObject({ due_date: expiration, status: 'paid' });
    expect(term[11]!.due_date).toBe(addMonths(expiration, 11));
    expect(term.slice(1).every((row) => row.status === 'scheduled')).toBe(true);
  });
});
