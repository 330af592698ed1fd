import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { PRIVILEGES } from '../../src/api/privilegeCatalogue';
import { LocationResponse, ContactResponse, QuoteSourceResponse } from '../../src/api/schemas/entities';
import { MatterFileResponse } from '../../src/api/schemas/policyMatters';
import { RentersPolicyRecordResponse } from '../../src/api/schemas/rentersPolicyRecord';
import { AddPaymentMethodResponse, SetupIntentResponse } from '../../src/api/schemas/rentersPaymentMethods';
import { submitClaim } from '../../src/server/domain/matters/claimCommands';
import { AGENT_ENTITY_HEADER } from '../../src/api/version';
import type { Db } from '../../src/server/store/db';
import { statementApi, businessMonth } from './commissionStatementApi';
import { entityApi, expectStatus, userWith, type EntityApi } from './entityApi';
import type { Api, ApiResponse } from './http';
import { ADMIN, LAKESIDE, NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS, SUMMIT } from './personas';
import { purchasePolicies } from './policyFixtures';
import { testClaim, upload } from './policyMatterFixtures';
import { quoteApi, quoteAtCheckout, tokenFor } from './quoteApi';
import { TEST_METADATA, userIdOf } from './records';
import { recordFailedRefund } from './refundFixtures';
import { issueTestRentersPolicy, rentersPolicyIssue } from './rentersPolicyFixtures';
import { rentersCoverage, rentersCustomer, rentersQuoteApi } from './rentersQuoteApi';
import type { SuiteServer } from './suite';
import type { TestServer } from './testServer';
import { businessToday } from './businessToday';

// A world of agencies, each with an external user holding every grantable privilege and a record of every
// kind, for the tenant isolation suites: whatever such a user may do, it must stay inside its own subtree.

// Northwind (with its children Austin and Dallas), Lakeside and Summit: two unrelated trees under the house.
export const TENANT_CODES = [NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS, LAKESIDE, SUMMIT] as const;
// The tenants that own records (Dallas only attacks: a sibling with nothing of its own).
export const RECORD_OWNERS = [NORTHWIND, NORTHWIND_AUSTIN, LAKESIDE, SUMMIT] as const;

// Every privilege an administrator could hand an agency user: root_admin alone would make them staff.
export const EVERY_GRANTABLE = PRIVILEGES.filter((p) => p.grantable).map((p) => p.code);

export interface Tenant {
  code: string;
  entityId: number;
  path: string;
  // An external user of the entity holding EVERY_GRANTABLE.
  email: string;
  userId: number;
  // A card token of that user (payment session), for purchase and payment bodies.
  paymentToken: string;
}

export interface TenantRecords {
  tenant: Tenant;
  petQuoteUuid: string;
  pet: {
    matterId: number;
    policyNumber: string;
    customerId: number;
    quoteUuid: string;
    documentId: string;
    claimId: number;
    fileId: string;
    // A refund of the policy that failed (refundFixtures.ts), for the retry route.
    refundKey: string;
  };
  renters: {
    matterId: number;
    policyNumber: string;
    customerId: number;
    accountId: string;
    methodId: string;
    documentId: string;
    insuredId: number;
    // An open setup intent of the owner, for tokenize and lookup.
    setupIntentId: string;
    refundKey: string;
  };
  rentersQuoteId: string;
  locationId: number;
  contactId: number;
  quoteSourceId: number;
  ruleId: number;
  statementId: number;
  overrideId: number;
  paymentSessionId: string;
  // A second user of the entity, to be managed, and the role only they hold.
  staffUserId: number;
  staffRoleId: number;
}

export interface TenantWorld {
  tenants: Map<string, Tenant>;
  records: Map<string, TenantRecords>;
}

// True when `record` belongs to `viewer`'s entity or one below it.
export const sees = (viewer: Tenant, owner: Tenant): boolean => owner.path.startsWith(viewer.path);

export async function makeTenant(db: Db, e: EntityApi, code: string): Promise<Tenant> {
  const email = await userWith(db, {
    entityCode: code,
    userType: 'external',
    privilegeCodes: EVERY_GRANTABLE,
  });
  const entity = await db
    .selectFrom('entities')
    .select(['id', 'path'])
    .where('entity_code', '=', code)
    .executeTakeFirstOrThrow();
  return {
    code,
    entityId: entity.id,
    path: entity.path,
    email,
    userId: await userIdOf(db, email),
    paymentToken: await tokenFor(e, email),
  };
}

const CARD = { number: '5555555555554444', expiry: '11/30', cvc: '321', name: 'Grace Hopper', zip: '78702' };

// The owner's renters payment account with a primary method, and one more open setup intent.
async function rentersPayment(e: EntityApi, email: string, customerId: number) {
  const intentPath = `/v2/renters/customers/${customerId}/payment_accounts/active/payment_methods/setup-intent`;
  const opened = await e.get(intentPath, email);
  expectStatus(opened, 200);
  const intent = SetupIntentResponse.parse(opened.body).data;
  const tokenized = await e.post('/v2/renters/tokenize', email, {
    data: { setup_intent_id: intent.setup_intent_id, type: 'card', card: CARD },
  });
  expectStatus(tokenized, 200);
  const added = await e.post(
    `/v2/renters/customers/${customerId}/payment_accounts/${intent.payment_account_id}/payment_methods`,
    email,
    { data: { setup_intent_id: intent.setup_intent_id, is_primary: true } },
  );
  expectStatus(added, 201);
  const method = AddPaymentMethodResponse.parse(added.body).data;
  const another = await e.get(intentPath, email);
  expectStatus(another, 200);
  return {
    accountId: intent.payment_account_id,
    methodId: method.id!,
    setupIntentId: SetupIntentResponse.parse(another.body).data.setup_intent_id,
  };
}

async function firstDocument(db: Db, policyNumber: string): Promise<string> {
  const row = await db
    .selectFrom('policy_documents')
    .select('id')
    .where('policy_number', '=', policyNumber)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  return row.id;
}

// One record of every kind, owned by the tenant's entity (made by its own user where the API allows).
export async function recordsOf(server: TestServer, e: EntityApi, tenant: Tenant): Promise<TenantRecords> {
  const db = server.server.database.db;
  const { email } = tenant;
  const q = quoteApi(e);
  const petQuote = await quoteAtCheckout(q, { email });
  const bought = await purchasePolicies(server, { email });
  const policy = bought.policies[0]!;
  const { claimId } = await db.transaction().execute((trx) =>
    submitClaim(
      trx,
      TEST_METADATA,
      testClaim(policy.policyNumber, {
        lossDate: businessToday(),
        reportedDate: businessToday(),
        treatmentStart: businessToday(),
        treatmentEnd: businessToday(),
      }),
    ),
  );
  const uploaded = await upload(server.url, await e.tokenOf(email), policy.matterId, {
    name: 'vet-note.pdf',
    type: 'application/pdf',
    bytes: new TextEncoder().encode('%PDF-1.4 tenant test'),
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const note = await e.post(`/v2/policies/${policy.matterId}/notes`, email, { data: { note: 'Called.' } });
  expectStatus(note, 201);

  const issued = await issueTestRentersPolicy(db, rentersPolicyIssue({ entityId: tenant.entityId }));
  const renters = await db
    .selectFrom('renters_policies')
    .select(['matter_id', 'customer_id'])
    .where('policy_number', '=', issued.policyNumber)
    .executeTakeFirstOrThrow();
  const insured = await e.post(`/v2/renters/policies/${renters.matter_id}/additional-insureds`, email, {
    data: { name_first: 'Ada', name_last: 'Byron' },
  });
  expectStatus(insured, 201);
  const record = RentersPolicyRecordResponse.parse(insured.body).data;
  const payment = await rentersPayment(e, email, renters.customer_id);
  // At the payment step, so a payment token in a request about it is the next thing checked.
  const r = rentersQuoteApi(e);
  const rentersQuote = await r.start(email);
  await r.step(`/v2/renters/quotes/${rentersQuote.id}/coverage`, rentersCoverage, email);
  await r.step(`/v2/renters/quotes/${rentersQuote.id}/customer`, rentersCustomer, email);

  const entity = `/v2/entities/${tenant.entityId}`;
  const location = await e.post(`${entity}/locations`, ADMIN, {
    loc_type: 'BRANCH',
    name: 'Branch',
    address_1: '201 E Main St',
    city: 'Round Rock',
    state_code: 'TX',
    zip: '78664',
  });
  expectStatus(location, 201);
  const locationId = LocationResponse.parse(location.body).data.id;
  const contact = await e.post(`${entity}/locations/${locationId}/contacts`, ADMIN, {
    name: 'Jo Reyes',
    phone: '5125550177',
  });
  expectStatus(contact, 201);
  const source = await e.post(`${entity}/quote-sources`, ADMIN, {
    code: `SRC_${randomBytes(3).toString('hex').toUpperCase()}`,
    name: 'Walk-ins',
  });
  expectStatus(source, 201);
  const rule = await db
    .selectFrom('commission_rules')
    .select('id')
    .where('entity_id', '=', tenant.entityId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const session = await e.get('/v1/one-inc-session', email);
  expectStatus(session, 200);
  const staff = await userWith(db, {
    entityCode: tenant.code,
    userType: 'external',
    privilegeCodes: ['quote_new'],
  });
  const staffUserId = await userIdOf(db, staff);

  return {
    tenant,
    petQuoteUuid: petQuote.uuid,
    pet: {
      matterId: policy.matterId,
      policyNumber: policy.policyNumber,
      customerId: policy.customerId,
      quoteUuid: policy.quoteUuid,
      documentId: await firstDocument(db, policy.policyNumber),
      claimId,
      fileId: MatterFileResponse.parse(uploaded.body).data.id,
      refundKey: await recordFailedRefund(db, { line: 'pet', policyNumber: policy.policyNumber }),
    },
    renters: {
      matterId: renters.matter_id,
      policyNumber: issued.policyNumber,
      customerId: renters.customer_id,
      ...payment,
      // The declarations page the sale generated.
      documentId: await firstDocument(db, issued.policyNumber),
      insuredId: record.additionalInsureds[0]!.id,
      refundKey: await recordFailedRefund(db, { line: 'renters', policyNumber: issued.policyNumber }),
    },
    rentersQuoteId: rentersQuote.id,
    locationId,
    contactId: ContactResponse.parse(contact.body).data.id,
    quoteSourceId: QuoteSourceResponse.parse(source.body).data.id,
    ruleId: rule.id,
    statementId: 0,
    overrideId: 0,
    paymentSessionId: (session.body as { data: { session_id: string } }).data.session_id,
    staffUserId,
    staffRoleId: (
      await db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', staffUserId)
        .executeTakeFirstOrThrow()
    ).role_id,
  };
}

// The month's statements of every owner (generated once after all the sales), each with an override, and
// a verified bank account per owner.
export async function addStatements(
  server: TestServer,
  e: EntityApi,
  owners: TenantRecords[],
): Promise<void> {
  const st = statementApi(e, () => server);
  await st.generate(businessMonth());
  for (const owner of owners) {
    const statement = await st.statementOf({ id: owner.tenant.entityId, code: owner.tenant.code });
    owner.statementId = statement.id;
    const override = await e.post(st.path(owner.tenant.entityId, statement.id, '/overrides'), ADMIN, {
      data: { amount: 5, type_code: 'CONTEST', note: null },
    });
    expectStatus(override, 201);
    owner.overrideId = (override.body as { data: { id: number } }).data.id;
    await st.verifyBankAccount(owner.tenant.entityId);
  }
}

export async function buildTenantWorld(server: TestServer, api: () => Api): Promise<TenantWorld> {
  const db = server.server.database.db;
  const e = entityApi(api);
  const tenants = new Map<string, Tenant>();
  for (const code of TENANT_CODES) tenants.set(code, await makeTenant(db, e, code));
  const records = new Map<string, TenantRecords>();
  for (const code of RECORD_OWNERS) records.set(code, await recordsOf(server, e, tenants.get(code)!));
  await addStatements(server, e, [...records.values()]);
  return { tenants, records };
}

// Row counts of every table a request could change (the log and the read tables), to show a refused
// request changed nothing. Sign-in bookkeeping is left out: the attackers sign in.
const UNCOUNTED = new Set(['login_attempts', 'session_families', 'refresh_tokens', 'kysely_migration']);

export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const names = tables.rows.map((r) => r.table_name).filter((name) => !UNCOUNTED.has(name));
  const union = names
    .map((name) => `select '${name}' as t, count(*)::int as n from "${name}"`)
    .join(' union all ');
  const counts = await sql<{ t: string; n: number }>`${sql.raw(union)}`.execute(db);
  const byTable = Object.fromEntries(counts.rows.map((r) => [r.t, r.n]));
  // Counting another schema's tables would make every comparison pass.
  expect(byTable.events, 'the events of the server’s own schema').toBeGreaterThan(0);
  return byTable;
}

// ----- Probes: one request naming a record, and what an outsider and the owner's parent must get -----

// How an outsider is refused: 403/404 ('refused'); the refusal an unknown customer or agency gets; a bulk
// command or report that matches nothing.
export type Outcome = 'refused' | 'customerRefusal' | 'agencyNotFound' | 'bulk' | 'reportWithout';

export interface Probe {
  // The route as the route table names it: 'METHOD /pattern'.
  route: string;
  path: string;
  body?: unknown;
  // A multipart upload of a small text file instead of a JSON body.
  upload?: boolean;
  outcome?: Outcome;
  // Setup intents and payment sessions belong to the user who opened them, not to the agency: only that
  // user passes the control.
  userOwned?: boolean;
  // Refused even with the asker's own ids (for a reason of its own): the control expects the refusal.
  ownRefused?: boolean;
}

export const probe = (route: string, path: string, body?: unknown, extra: Partial<Probe> = {}): Probe => ({
  route,
  path,
  body,
  ...extra,
});

// The quote, policy and renters routes (tenantIsolationPolicies) and all others (tenantIsolationAgencies):
// between them every route that takes an id has a probe.
export const isPolicyRoute = (route: string): boolean =>
  /^\w+ \/v[12]\/(quotes?|policies|matters|renters|one-inc-session|downloadReceipt)\b/.test(route);

// Reading a role is not probed here: tests/api/sharedRoles.test.ts and crossAgencyMatrix.test.ts try it
// (decision 012: an agency's role answers 404 outside its subtree, a house role is read by everyone). Saved table views belong to a user (decision 011); tableViews.test.ts and
// sharedViews.test.ts keep other users and agencies out of them. Daily work is no agency's: its routes are
// root administrators' only (jobsApi.test.ts, crossAgencyMatrix.test.ts). A session recording belongs to its
// user and is read by users of the root entity only (sessionRecordings.test.ts, crossAgencyMatrix.test.ts).
const UNOWNED =
  /^(GET \/v2\/roles\/|\w+ \/v2\/my\/table-views\/|POST \/v2\/jobs\/|\w+ \/v2\/session-recordings\/)/;

export async function sendProbe(
  s: SuiteServer,
  e: EntityApi,
  asker: Tenant,
  p: Probe,
  actingFor?: string,
): Promise<ApiResponse> {
  const file = new File(['plain text'], 'evil.txt', { type: 'text/plain' });
  return sendRouteRequest(s, await e.tokenOf(asker.email), p, file, actingFor);
}

// A request for one route's probe or case: its JSON body, or a multipart upload of `file` when it uploads.
export async function sendRouteRequest(
  s: SuiteServer,
  token: string,
  r: { route: string; path: string; body?: unknown; upload?: boolean },
  file: File,
  actingFor?: string,
): Promise<ApiResponse> {
  const method = r.route.split(' ')[0]!;
  // A label after '#' tells apart requests of one route (the quote actions).
  const path = r.path.replace(/#.*$/, '');
  if (!r.upload) return s.api.request(method, path, { token, body: r.body, actingFor });
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (actingFor) headers[AGENT_ENTITY_HEADER] = actingFor;
  const response = await fetch(`${s.t.url}${path}`, { method, headers, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: null };
}

// What an entity id that exists nowhere gets from POST /v2/bank-accounts.
const AGENCY_NOT_FOUND = JSON.stringify({
  message: 'Validation error.',
  errors: { 'data.entity_id': ['The agency was not found.'] },
});

// Why an answer to an outsider is not a refusal (null when it is one).
export function refusalFailure(p: Probe, response: ApiResponse, victim: TenantRecords): string | null {
  const { status, text } = response;
  const leaks = text.includes(victim.tenant.code);
  switch (p.outcome ?? 'refused') {
    case 'refused':
      return [403, 404].includes(status) ? null : `status ${status}`;
    case 'customerRefusal':
      return status === 200 && text.includes('"error":"The customer was not found."')
        ? null
        : 'customer shown';
    case 'agencyNotFound':
      return status === 422 && text === AGENCY_NOT_FOUND ? null : 'agency found';
    case 'bulk':
      return status === 200 && !leaks && text.includes('"affected":0,"matched":0')
        ? null
        : 'statement matched';
    case 'reportWithout':
      return status === 200 && !leaks ? null : 'statement reported';
  }
}

// Why an answer to the owner's parent is a refusal (null when it is not).
export function accessFailure(p: Probe, response: ApiResponse, owner: TenantRecords): string | null {
  const { status, text } = response;
  switch (p.outcome ?? 'refused') {
    case 'refused':
      return [403, 404].includes(status) ? `status ${status}` : null;
    case 'customerRefusal':
      return new RegExp(`"(customer_)?id":${owner.pet.customerId}\\b`).test(text) ? null : 'no customer';
    case 'agencyNotFound':
      return status === 200 ? null : `status ${status}`;
    case 'bulk':
      return text.includes('"matched":1') ? null : 'not matched';
    case 'reportWithout':
      return text.includes(owner.tenant.code) ? null : 'not reported';
  }
}

export type ProbesOf = (victim: TenantRecords, asker: Tenant) => Probe[];

// Routes of the server's table taking an id, among those `covers` selects, that no probe reaches.
export function unprobedRoutes(
  s: SuiteServer,
  world: TenantWorld,
  probesOf: ProbesOf,
  covers: (route: string) => boolean,
) {
  const probes = probesOf(world.records.get(NORTHWIND_AUSTIN)!, world.tenants.get(NORTHWIND)!);
  const probed = new Set(probes.map((p) => p.route));
  const routes = s.t.server.routes.map((r) => `${r.method} ${r.url}`);
  return {
    unprobed: routes.filter((r) => r.includes(':') && covers(r) && !UNOWNED.test(r) && !probed.has(r)),
    unknown: [...probed].filter((r) => !routes.includes(r)),
  };
}

// The property: an agency user (as themselves, or acting for their own entity or a child) sends every probe
// about a record of an agency outside their subtree; each is refused and no table changes.
export async function expectOutsidersRefused(
  s: SuiteServer,
  world: TenantWorld,
  probesOf: ProbesOf,
  numRuns: number,
): Promise<void> {
  const e = entityApi(() => s.api);
  const tenants = [...world.tenants.values()];
  const cases = tenants.flatMap((asker) =>
    [...world.records.values()]
      .filter((v) => !sees(asker, v.tenant))
      .flatMap((victim) =>
        [undefined, ...tenants.filter((t) => sees(asker, t)).map((t) => t.code)].map((actingFor) => ({
          asker: asker.code,
          victim: victim.tenant.code,
          actingFor,
        })),
      ),
  );
  const db = s.t.server.database.db;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...cases), async ({ asker, victim, actingFor }) => {
      const before = await tableCounts(db);
      const failures: string[] = [];
      const records = world.records.get(victim)!;
      for (const p of probesOf(records, world.tenants.get(asker)!)) {
        const response = await sendProbe(s, e, world.tenants.get(asker)!, p, actingFor);
        const failure = refusalFailure(p, response, records);
        if (failure) failures.push(`${p.route} ${p.path}: ${failure}: ${response.text.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
      expect(await tableCounts(db)).toEqual(before);
    }),
    { numRuns },
  );
}

// The control: Northwind's user reaches Austin's records through the same probes (and the owner their own
// setup intents and sessions), so the refusals above are about the tenant, not a malformed request.
export async function expectParentReaches(s: SuiteServer, world: TenantWorld, probesOf: ProbesOf) {
  const e = entityApi(() => s.api);
  const parent = world.tenants.get(NORTHWIND)!;
  const child = world.records.get(NORTHWIND_AUSTIN)!;
  const failures: string[] = [];
  for (const p of probesOf(child, parent)) {
    const response = await sendProbe(s, e, p.userOwned ? child.tenant : parent, p);
    const failure = accessFailure(p, response, child);
    if (failure) failures.push(`${p.route} ${p.path}: ${failure}: ${response.text.slice(0, 200)}`);
  }
  expect(failures).toEqual([]);
}
