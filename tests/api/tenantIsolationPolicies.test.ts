import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rentersCoverage, rentersCustomer } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import {
  buildTenantWorld,
  expectOutsidersRefused,
  expectParentReaches,
  isPolicyRoute,
  probe,
  unprobedRoutes,
  type Probe,
  type Tenant,
  type TenantRecords,
  type TenantWorld,
} from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';
import { businessDaysFromToday } from '../support/businessToday';

// Pet quotes, pet policies with their matters, and renters quotes, policies and payment methods, by id: an
// agency user holding every grantable privilege, asking about another agency's record, gets 403 or 404 (or
// the refusal an unknown customer gets) and changes nothing; Northwind's user reaches Austin's records
// through the same requests, so each refusal is about the tenant and not a malformed request.
const data = (d: unknown) => ({ data: d });
const FUTURE = '2031-01-01';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Eve', zip: '78701' };
const customer = { firstName: 'Eve', lastName: 'Mallory', email: 'eve@example.test', phone: '5125550100' };
const pet = { name: 'Rex', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' };

function quoteActions(uuid: string, customerId: number, token: string): Probe[] {
  const act = (method: string, action: string, d: unknown, outcome?: Probe['outcome']) =>
    probe('POST /v1/quote/action', `/v1/quote/action#${action}`, { method, action, data: d }, { outcome });
  const petId = randomUUID();
  return [
    act('GET', 'quoteView', { uuid }),
    act('GET', 'fraudWarning', { uuid }),
    act('POST', 'back', { uuid }),
    act('POST', 'answerUnderwriting', { uuid, pets: [{ petId, answers: { '1': false } }] }),
    act('POST', 'removePet', { uuid, petId }),
    act('POST', 'chooseCoverage', { uuid, pets: [{ petId }] }),
    act('POST', 'updateQuote', {
      uuid,
      zip: '78701',
      startDate: FUTURE,
      customer: { ...customer, street: '1 Main St', city: 'Austin' },
      pets: [pet],
    }),
    act('POST', 'acknowledgeFraud', { uuid }),
    act('POST', 'abandonQuote', { uuid }),
    act('POST', 'retryPayment', { uuid, requestId: randomUUID(), payment: { token } }),
    act('POST', 'purchase', {
      uuid,
      requestId: randomUUID(),
      customer: { ...customer, street: '1 Main St', street2: null, city: 'Austin' },
      electronicDeliveryConsent: true,
      termsAccepted: true,
      paymentPeriod: 'MONTHLY',
      payment: { token },
    }),
    act('GET', 'customer', { customerId }, 'customerRefusal'),
    act('GET', 'encodedCustomerId', { customerId }, 'customerRefusal'),
  ];
}

function petProbes(v: TenantRecords, a: Tenant): Probe[] {
  const { matterId: m, policyNumber: n } = v.pet;
  return [
    probe('GET /v2/quote/:uuid', `/v2/quote/${v.petQuoteUuid}`),
    probe('GET /v2/quotes/:uuid', `/v2/quotes/${v.petQuoteUuid}`),
    probe('PUT /v2/quotes/:uuid/tracking', `/v2/quotes/${v.petQuoteUuid}/tracking`, {
      partner_data: { code: 'EVIL', name: 'Mallory' },
      reference_data: null,
    }),
    ...quoteActions(v.petQuoteUuid, v.pet.customerId, a.paymentToken),
    probe('GET /v2/downloadReceipt', `/v2/downloadReceipt?policyNumber=${n}`),
    probe('GET /v2/policies/:matterId', `/v2/policies/${m}`),
    probe('GET /v2/matters/:matterId', `/v2/matters/${m}`),
    probe('PATCH /v2/policies/:matterId/policyholder', `/v2/policies/${m}/policyholder`, {
      data: { reason: 'Moved', city: 'Dallas' },
    }),
    probe('POST /v2/policies/:matterId/cancel', `/v2/policies/${m}/cancel`, {
      data: { cancelDate: FUTURE, reason: 'OTHER', commit: false },
    }),
    probe('GET /v2/policies/:matterId/notes', `/v2/policies/${m}/notes`),
    probe('POST /v2/policies/:matterId/notes', `/v2/policies/${m}/notes`, data({ note: 'Mallory was here' })),
    probe('GET /v2/policies/:matterId/billing', `/v2/policies/${m}/billing`),
    probe('POST /v2/policies/:matterId/billing/pay-now', `/v2/policies/${m}/billing/pay-now`, data({})),
    probe(
      'POST /v2/policies/:matterId/billing/payment-method',
      `/v2/policies/${m}/billing/payment-method`,
      data({ paymentToken: 'tok_card_mallory' }),
    ),
    // The attempt already made: the parent is answered the refund as it stands, and nothing is asked.
    probe(
      'POST /v2/policies/:matterId/refunds/retry',
      `/v2/policies/${m}/refunds/retry`,
      data({ key: v.pet.refundKey, attempt: 1 }),
    ),
    probe('GET /v2/policies/documents', `/v2/policies/documents?policyNumber=${n}`),
    probe(
      'GET /v2/matters/:matterId/documents/:documentId',
      `/v2/matters/${m}/documents/${v.pet.documentId}`,
    ),
    probe('GET /v2/matters/:matterId/claims', `/v2/matters/${m}/claims`),
    probe('GET /v2/matters/:matterId/claims/:claimId', `/v2/matters/${m}/claims/${v.pet.claimId}`),
    probe('GET /v2/policies/payments', `/v2/policies/payments?policyNumber=${n}`),
    probe('GET /v2/matters/:matterId/payments', `/v2/matters/${m}/payments`),
    probe('GET /v2/policies/rates', `/v2/policies/rates?policyNumber=${n}`),
    probe('GET /v2/policies/events', `/v2/policies/events?policyNumber=${n}`),
    probe('GET /v2/matters/:matterId/files', `/v2/matters/${m}/files`),
    probe('POST /v2/matters/:matterId/files', `/v2/matters/${m}/files`, undefined, { upload: true }),
    probe('GET /v2/matters/:matterId/files/:fileId', `/v2/matters/${m}/files/${v.pet.fileId}`),
  ];
}

function rentersProbes(v: TenantRecords, a: Tenant): Probe[] {
  const { matterId: m, policyNumber: n, customerId: c, accountId, methodId, setupIntentId } = v.renters;
  const policy = `/v2/renters/policies/${m}`;
  const account = `/v2/renters/customers/${c}/payment_accounts/${accountId}/payment_methods`;
  const quote = `/v2/renters/quotes/${v.rentersQuoteId}`;
  const inTenDays = businessDaysFromToday(10);
  const change = { policy_number: n, reason_code: 'MOVED_OUT', commit: false };
  const cancel = { ...change, cancellation_method: 'PRO_RATA', cancel_date: inTenDays };
  return [
    probe('POST /v2/renters/policies/:matterId/cancel', `${policy}/cancel`, data(cancel)),
    probe('POST /v2/renters/policies/:matterId/discontinue', `${policy}/discontinue`, data(change)),
    probe(
      'POST /v2/renters/policies/:matterId/reinstate',
      `${policy}/reinstate`,
      data({ policy_number: n, commit: false }),
    ),
    probe(
      'GET /v2/renters/customers/:customerId/policies/:matterId',
      `/v2/renters/customers/${c}/policies/${m}`,
    ),
    probe(
      'POST /v2/renters/policies/:matterId/contacts',
      `${policy}/contacts`,
      data({ number: '5125550100' }),
    ),
    probe('POST /v2/renters/policies/:matterId/addresses', `${policy}/addresses`, {
      data: {
        address_type: 'MAILING',
        line_1: '1 Evil St',
        city: 'Austin',
        state_code: 'TX',
        zip_code: '78701',
      },
    }),
    probe('POST /v2/renters/policies/:matterId/addresses/confirm', `${policy}/addresses/confirm`, {
      data: { address_type: 'MAILING' },
    }),
    probe('POST /v2/renters/policies/:matterId/additional-insureds', `${policy}/additional-insureds`, {
      data: { name_first: 'Eve', name_last: 'Mallory' },
    }),
    probe('GET /v2/renters/policies/:matterId/notes', `${policy}/notes`),
    probe('POST /v2/renters/policies/:matterId/notes', `${policy}/notes`, data({ note: 'Mallory was here' })),
    probe('GET /v2/renters/policies/:matterId/documents', `${policy}/documents`),
    probe(
      'GET /v2/renters/policies/:matterId/documents/:documentId',
      `${policy}/documents/${v.renters.documentId}`,
    ),
    probe('GET /v2/renters/policies/:matterId/events', `${policy}/events`),
    probe('GET /v2/renters/policies/:matterId/payments', `${policy}/payments`),
    probe('GET /v2/renters/policies/:matterId', policy),
    probe('GET /v2/renters/policies/:matterId/terms', `${policy}/terms`),
    probe('GET /v2/renters/policies/:matterId/transactions', `${policy}/transactions`),
    probe('GET /v2/renters/policies/:matterId/billing', `${policy}/billing`),
    probe('POST /v2/renters/policies/:matterId/billing/pay-now', `${policy}/billing/pay-now`, data({})),
    probe(
      'POST /v2/renters/policies/:matterId/refunds/retry',
      `${policy}/refunds/retry`,
      data({ key: v.renters.refundKey, attempt: 1 }),
    ),
    probe('GET /v2/renters/policies/:matterId/rewrite', `${policy}/rewrite`),
    probe('GET /v2/renters/downloadReceipt', `/v2/renters/downloadReceipt?policyNumber=${n}`),
    probe('GET /v2/renters/customers/:customerId', `/v2/renters/customers/${c}`),
    probe(
      'POST /v2/renters/customers/:customerId',
      `/v2/renters/customers/${c}`,
      data({ name_first: 'Mallory' }),
    ),
    probe(
      'GET /v2/renters/customers/:customerId/payment_methods',
      `/v2/renters/customers/${c}/payment_methods`,
    ),
    probe(
      'GET /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/setup-intent',
      `${account}/setup-intent`,
    ),
    probe(
      'POST /v2/renters/tokenize',
      '/v2/renters/tokenize',
      {
        data: { setup_intent_id: setupIntentId, type: 'card', card: CARD },
      },
      { userOwned: true },
    ),
    probe(
      'GET /v2/renters/payment-methods/lookup',
      `/v2/renters/payment-methods/lookup?setupIntentId=${setupIntentId}`,
      undefined,
      {
        userOwned: true,
      },
    ),
    probe(
      'POST /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods',
      account,
      data({ setup_intent_id: setupIntentId }),
      { userOwned: true },
    ),
    probe(
      'GET /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/:methodId',
      `${account}/${methodId}`,
    ),
    probe('GET /v2/renters/quotes/:id', quote),
    probe('POST /v2/renters/quotes/:id/property', `${quote}/property`, {
      property: { line_1: '1 Evil St', city: 'Austin', state: 'TX', zip_code: '78701' },
      effective_date: FUTURE,
    }),
    probe('POST /v2/renters/quotes/:id/coverage', `${quote}/coverage`, rentersCoverage),
    probe('POST /v2/renters/quotes/:id/customer', `${quote}/customer`, rentersCustomer),
    probe('POST /v2/renters/quotes/:id/payment-method', `${quote}/payment-method`, {
      token: a.paymentToken,
      billing_zip_code: '78701',
    }),
    probe('POST /v2/renters/quotes/:id/back', `${quote}/back`, {}),
    probe('POST /v2/renters/quotes/:id/purchase', `${quote}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total: 100,
    }),
    probe(
      'POST /v1/one-inc-session/:sessionId/payment-methods',
      `/v1/one-inc-session/${v.paymentSessionId}/payment-methods`,
      {
        type: 'card',
        card: CARD,
      },
      { userOwned: true },
    ),
    probe('DELETE /v2/renters/policies/:matterId/additional-insureds', `${policy}/additional-insureds`, {
      data: { id: v.renters.insuredId },
    }),
  ];
}

const probesOf = (victim: TenantRecords, asker: Tenant): Probe[] => [
  ...petProbes(victim, asker),
  ...rentersProbes(victim, asker),
];

describe.each(testDatabases())('tenant isolation of quotes and policies by id on %s', (database) => {
  const s = useTestServer(database);
  let world: TenantWorld;

  beforeAll(async () => {
    world = await buildTenantWorld(s.t, () => s.api);
  }, 120_000);

  it('has a probe for every quote, policy and renters route that takes an id', () => {
    expect(unprobedRoutes(s, world, probesOf, isPolicyRoute)).toEqual({ unprobed: [], unknown: [] });
  });

  it('refuses every probe about a record of an agency outside the asker’s subtree, changing nothing', async () => {
    await expectOutsidersRefused(s, world, probesOf, 10);
  });

  it('lets the parent agency reach its child’s records through the same probes', async () => {
    await expectParentReaches(s, world, probesOf);
  });
});
