import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus } from './entityApi';
import { AGENT, MANAGER, NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS } from './personas';
import { rentersCoverage, rentersCustomer } from './rentersQuoteApi';
import type { SuiteServer } from './suite';
import { addStatements, makeTenant, recordsOf, tableCounts, type TenantRecords } from './tenantFixtures';
import { businessDaysFromToday, businessMonth } from './businessToday';

// One record of every kind in Northwind, and the request of every route of the server's table about it, as
// another agency's users send them (tests/api/crossAgencyMatrix.test.ts). The requests are generated from
// the route table: a path's ids are Northwind's real ones by parameter name, so a new route with a known
// parameter is tried without being written here, and one with a parameter, a body or a query this file
// does not know fails the test until it is added.

export interface Northwind {
  records: TenantRecords;
  // A role created by Northwind's user administrator through the API (so owned by Northwind where roles
  // have owners), held by nobody yet: no holder outside Northwind may be what keeps others from it.
  roleId: number;
  // A saved view of Northwind's manager, shared with the role 'Agency Manager', which Lakeside's manager
  // holds too.
  viewId: number;
  // A support recording of Northwind's manager's session (stored directly: the test server does not record).
  recordingId: string;
  // The e-mail of Northwind's pet customer, a search term.
  petEmail: string;
  // Strings only Northwind's rows carry: its codes and name, numbers, e-mails of its customers and users.
  marks: string[];
}

const data = (d: unknown) => ({ data: d });
const FUTURE = '2031-01-01';
const VIEW_FILTER = 'northwind-shared-view';

async function roleIdByName(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('role_name', '=', name)
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function buildNorthwind(s: SuiteServer): Promise<Northwind> {
  const db = s.t.server.database.db;
  const e = entityApi(() => s.api);
  const tenant = await makeTenant(db, e, NORTHWIND);
  const records = await recordsOf(s.t, e, tenant);
  await addStatements(s.t, e, [records]);

  const role = await e.post('/v2/roles', tenant.email, {
    role_name: 'Northwind Claims Desk',
    role_desc: 'Northwind only',
    // A privilege Lakeside's user administrator may grant: only the owner can refuse them the role.
    privileges: ['admin_user_list'],
  });
  expectStatus(role, 201);
  const roleId = (role.body as { data: { id: number } }).data.id;
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'email'])
    .where('id', 'in', [records.pet.customerId, records.renters.customerId])
    .execute();
  const view = await e.post('/v2/my/table-views', MANAGER, {
    table: 'policies',
    name: 'Northwind renewals',
    state: { filter: { email: customers[0]!.email, note: VIEW_FILTER } },
    shared_role_ids: [await roleIdByName(db, 'Agency Manager')],
  });
  expectStatus(view, 201);
  const recordingId = randomUUID();
  const manager = await db
    .selectFrom('users')
    .select(['id', 'entity_id'])
    .where('email', '=', MANAGER)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('session_recordings')
    .values({
      id: recordingId,
      user_id: manager.id,
      entity_id: manager.entity_id,
      started_at: s.t.server.clock.now(),
      last_event_at: s.t.server.clock.now(),
    })
    .execute();
  return {
    recordingId,
    records,
    roleId,
    viewId: (view.body as { data: { id: number } }).data.id,
    petEmail: customers.find((c) => c.id === records.pet.customerId)!.email,
    marks: [
      NORTHWIND,
      NORTHWIND_AUSTIN,
      NORTHWIND_DALLAS,
      'Northwind',
      records.pet.policyNumber,
      records.renters.policyNumber,
      records.petQuoteUuid,
      records.pet.quoteUuid,
      records.rentersQuoteId,
      MANAGER,
      AGENT,
      VIEW_FILTER,
      ...customers.map((c) => c.email),
      // Not the test users' e-mails: their house-owned test roles are named after them.
    ],
  };
}

// How another agency's user must be answered:
// - refused: 403 or 404 (the record is named in the path or the query);
// - refusedInBody: 403, 404, or 422 naming the field (a record named in a body is an invalid value);
// - nothingShown: 2xx or 403, and none of Northwind's marks in the answer (a bulk command matches nothing);
// - customerRefusal: 403, or the quote journey's answer to a customer it does not know (200 with its error).
// Whatever the answer, no table's row count and not the event log change.
export type Expectation = 'refused' | 'refusedInBody' | 'nothingShown' | 'customerRefusal';

export interface CrossCase {
  route: string;
  // The path with its query; '#…' tells apart cases of one route.
  path: string;
  body?: unknown;
  // A multipart upload instead of a JSON body.
  upload?: boolean;
  expect: Expectation;
}

// Northwind's id for a path parameter, by its name and the route's line of business.
function idFor(route: string, param: string, w: Northwind): string | number | undefined {
  const v = w.records;
  const renters = route.includes(' /v2/renters/');
  const ids: Record<string, string | number | undefined> = {
    entityId: v.tenant.entityId,
    locationId: v.locationId,
    contactId: v.contactId,
    quoteSourceId: v.quoteSourceId,
    ruleId: v.ruleId,
    statementId: v.statementId,
    overrideId: v.overrideId,
    roleId: w.roleId,
    matterId: renters ? v.renters.matterId : v.pet.matterId,
    customerId: renters ? v.renters.customerId : undefined,
    accountId: v.renters.accountId,
    methodId: v.renters.methodId,
    documentId: renters ? v.renters.documentId : v.pet.documentId,
    claimId: v.pet.claimId,
    fileId: v.pet.fileId,
    uuid: v.petQuoteUuid,
    sessionId: v.paymentSessionId,
  };
  if (param === 'recordingId') return w.recordingId;
  if (param !== 'id') return ids[param];
  if (route.includes(' /v2/users/')) return v.staffUserId;
  if (route.includes(' /v2/my/table-views/')) return w.viewId;
  // Daily work belongs to no agency: any run's id, refused before it is looked up.
  if (route.includes(' /v2/jobs/')) return 1;
  if (route.includes(' /v2/renters/quotes/')) return v.rentersQuoteId;
  return undefined;
}

// The query a route needs besides its path (a download's format).
const QUERIES: Readonly<Record<string, string>> = {
  'GET /v2/entities/:entityId/commission-statements/:statementId/download': '?format=csv',
};

// A valid body for every write that takes an id, so the answer is about the record and not the body.
function bodies(w: Northwind): Record<string, unknown> {
  const v = w.records;
  const n = v.renters.policyNumber;
  const rule = {
    business_type: 'NEW',
    calculation_type: 'PERCENT',
    event_code: 'NB',
    state_codes: ['TX'],
    species: 'DOG',
    pay_multiplier: 99,
    effective_date: FUTURE,
  };
  const inTenDays = businessDaysFromToday(10);
  const change = { policy_number: n, reason_code: 'MOVED_OUT', commit: false };
  const password = 'Cross-Agency-Probe-2026!';
  const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Eve', zip: '78701' };
  return {
    'PATCH /v2/roles/:roleId': { role_desc: 'Mallory was here' },
    'DELETE /v2/roles/:roleId': undefined,
    'PATCH /v2/users/:id': { fname: 'Mallory' },
    'DELETE /v2/users/:id': undefined,
    'POST /v2/users/:id/deactivate': undefined,
    'POST /v2/users/:id/reactivate': undefined,
    'PUT /v2/users/:id/password': { password, password_confirmation: password },
    'POST /v2/users/:id/password-reset': undefined,
    'PATCH /v2/my/table-views/:id': { name: 'Mallory was here' },
    'DELETE /v2/my/table-views/:id': undefined,
    'POST /v2/jobs/:id/retry': {},
    'POST /v2/session-recordings/:recordingId/events': {
      sequence: 1,
      events: [{ type: 4, timestamp: 1, data: { href: 'https://portal.test/' } }],
    },
    'PATCH /v2/entities/:entityId': { dba: 'Mallory Pets' },
    'DELETE /v2/entities/:entityId': undefined,
    'POST /v2/entities/:entityId/locations': {
      loc_type: 'BRANCH',
      name: 'Evil branch',
      address_1: '1 Evil St',
      city: 'Austin',
      state_code: 'TX',
      zip: '78701',
    },
    'PATCH /v2/entities/:entityId/locations/:locationId': { name: 'Evil branch' },
    'DELETE /v2/entities/:entityId/locations/:locationId': undefined,
    'POST /v2/entities/:entityId/locations/:locationId/contacts': { name: 'Eve', phone: '5125550100' },
    'PATCH /v2/entities/:entityId/locations/:locationId/contacts/:contactId': { name: 'Eve' },
    'DELETE /v2/entities/:entityId/locations/:locationId/contacts/:contactId': undefined,
    'PATCH /v2/entities/:entityId/underwriting-questions': { underwritingQuestionIds: [1] },
    'PUT /v2/quotes/:uuid/tracking': {
      partner_data: { code: 'EVIL', name: 'Evil' },
      reference_data: { reference: 'Mallory', values: {} },
    },
    'POST /v2/entities/:entityId/quote-sources': { code: 'EVIL', name: 'Evil' },
    'PATCH /v2/entities/:entityId/quote-sources/:quoteSourceId': { name: 'Evil' },
    'POST /v2/entities/:entityId/discount-state-availabilities': { state_codes: ['TX'] },
    'PATCH /v2/entities/:entityId/attributes': { attributes: [{ attrib_id: 28, attrib_value: '1' }] },
    'POST /v2/entities/:entityId/commission-configs': data(rule),
    'PATCH /v2/entities/:entityId/commission-configs/:ruleId': data({ pay_multiplier: 99, version: 1 }),
    'POST /v2/entities/:entityId/commission-configs/:ruleId/expire': data({}),
    'POST /v2/entities/:entityId/commission-configs/generate': data({ effective_date: FUTURE }),
    'POST /v2/entities/:entityId/commission-configs/batch': { data: [rule] },
    'POST /v2/entities/:entityId/commission-configs/impact': data(rule),
    'POST /v2/entities/:entityId/commission-configs/:ruleId/impact': data({ pay_multiplier: 99, version: 1 }),
    'POST /v2/entities/:entityId/commission-statements/:statementId/approve': data({}),
    'POST /v2/entities/:entityId/commission-statements/:statementId/recalculate': data({}),
    'POST /v2/entities/:entityId/commission-statements/:statementId/unapprove': data({}),
    'POST /v2/entities/:entityId/commission-statements/:statementId/mark-paid': data({}),
    'POST /v2/entities/:entityId/commission-statements/:statementId/mark-unpaid': data({}),
    'POST /v2/entities/:entityId/commission-statements/:statementId/overrides': data({
      amount: 9,
      type_code: 'CONTEST',
      note: null,
    }),
    'PATCH /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId': data({
      amount: 9,
    }),
    'DELETE /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId': undefined,
    'PATCH /v2/policies/:matterId/policyholder': data({ reason: 'Moved', city: 'Dallas' }),
    'POST /v2/policies/:matterId/cancel': data({ cancelDate: FUTURE, reason: 'OTHER', commit: false }),
    'POST /v2/policies/:matterId/notes': data({ note: 'Mallory was here' }),
    'POST /v2/policies/:matterId/billing/pay-now': data({}),
    'POST /v2/policies/:matterId/billing/payment-method': data({ paymentToken: 'tok_card_mallory' }),
    'POST /v2/policies/:matterId/refunds/retry': data({ key: v.pet.refundKey, attempt: 1 }),
    'POST /v2/matters/:matterId/files': 'upload',
    'POST /v1/one-inc-session/:sessionId/payment-methods': { type: 'card', card },
    'POST /v2/renters/quotes/:id/property': {
      property: { line_1: '1 Evil St', city: 'Austin', state: 'TX', zip_code: '78701' },
      effective_date: FUTURE,
    },
    'POST /v2/renters/quotes/:id/coverage': rentersCoverage,
    'POST /v2/renters/quotes/:id/customer': rentersCustomer,
    'POST /v2/renters/quotes/:id/payment-method': { token: randomUUID(), billing_zip_code: '78701' },
    'POST /v2/renters/quotes/:id/back': {},
    'POST /v2/renters/quotes/:id/purchase': { request_id: randomUUID(), terms_accepted: true, total: 100 },
    'POST /v2/renters/policies/:matterId/cancel': data({
      ...change,
      cancellation_method: 'PRO_RATA',
      cancel_date: inTenDays,
    }),
    'POST /v2/renters/policies/:matterId/discontinue': data(change),
    'POST /v2/renters/policies/:matterId/reinstate': data({ policy_number: n, commit: false }),
    'POST /v2/renters/policies/:matterId/notes': data({ note: 'Mallory was here' }),
    'POST /v2/renters/policies/:matterId/billing/pay-now': data({}),
    'POST /v2/renters/policies/:matterId/refunds/retry': data({ key: v.renters.refundKey, attempt: 1 }),
    'POST /v2/renters/policies/:matterId/contacts': data({ number: '5125550100' }),
    'POST /v2/renters/policies/:matterId/addresses': data({
      address_type: 'MAILING',
      line_1: '1 Evil St',
      city: 'Austin',
      state_code: 'TX',
      zip_code: '78701',
    }),
    'POST /v2/renters/policies/:matterId/addresses/confirm': data({ address_type: 'MAILING' }),
    'POST /v2/renters/policies/:matterId/additional-insureds': data({
      name_first: 'Eve',
      name_last: 'Mallory',
    }),
    'DELETE /v2/renters/policies/:matterId/additional-insureds': data({ id: v.renters.insuredId }),
    'POST /v2/renters/customers/:customerId': data({ name_first: 'Mallory', email: 'mallory@example.test' }),
    'POST /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods': data({
      setup_intent_id: v.renters.setupIntentId,
    }),
  };
}

// Routes without an id in their path whose request names a Northwind record or Northwind in its query or
// body: each is sent as written here (and the reads among them without it as well, below).
function naming(w: Northwind): Record<string, Omit<CrossCase, 'route'>[]> {
  const v = w.records;
  const { petEmail } = w;
  const code = v.tenant.code;
  const ids = { ids: [v.statementId] };
  const byCode = { filter: { entityCode: code } };
  const pn = v.pet.policyNumber;
  const refused = (path: string): Omit<CrossCase, 'route'> => ({ path, expect: 'refused' });
  const shown = (path: string, body?: unknown): Omit<CrossCase, 'route'> => ({
    path,
    body,
    expect: 'nothingShown',
  });
  const inBody = (path: string, body: unknown): Omit<CrossCase, 'route'> => ({
    path,
    body,
    expect: 'refusedInBody',
  });
  const action = (method: string, name: string, d: unknown, expect: Expectation = 'refusedInBody') => ({
    path: `/v1/quote/action#${name}`,
    body: { method, action: name, data: d },
    expect,
  });
  const bulk = (name: string) => [
    shown(`/v2/commission-statements/${name}#ids`, ids),
    shown(`/v2/commission-statements/${name}#filter`, byCode),
  ];
  const customer = { firstName: 'Eve', lastName: 'Mallory', email: 'eve@example.test', phone: '5125550100' };
  return {
    'GET /v2/policies/documents': [refused(`/v2/policies/documents?policyNumber=${pn}`)],
    // The sandbox clock is the whole business's: moving it is refused to every agency user.
    'POST /v2/jobs/clock': [{ path: '/v2/jobs/clock', body: { days: 1 }, expect: 'refused' }],
    'GET /v2/policies/events': [refused(`/v2/policies/events?policyNumber=${pn}`)],
    'GET /v2/policies/payments': [refused(`/v2/policies/payments?policyNumber=${pn}`)],
    'GET /v2/policies/rates': [refused(`/v2/policies/rates?policyNumber=${pn}`)],
    'GET /v2/downloadReceipt': [refused(`/v2/downloadReceipt?policyNumber=${pn}`)],
    'GET /v2/renters/downloadReceipt': [
      refused(`/v2/renters/downloadReceipt?policyNumber=${v.renters.policyNumber}`),
    ],
    'GET /v2/renters/payment-methods/lookup': [
      refused(`/v2/renters/payment-methods/lookup?setupIntentId=${v.renters.setupIntentId}`),
    ],
    'GET /v2/quotes/match': [shown(`/v2/quotes/match?email=${petEmail}`)],
    // Northwind's policies each hold a failed refund: the queue of another agency lists none of them.
    'GET /v2/refunds/failed': [shown('/v2/refunds/failed?limit=100')],
    // Northwind's manager shared a view of this table with a role Lakeside's manager holds too.
    'GET /v2/my/table-views': [shown('/v2/my/table-views?table=policies')],
    'GET /v2/renters/coverage-options': [
      shown(`/v2/renters/coverage-options?state=TX&effective_date=${FUTURE}`),
    ],
    'GET /v2/quotes': [
      shown('/v2/quotes?limit=100'),
      shown(`/v2/quotes?limit=100&filter[policyNumber]=${pn}`),
    ],
    'GET /v2/quotes/export': [shown(`/v2/quotes/export?filter[policyNumber]=${pn}`)],
    'GET /v2/policies': [
      shown('/v2/policies?limit=100'),
      shown(`/v2/policies?limit=100&filter[policy_number]=${pn}`),
    ],
    'GET /v2/policies/export': [shown(`/v2/policies/export?filter[email]=${petEmail}`)],
    'GET /v2/matters': [shown(`/v2/matters?limit=100&filter[policy_number]=${pn}`)],
    'GET /v2/matters/export': [shown(`/v2/matters/export?filter[email]=${petEmail}`)],
    'GET /v2/renters/policies': [
      shown('/v2/renters/policies?limit=100'),
      shown(`/v2/renters/policies?limit=100&filter[policy_number]=${v.renters.policyNumber}`),
    ],
    'GET /v2/renters/policies/export': [
      shown(`/v2/renters/policies/export?filter[policy_number]=${v.renters.policyNumber}`),
    ],
    'GET /v2/commission-statements': [
      shown(`/v2/commission-statements?limit=100&filter[entityCode]=${code}`),
    ],
    'GET /v2/reports/commission-statements': [
      shown(`/v2/reports/commission-statements?limit=100&filter[entityCode]=${v.tenant.entityId}`),
    ],
    'GET /v2/commission-statement-reports': [
      shown(`/v2/commission-statement-reports?format=csv&filter[entityCode]=${v.tenant.entityId}`),
    ],
    'GET /v2/entities': [
      shown('/v2/entities?limit=100'),
      shown(`/v2/entities?limit=100&filter[entityCode]=${code}`),
      shown(`/v2/entities?limit=100&filter[parentEntityId]=${v.tenant.entityId}`),
    ],
    'GET /v2/users': [shown('/v2/users?limit=100'), shown(`/v2/users?limit=100&filter[entityCode]=${code}`)],
    'GET /v2/bank-accounts': [shown(`/v2/bank-accounts?limit=100&filter[entityCode]=${code}`)],
    'GET /v2/lists/entities': [shown(`/v2/lists/entities?term=${code}`)],
    'GET /v2/lists/entity/codes': [shown(`/v2/lists/entity/codes?term=${code}`)],
    'GET /v2/lists/entity/names': [shown('/v2/lists/entity/names?term=Northwind')],
    'GET /v2/reports/nwp': [shown(`/v2/reports/nwp?entityCode=${code}`)],
    'GET /v2/reports/nwp/export': [shown(`/v2/reports/nwp/export?entityCode=${code}`)],
    'POST /v2/commission-statements/approve': bulk('approve'),
    'POST /v2/commission-statements/unapprove': bulk('unapprove'),
    'POST /v2/commission-statements/mark-paid': bulk('mark-paid'),
    'POST /v2/commission-statements/mark-unpaid': bulk('mark-unpaid'),
    'POST /v2/commission-payment-reports': [
      shown('/v2/commission-payment-reports#ids', ids),
      shown('/v2/commission-payment-reports#filter', byCode),
    ],
    // Names no agency: the month's statements of the caller's scope, which holds none of Northwind's.
    'POST /v2/commission-statements/generate': [
      shown('/v2/commission-statements/generate', data({ month: businessMonth() })),
    ],
    'POST /v2/bank-accounts': [
      inBody('/v2/bank-accounts', {
        data: {
          entity_id: v.tenant.entityId,
          routing_number: '021000021',
          account_number: '123456789012',
          holder_name: 'Mallory LLC',
          account_type: 'checking',
        },
      }),
    ],
    'POST /v2/users': [
      inBody('/v2/users#in Northwind', {
        fname: 'Eve',
        lname: 'Mallory',
        email: 'eve.northwind@example.test',
        entity: code,
        roles: [],
      }),
      // A Lakeside user given Northwind's own role.
      inBody('/v2/users#with Northwind’s role', {
        fname: 'Eve',
        lname: 'Mallory',
        email: 'eve.lakeside@example.test',
        entity: '2345-6789-CD',
        roles: [w.roleId],
      }),
    ],
    'POST /v2/entities': [
      inBody('/v2/entities', {
        entity_code: '9999-0000-ZZ',
        entity_name: 'Mallory Agency',
        master_entity_id: v.tenant.entityId,
        type_code: 'AGENCY',
      }),
    ],
    'POST /v2/my/table-views': [
      inBody('/v2/my/table-views', {
        table: 'policies',
        name: 'Shared with Northwind',
        state: { filter: {} },
        shared_role_ids: [w.roleId],
      }),
    ],
    'POST /v2/renters/quotes': [
      inBody('/v2/renters/quotes', {
        property: { line_1: '1 Evil St', city: 'Austin', state: 'TX', zip_code: '78701' },
        effective_date: FUTURE,
        rewrite_of: v.renters.policyNumber,
      }),
    ],
    'POST /v2/renters/tokenize': [
      inBody('/v2/renters/tokenize', {
        data: {
          setup_intent_id: v.renters.setupIntentId,
          type: 'card',
          card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Eve', zip: '78701' },
        },
      }),
    ],
    // SPEC's quote and purchase requests: Northwind's customer or quote named in the body.
    'POST /v1/quotes': [
      inBody('/v1/quotes', {
        customerId: v.pet.customerId,
        startDate: FUTURE,
        pets: [{ name: 'Rex', species: 'DOG', gender: 'MALE', breed: 'MIXED_BREED_MEDIUM', age: 3 }],
      }),
    ],
    'POST /v2/quote': [
      inBody('/v2/quote', {
        data: {
          uuid: v.petQuoteUuid,
          startDate: FUTURE,
          zip: '78701',
          ...customer,
          street: '1 Main St',
          city: 'Austin',
          pets: [{ name: 'Rex', species: 'DOG', gender: 'MALE', breed: 'MIXED_BREED_MEDIUM', age: 3 }],
        },
      }),
    ],
    'POST /v2/policies': [
      inBody('/v2/policies', {
        quoteId: v.petQuoteUuid,
        requestId: randomUUID(),
        electronicDeliveryConsent: true,
        termsAndConditions: true,
        paymentAccount: { token: randomUUID() },
        paymentPeriod: 'MONTHLY',
      }),
    ],
    'POST /v1/quote/action': [
      action('GET', 'quoteView', { uuid: v.petQuoteUuid }),
      action('GET', 'fraudWarning', { uuid: v.petQuoteUuid }),
      action('POST', 'back', { uuid: v.petQuoteUuid }),
      action('POST', 'acknowledgeFraud', { uuid: v.petQuoteUuid }),
      action('POST', 'updateQuote', {
        uuid: v.petQuoteUuid,
        zip: '78701',
        startDate: FUTURE,
        customer: { ...customer, street: '1 Main St', city: 'Austin' },
        pets: [{ name: 'Rex', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' }],
      }),
      action('POST', 'abandonQuote', { uuid: v.petQuoteUuid }),
      action('POST', 'purchase', {
        uuid: v.petQuoteUuid,
        requestId: randomUUID(),
        customer: { ...customer, street: '1 Main St', street2: null, city: 'Austin' },
        electronicDeliveryConsent: true,
        termsAccepted: true,
        paymentPeriod: 'MONTHLY',
        payment: { token: randomUUID() },
      }),
      action('GET', 'customer', { customerId: v.pet.customerId }, 'customerRefusal'),
      action('GET', 'encodedCustomerId', { customerId: v.pet.customerId }, 'customerRefusal'),
    ],
  };
}

// Writes without an id that can name nothing of another agency: they act on the caller's own session,
// settings or new records, which the other suites test.
export const OWN_WRITES: Readonly<Record<string, string>> = {
  'PATCH /v2/my/profile': 'the caller’s own profile',
  'POST /v2/my/password': 'the caller’s own password',
  'POST /v2/roles': 'a new role of the caller’s own agency; assigning it is tried by POST /v2/users',
  'GET /v1/one-inc-session': 'opens a payment session of the caller’s own',
  'POST /v2/session-recordings': 'starts a recording of the caller’s own session',
};

// Reads no agency's user may make, even of their own agency's records: the control that Northwind's own user
// reads each named record leaves them out. Session recordings are replayed by users of the root entity only
// (docs/session-recording.md).
export const ROOT_ENTITY_READS: ReadonlySet<string> = new Set([
  'GET /v2/session-recordings/:recordingId/events',
]);

export interface RouteRef {
  method: string;
  url: string;
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method);
const keyOf = (r: RouteRef) => `${r.method} ${r.url}`;

// Every request another agency's user sends about Northwind, and the routes this cannot yet build a
// request for (a parameter without an id, a write without a body, a command that names nothing).
export function crossAgencyCases(
  routes: readonly RouteRef[],
  w: Northwind,
): { cases: CrossCase[]; missing: string[] } {
  const body = bodies(w);
  const named = naming(w);
  const cases: CrossCase[] = [];
  const missing: string[] = [];
  for (const r of routes) {
    const key = keyOf(r);
    if (key in OWN_WRITES) continue;
    for (const c of named[key] ?? []) cases.push({ route: key, ...c });
    if (!r.url.includes(':')) {
      if (named[key]) continue;
      // A read nobody wrote a query for is sent as it is: it must still show nothing of Northwind (and a
      // read that needs a query answers 422 there, which fails until one is written).
      if (r.method === 'GET') cases.push({ route: key, path: r.url, expect: 'nothingShown' });
      else missing.push(`${key}: names no Northwind record (add it to naming or OWN_WRITES)`);
      continue;
    }
    let path = r.url;
    for (const [, param] of r.url.matchAll(/:(\w+)/g)) {
      const id = idFor(key, param!, w);
      if (id === undefined) missing.push(`${key}: no Northwind id for :${param}`);
      path = path.replace(`:${param}`, String(id));
    }
    if (r.method !== 'GET' && !(key in body) && hasBody(r.method))
      missing.push(`${key}: no valid body to send`);
    const given = body[key];
    cases.push({
      route: key,
      path: `${path}${QUERIES[key] ?? ''}`,
      ...(given === 'upload' ? { upload: true } : given === undefined ? {} : { body: given }),
      expect: 'refused',
    });
  }
  // Deletions and deactivations last, so a hole there cannot hide what the others would find.
  const last = (c: CrossCase) => /^DELETE|\/(deactivate|reactivate)$/.test(c.route);
  return { cases: [...cases.filter((c) => !last(c)), ...cases.filter(last)], missing };
}

// Whether the answer carries one of Northwind's marks as a word of its own (lake.manager@demo.test does
// not carry manager@demo.test).
export function marksIn(text: string, marks: readonly string[]): string[] {
  const escape = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return marks.filter((mark) => new RegExp(`(?<![\\w.+-])${escape(mark)}(?![\\w-])`).test(text));
}

// The event log's last position and every table's row count: a refused request changes neither.
export async function stateOf(db: Db): Promise<{ lastEvent: string; counts: Record<string, number> }> {
  const last = await sql<{ p: string | null }>`select max(position)::text as p from events`.execute(db);
  return { lastEvent: last.rows[0]?.p ?? '0', counts: await tableCounts(db) };
}
