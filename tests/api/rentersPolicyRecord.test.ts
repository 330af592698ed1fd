import { describe, expect, it } from 'vitest';
import { RentersPolicyRecordResponse } from '../../src/api/schemas/rentersPolicyRecord';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import { oneYearAfter } from '../../src/server/domain/rentersPolicies/rentersPolicyNumbers';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError } from '../support/http';
import { AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN, REPORTS } from '../support/personas';
import { TEST_METADATA, entityIdOf } from '../support/records';
import {
  addDays,
  issueTestRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/renters/customers/{customerId}/policies/{matterId}: the SPEC §3 renters policy record as the edit
// screen shows it, folded from the policy's stream.
describe.each(testDatabases())('renters policy record on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const path = (customerId: number, matterId: number) =>
    `/v2/renters/customers/${customerId}/policies/${matterId}`;
  const record = async (customerId: number, matterId: number, email = INTERNAL) => {
    const response = await e.get(path(customerId, matterId), email);
    expectStatus(response, 200);
    return RentersPolicyRecordResponse.parse(response.body).data;
  };

  it('shows the record exactly: trimmed text, null line2 and extension, UTC dates, matter ids', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const effectiveDate = addDays(businessToday(), 3);
    const issue = rentersPolicyIssue({ entityId, effectiveDate, termInterval: 'monthly' });
    issue.customer.firstName = '  Padded ';
    issue.customer.lastName = ' Tenant  ';
    issue.propertyAddress = { ...issue.propertyAddress, line1: ' 200 Congress Ave ', line2: '' };
    issue.mailingAddress = { ...issue.mailingAddress, line2: '   ' };
    const first = await issueTestRentersPolicy(db(), issue);
    // A second policy of the same customer (same entity and e-mail): both list both matter ids.
    const secondIssue = rentersPolicyIssue({ entityId, email: issue.customer.email, effectiveDate });
    const second = await issueTestRentersPolicy(db(), secondIssue);
    expect(second.customerId).toBe(first.customerId);

    const r = await record(first.customerId, first.matterId);
    const coverage = issue.coverage as { optional: { include_theft: boolean } };
    expect(r).toEqual({
      id: first.matterId,
      isCurrent: true,
      sentToCarrier: false,
      renewalOffer: null,
      canBeDiscontinued: true,
      canBeFlatCancelled: true,
      canBeReinstated: false,
      hasUnconfirmedAddress: false,
      hasPendingRenewalPayment: false,
      unconfirmedAddresses: [],
      additionalInsureds: [],
      matterIds: [first.matterId, second.matterId].sort((a, b) => a - b),
      summary: {
        policyNumber: first.policyNumber,
        statusCode: 'ACTIVE',
        inceptionDate: effectiveDate,
        effectiveDate,
        expirationDate: oneYearAfter(effectiveDate),
        termInterval: 'monthly',
        termPremium: issue.termPremiumCents / 100,
        upcomingPaymentDate: issue.nextBill!.dueDate,
        upcomingPaymentAmount: issue.nextBill!.amountCents / 100,
        nonRenew: false,
        nonRenewEffectiveDate: null,
      },
      policyholder: {
        customerId: first.customerId,
        firstName: 'Padded',
        lastName: 'Tenant',
        emailAddress: issue.customer.email,
        welcomeEmailSentAt: null,
        primaryContact: {
          typeCode: 'PRIMARY',
          numberType: 'MOBILE',
          number: issue.customer.phone,
          extension: null,
          additionalInfo: null,
        },
        mailingAddress: {
          typeCode: 'MAILING',
          line1: 'PO Box 77',
          line2: null,
          city: 'Austin',
          stateCode: 'TX',
          zipCode: '78701',
        },
      },
      property: {
        address: {
          typeCode: 'PROPERTY',
          line1: '200 Congress Ave',
          line2: null,
          city: 'Austin',
          stateCode: 'TX',
          zipCode: '78701',
        },
        interestedPartyAddress: {
          typeCode: 'INTPARTY',
          line1: '1 Leasing Way',
          line2: null,
          city: 'Austin',
          stateCode: 'TX',
          zipCode: '78701',
        },
        interestedPartyName: 'Congress Towers Management',
      },
      coverage: {
        contents: { amount: 20_000, additionalLivingExpense: 4_000, deductible: 500 },
        liability: { amount: 100_000, medicalPayments: 1_000, damageToPropertyOfOthers: 500 },
        optional: { theft: coverage.optional.include_theft, replacementCost: true },
      },
      // The issue and the declarations page made with the sale (docs/renters-policy-record.md "Documents").
      policyVersion: 2,
      machineState: 'active',
      rewriteOf: null,
      rewrittenAs: null,
      cancellationDate: null,
      cancellationReason: null,
      nonRenewReason: null,
      paymentMethod: { type: 'card', last4: '4242' },
    });
    // SPEC §3: the matter id is the digits of the policy number.
    expect(r.id).toBe(Number(first.policyNumber.replace(/\D/g, '')));
  });

  it('follows the stream: a cancellation shows CANCELLED with its date and no upcoming bill', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issued = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId }));
    const today = businessToday();
    await db()
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(trx, TEST_METADATA, issued.policyNumber, [
          {
            type: 'renters.cancelled',
            data: { method: 'FLAT', cancelDate: today, immediate: true },
          },
          { type: 'renters.paymentMethodChanged', data: { type: 'bank', last4: '6789' } },
        ]),
      );
    const r = await record(issued.customerId, issued.matterId, MANAGER);
    expect(r.summary).toMatchObject({ statusCode: 'CANCELLED', upcomingPaymentDate: null });
    expect(r).toMatchObject({
      machineState: 'cancelled',
      cancellationDate: today,
      isCurrent: false,
      canBeFlatCancelled: false,
      canBeReinstated: true,
      policyVersion: 4,
      paymentMethod: { type: 'bank', last4: '6789' },
    });
  });

  it('answers 404 outside the scope or for another customer, 403 without renters_policy_ax', async () => {
    const lakeside = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId: await entityIdOf(db(), LAKESIDE) }),
    );
    expectError(await e.get(path(lakeside.customerId, lakeside.matterId), MANAGER), 404);
    // Staff see every agency's policies.
    expect((await record(lakeside.customerId, lakeside.matterId, INTERNAL)).id).toBe(lakeside.matterId);
    expectError(await e.get(path(lakeside.customerId + 1, lakeside.matterId), INTERNAL), 404);
    expectError(await e.get(path(lakeside.customerId, 99_999_999), INTERNAL), 404);
    expectError(await e.get(path(lakeside.customerId, lakeside.matterId), AGENT), 403);
    expectError(await e.get(path(lakeside.customerId, lakeside.matterId), REPORTS), 403);
    const bad = await e.get(`/v2/renters/customers/abc/policies/x1`, INTERNAL);
    expect(bad.status).toBe(422);
  });
});
