import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rentersPolicyAggregate } from '../../src/server/domain/rentersPolicies/rentersPolicyAggregate';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import { rentersPolicyFlags } from '../../src/server/domain/rentersPolicies/rentersPolicyFlags';
import { CommandRejectedError } from '../../src/server/store/aggregate';
import type { NewEvent } from '../../src/server/store/eventStore';
import { readStream } from '../../src/server/store/eventStore';
import { rebuildProjections } from '../../src/server/projections';
import { NORTHWIND_AUSTIN } from '../support/personas';
import { TEST_METADATA, entityIdOf } from '../support/records';
import {
  addDays,
  issueTestRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// sellRentersPolicy: the customer, the renters_policy stream folded through the status machine, the
// renters_policies read table and the record flags computed from the stream.
const marker = () => `Rn${randomBytes(4).toString('hex')}`;

describe.each(testDatabases())('renters policies on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;
  const austin = () => entityIdOf(db(), NORTHWIND_AUSTIN);
  const row = (policyNumber: string) =>
    db()
      .selectFrom('renters_policies')
      .selectAll()
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
  const append = (policyNumber: string, events: NewEvent[], today?: string) =>
    db()
      .transaction()
      .execute((trx) => appendToRentersPolicy(trx, TEST_METADATA, policyNumber, events, today));

  it('issues a numbered policy with its customer, stream and read row', async () => {
    const issue = rentersPolicyIssue({ entityId: await austin(), state: 'KY', lastName: marker() });
    const issued = await issueTestRentersPolicy(db(), issue);
    expect(issued.policyNumber).toMatch(/^RNT-KY-\d{8}$/);
    // SPEC §3: the matter id is the number's digits.
    expect(issued.matterId).toBe(Number(issued.policyNumber.slice(-8)));

    const customer = await db()
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', issued.customerId)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      entity_id: issue.entityId,
      first_name: 'Robin',
      last_name: issue.customer.lastName,
      email: issue.customer.email,
      phone: issue.customer.phone,
      address_line_1: 'PO Box 77',
      city: 'Louisville',
      state: 'KY',
    });

    const events = await db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', issued.policyNumber));
    // The sale makes the declarations page in its transaction.
    expect(events.map((e) => e.type)).toEqual(['renters.policyIssued', 'renters.documentGenerated']);
    expect(events[0]!.data).toMatchObject({
      policyNumber: issued.policyNumber,
      matterId: issued.matterId,
      customerId: issued.customerId,
      effectiveDate: issue.effectiveDate,
      totalCents: issue.totalCents,
      payment: { method: 'card', last4: '4242', chargeId: issue.payment.chargeId },
    });
    // The payment token is not kept in the log.
    expect(JSON.stringify(events[0]!.data)).not.toContain('tok_test');

    const today = businessToday();
    const r = await row(issued.policyNumber);
    expect(r).toMatchObject({
      matter_id: issued.matterId,
      policy_version: 2,
      quote_id: issue.quoteId,
      customer_id: issued.customerId,
      machine_state: 'active',
      status_code: 'ACTIVE',
      term_interval: 'monthly',
      state: 'KY',
      property_city: 'Louisville',
      term_premium_cents: issue.termPremiumCents,
      total_cents: issue.totalCents,
      next_bill_cents: issue.nextBill!.amountCents,
      non_renew: false,
      cancellation_date: null,
    });
    expect(issue.totalCents).toBe(issue.termPremiumCents + issue.taxesCents + issue.feesCents);

    expect(await rentersPolicyFlags(db(), issued.policyNumber, today)).toEqual({
      isCurrent: true,
      sentToCarrier: false,
      canBeDiscontinued: true,
      canBeFlatCancelled: true,
      canBeReinstated: false,
      hasUnconfirmedAddress: false,
      hasPendingRenewalPayment: false,
    });
    expect(await rentersPolicyFlags(db(), 'RNT-KY-99999999', businessToday())).toBeNull();
  });

  it('reuses the entity customer with the same e-mail for a second policy', async () => {
    const entityId = await austin();
    const first = rentersPolicyIssue({ entityId, lastName: marker() });
    const a = await issueTestRentersPolicy(db(), first);
    const b = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({
        entityId,
        lastName: first.customer.lastName,
        email: first.customer.email.toUpperCase(),
      }),
    );
    expect(b.customerId).toBe(a.customerId);
    expect(b.policyNumber).not.toBe(a.policyNumber);
  });

  it('computes the flags from the stream as it grows and refreshes the row from it', async () => {
    const issued = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: await austin() }));
    const today = businessToday();
    await append(issued.policyNumber, [
      { type: 'renters.addressChanged', data: { addressType: 'MAILING', confirmed: false } },
      {
        type: 'renters.renewalOffered',
        data: { effectiveDate: '2030-01-01', expirationDate: '2031-01-01', amountCents: 100 },
      },
    ]);
    // The product sends nothing to a carrier (docs/decisions/020): the flag stays false.
    expect(await rentersPolicyFlags(db(), issued.policyNumber, today)).toMatchObject({
      sentToCarrier: false,
      hasUnconfirmedAddress: true,
      hasPendingRenewalPayment: true,
    });
    // After the free look a flat cancel is no longer offered.
    expect(
      (await rentersPolicyFlags(db(), issued.policyNumber, addDays(today, 31)))!.canBeFlatCancelled,
    ).toBe(false);

    // A cancel dated later leaves cover until then and shows as CANCELLED.
    const cancelDate = addDays(today, 10);
    await append(issued.policyNumber, [
      { type: 'renters.cancelled', data: { method: 'PRO_RATA', cancelDate, immediate: false } },
    ]);
    const r = await row(issued.policyNumber);
    expect(r.machine_state).toBe('pendingCancellation');
    expect(r.status_code).toBe('CANCELLED');
    expect(r.policy_version).toBe(5);
    const flags = await rentersPolicyFlags(db(), issued.policyNumber, today);
    expect(flags).toMatchObject({
      isCurrent: true,
      sentToCarrier: false,
      canBeDiscontinued: false,
      hasPendingRenewalPayment: false,
    });
    expect((await rentersPolicyFlags(db(), issued.policyNumber, cancelDate))!.isCurrent).toBe(false);

    // Written on the cancel date, the "took effect" event comes first; reinstating makes it active again.
    await append(issued.policyNumber, [{ type: 'renters.reinstated', data: {} }], cancelDate);
    const events = await db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', issued.policyNumber));
    expect(events.slice(-2).map((e) => e.type)).toEqual([
      'renters.cancellationTookEffect',
      'renters.reinstated',
    ]);
    expect(await row(issued.policyNumber)).toMatchObject({ machine_state: 'active', status_code: 'ACTIVE' });
  });

  it('refuses an event the status machine does not take, and changes nothing', async () => {
    const issued = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: await austin() }));
    await expect(
      append(issued.policyNumber, [{ type: 'renters.reinstated', data: {} }]),
    ).rejects.toBeInstanceOf(CommandRejectedError);
    await expect(append(issued.policyNumber, [{ type: 'renters.bogus', data: {} }])).rejects.toBeInstanceOf(
      CommandRejectedError,
    );
    expect((await row(issued.policyNumber)).policy_version).toBe(2);
    expect(rentersPolicyAggregate.streamType).toBe('renters_policy');
  });

  it('links a rewrite to the policy it replaces, and refuses to rewrite an active policy', async () => {
    const entityId = await austin();
    const old = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId }));
    const refused = rentersPolicyIssue({ entityId, rewriteOf: old.policyNumber, lastName: marker() });
    await expect(issueTestRentersPolicy(db(), refused)).rejects.toBeInstanceOf(CommandRejectedError);
    // The whole issue rolled back: no row, no customer.
    expect(
      await db()
        .selectFrom('renters_policies')
        .select('policy_number')
        .where('quote_id', '=', refused.quoteId)
        .execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('customers').select('id').where('email', '=', refused.customer.email).execute(),
    ).toEqual([]);

    await append(old.policyNumber, [
      { type: 'renters.discontinued', data: { nonRenewEffectiveDate: addDays(businessToday(), 60) } },
    ]);
    expect(await row(old.policyNumber)).toMatchObject({ machine_state: 'nonRenewing', non_renew: true });
    const replacement = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId, rewriteOf: old.policyNumber }),
    );
    expect(await row(old.policyNumber)).toMatchObject({
      machine_state: 'rewritten',
      status_code: 'CANCELLED',
      rewritten_as: replacement.policyNumber,
      non_renew: true,
    });
    expect((await row(replacement.policyNumber)).rewrite_of).toBe(old.policyNumber);
  });

  it('rebuilds the read table from the log with the same rows', async () => {
    const issued = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId: await austin(), state: 'CA' }),
    );
    await append(issued.policyNumber, [
      { type: 'renters.cancelled', data: { method: 'FLAT', cancelDate: businessToday(), immediate: true } },
    ]);
    const all = () => db().selectFrom('renters_policies').selectAll().orderBy('policy_number').execute();
    const before = await all();
    expect(before.length).toBeGreaterThan(0);
    await rebuildProjections(db());
    expect(await all()).toEqual(before);
  });
});
