import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectValidationError, type ApiResponse } from '../support/http';
import { AGENT, LAKESIDE, MANAGER, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { newQuote, quoteApi, uniqueCustomer } from '../support/quoteApi';
import { entityIdOf, userIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { rentersCoverage, rentersQuoteApi, rentersStart } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { tableCounts } from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';
import { businessMonth } from '../support/businessToday';

// Fields a role may not set, sent by agency users to the create and update routes they can call: the
// request is refused with 422 naming the field (every request schema is strict) and nothing is stored; the
// same request without the field passes. Then the fields agency users may send but not with every value:
// read-only and internal entity settings, the administrator flag, roles above the sender's own, and the
// back-office writes (entity fields, commission, statements) that their roles do not reach at all.

// Names that smuggle status, money, ownership or privileges.
const SMUGGLED = [
  'status',
  'status_code',
  'statusCode',
  'step',
  'journey_state',
  'commission',
  'commissionRate',
  'commission_rate',
  'pay_multiplier',
  'premium',
  'total_premium',
  'discount',
  'entityId',
  'entity_id',
  'entity_code',
  'entityCode',
  'agentEntityCode',
  'master_entity_id',
  'customerId',
  'policy_number',
  'isAdmin',
  'is_admin',
  'roles',
  'roleIds',
  'privilegeCodes',
  'userType',
  'user_type',
  'is_enabled',
  'email_verified_at',
  'created_by',
] as const;

const smuggledValue = fc.oneof(
  fc.constantFrom<unknown>('ACTIVE', 'PAID', 'root_admin', ['root_admin'], true, 100, 0, LAKESIDE, null),
  fc.integer({ min: 1, max: 10 }),
);

interface Target {
  what: string;
  email: () => string;
  method: string;
  path: () => string;
  body: () => Record<string, unknown>;
  // Where an extra field may go: '' is the body itself, else a dotted path to an object inside it.
  places: string[];
  // Fields the route takes (with values the sender may not choose, tested below).
  own: readonly string[];
  // The status of the same request without the extra field.
  ok: number;
}

function withField(body: Record<string, unknown>, place: string, name: string, value: unknown) {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of place ? place.split('.') : []) at = at[key] as Record<string, unknown>;
  at[name] = value;
  return { copy, field: [place, name].filter(Boolean).join('.') };
}

describe.each(testDatabases())('mass assignment on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const ids = { petMatter: 0, rentersMatter: 0, staffUser: 0, northwind: 0, austin: 0 };
  const quotes = { pet: '', petId: '', renters: '' };
  let userAdmin = '';

  const request = async (t: Target, body: unknown): Promise<ApiResponse> =>
    s.api.request(t.method, t.path(), { token: await e.tokenOf(t.email()), body });

  beforeAll(async () => {
    ids.northwind = await entityIdOf(db(), NORTHWIND);
    ids.austin = await entityIdOf(db(), NORTHWIND_AUSTIN);
    ids.petMatter = (await purchasePolicies(s.t, { email: AGENT })).policies[0]!.matterId;
    const renters = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: ids.northwind }));
    ids.rentersMatter = (
      await db()
        .selectFrom('renters_policies')
        .select('matter_id')
        .where('policy_number', '=', renters.policyNumber)
        .executeTakeFirstOrThrow()
    ).matter_id;
    // A user administrator of Northwind who holds the Agent role's privileges, so may give that role.
    userAdmin = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: [
        'admin_user',
        'quote_new',
        'quote_search',
        'quote_policy',
        'renters_qt_create',
        'renters_policy_srch',
      ],
    });
    const staff = await userWith(db(), {
      entityCode: NORTHWIND_AUSTIN,
      userType: 'external',
      privilegeCodes: ['quote_new'],
    });
    ids.staffUser = await userIdOf(db(), staff);
    // Quotes at their coverage steps, where premiums and discounts are chosen.
    const q = quoteApi(e);
    const pet = await q.create({ ...newQuote, customer: uniqueCustomer(), pets: [newQuote.pets[0]] });
    await q.command('answerUnderwriting', await q.answers(pet));
    quotes.pet = pet.uuid;
    quotes.petId = pet.pets[0]!.id;
    quotes.renters = (await rentersQuoteApi(e).start()).id;
  }, 120_000);

  const roleId = async (name: string) =>
    (await db().selectFrom('roles').select('id').where('role_name', '=', name).executeTakeFirstOrThrow()).id;

  const targets: Target[] = [
    {
      what: 'a pet quote',
      email: () => AGENT,
      method: 'POST',
      path: () => '/v1/quote/action',
      body: () => ({
        method: 'POST',
        action: 'createQuote',
        data: { ...newQuote, customer: uniqueCustomer() },
      }),
      places: ['', 'data', 'data.customer', 'data.pets.0'],
      own: [],
      ok: 200,
    },
    {
      what: 'a pet quote’s coverage',
      email: () => AGENT,
      method: 'POST',
      path: () => '/v1/quote/action',
      body: () => ({
        method: 'POST',
        action: 'chooseCoverage',
        data: { uuid: quotes.pet, pets: [{ petId: quotes.petId }] },
      }),
      places: ['data', 'data.pets.0'],
      own: [],
      ok: 200,
    },
    {
      what: 'a renters quote’s coverage',
      email: () => AGENT,
      method: 'POST',
      path: () => `/v2/renters/quotes/${quotes.renters}/coverage`,
      body: () => structuredClone(rentersCoverage),
      places: ['', 'coverage', 'coverage.contents'],
      own: [],
      ok: 200,
    },
    {
      what: 'a renters quote',
      email: () => AGENT,
      method: 'POST',
      path: () => '/v2/renters/quotes',
      body: () => rentersStart(),
      places: ['', 'property', 'interested_party'],
      own: [],
      ok: 200,
    },
    {
      what: 'a pet policyholder edit',
      email: () => AGENT,
      method: 'PATCH',
      path: () => `/v2/policies/${ids.petMatter}/policyholder`,
      body: () => ({ data: { reason: 'Moved', city: 'Round Rock' } }),
      places: ['', 'data'],
      own: [],
      ok: 200,
    },
    {
      what: 'a renters primary contact edit',
      email: () => MANAGER,
      method: 'POST',
      path: () => `/v2/renters/policies/${ids.rentersMatter}/contacts`,
      body: () => ({ data: { number: '5125550142' } }),
      places: ['', 'data'],
      own: [],
      ok: 200,
    },
    {
      what: 'one’s own profile',
      email: () => AGENT,
      method: 'PATCH',
      path: () => '/v2/my/profile',
      body: () => ({ firstName: 'Alex' }),
      places: [''],
      own: [],
      ok: 200,
    },
    {
      what: 'the agency’s own settings',
      email: () => MANAGER,
      method: 'PATCH',
      path: () => `/v2/entities/${ids.northwind}/attributes`,
      body: () => ({ attributes: [{ attrib_id: 34, attrib_value: '30' }] }),
      places: ['', 'attributes.0'],
      own: [],
      ok: 200,
    },
    {
      what: 'a user of the agency',
      email: () => userAdmin,
      method: 'PATCH',
      path: () => `/v2/users/${ids.staffUser}`,
      body: () => ({ fname: 'Sam' }),
      places: [''],
      own: ['entity', 'roles', 'is_admin'],
      ok: 200,
    },
    {
      what: 'a new user of the agency',
      email: () => userAdmin,
      method: 'POST',
      path: () => '/v2/users',
      body: () => ({
        fname: 'Sam',
        lname: 'Lee',
        email: `sam.${randomUUID().slice(0, 8)}@example.test`,
        entity: NORTHWIND_AUSTIN,
      }),
      places: [''],
      own: ['entity', 'roles', 'is_admin'],
      ok: 201,
    },
  ];

  it.each(targets.map((t) => [t.what, t] as const))(
    'passes %s without extra fields (the control)',
    async (_what, t) => {
      expectStatus(await request(t, t.body()), t.ok);
    },
  );

  it('refuses a field the role may not set with 422 on each, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.constantFrom(...SMUGGLED),
        smuggledValue,
        fc.nat(),
        async (t, name, value, pick) => {
          fc.pre(!t.own.includes(name));
          const { copy, field } = withField(t.body(), t.places[pick % t.places.length]!, name, value);
          const before = await tableCounts(db());
          const response = await request(t, copy);
          const body = expectValidationError(response, [field]);
          expect(body.errors[field]).toEqual([`The ${name} field is not allowed.`]);
          expect(await tableCounts(db())).toEqual(before);
        },
      ),
      { numRuns: 40 },
    );
  });

  // Settings only entity administrators change (read-only) or see (internal), from the attribute catalogue.
  const READ_ONLY = [28, 30, 31, 32, 38, 39];
  const INTERNAL = [44, 45];
  const settingsOf = (entityId: number) =>
    db()
      .selectFrom('entity_attributes')
      .select(['attrib_id', 'attrib_value', 'data_url'])
      .where('entity_id', '=', entityId)
      .orderBy('attrib_id')
      .execute();

  it('refuses the agency manager any read-only or internal setting, in any mix, saving none of the request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(NORTHWIND, NORTHWIND_AUSTIN),
        fc.uniqueArray(fc.constantFrom(...READ_ONLY, ...INTERNAL), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('1', '0', 'TX', '99', 'EVIL-1'),
        fc.boolean(),
        async (code, refused, value, withEditable) => {
          const entityId = code === NORTHWIND ? ids.northwind : ids.austin;
          const before = await settingsOf(entityId);
          const stored = new Map(before.map((row) => [row.attrib_id, row.attrib_value]));
          const changing = refused.filter((id) => stored.get(id) !== value);
          fc.pre(changing.length > 0);
          const attributes: { attrib_id: number; attrib_value: string }[] = refused.map((id) => ({
            attrib_id: id,
            attrib_value: value,
          }));
          if (withEditable) attributes.push({ attrib_id: 34, attrib_value: String(40 + refused.length) });
          const response = await e.patch(`/v2/entities/${entityId}/attributes`, MANAGER, { attributes });
          expectValidationError(
            response,
            changing.map((id) => `attributes.${id}`),
          );
          expect(await settingsOf(entityId)).toEqual(before);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses a user administrator the administrator flag and roles above their own, storing nothing', async () => {
    const [administrator, accounting, agent] = [
      await roleId('Administrator'),
      await roleId('Accounting'),
      await roleId('Agent'),
    ];
    const selfId = await userIdOf(db(), userAdmin);
    const newUser = (extra: Record<string, unknown>) => ({
      fname: 'Sam',
      lname: 'Lee',
      email: `sam.${randomUUID().slice(0, 8)}@example.test`,
      entity: NORTHWIND_AUSTIN,
      ...extra,
    });
    const attempts: [string, string, unknown, string][] = [
      ['POST', '/v2/users', newUser({ is_admin: true }), 'is_admin'],
      ['POST', '/v2/users', newUser({ roles: [administrator] }), 'roles'],
      ['POST', '/v2/users', newUser({ roles: [agent, accounting] }), 'roles'],
      ['PATCH', `/v2/users/${ids.staffUser}`, { is_admin: true }, 'is_admin'],
      ['PATCH', `/v2/users/${ids.staffUser}`, { roles: [administrator] }, 'roles'],
      ['PATCH', `/v2/users/${ids.staffUser}`, { roles: [accounting] }, 'roles'],
      ['PATCH', `/v2/users/${selfId}`, { roles: [agent] }, 'roles'],
      ['PATCH', `/v2/users/${selfId}`, { entity: NORTHWIND_AUSTIN }, 'entity'],
      ['PATCH', `/v2/users/${selfId}`, { is_admin: true }, 'is_admin'],
    ];
    const before = await tableCounts(db());
    for (const [method, path, body, field] of attempts) {
      const response = await s.api.request(method, path, { token: await e.tokenOf(userAdmin), body });
      expectValidationError(response, [field]);
    }
    expect(await tableCounts(db())).toEqual(before);
    // The control: the role the administrator holds every privilege of is theirs to give.
    const given = await s.api.request('POST', '/v2/users', {
      token: await e.tokenOf(userAdmin),
      body: newUser({ roles: [agent] }),
    });
    expectStatus(given, 201);
  });

  it('refuses the agency manager the back-office writes: entity fields, commission, statements, bank accounts', async () => {
    const rule = await db()
      .selectFrom('commission_rules')
      .select(['id', 'version'])
      .where('entity_id', '=', ids.austin)
      .executeTakeFirstOrThrow();
    const RULE = {
      business_type: 'NEW',
      calculation_type: 'PERCENT',
      event_code: 'NB',
      state_codes: ['TX'],
      species: 'DOG',
      pay_multiplier: 50,
      effective_date: '2031-01-01',
    };
    const writes: [string, string, unknown][] = [
      ['PATCH', `/v2/entities/${ids.northwind}`, { payout_method: 'RTP' }],
      ['PATCH', `/v2/entities/${ids.austin}`, { can_quote: true, added_to_accounting: true }],
      ['POST', `/v2/entities/${ids.austin}/commission-configs`, { data: RULE }],
      [
        'PATCH',
        `/v2/entities/${ids.austin}/commission-configs/${rule.id}`,
        { data: { pay_multiplier: 50, version: rule.version } },
      ],
      [
        'POST',
        `/v2/entities/${ids.austin}/commission-configs/generate`,
        { data: { effective_date: '2031-01-01' } },
      ],
      ['POST', '/v2/commission-statements/generate', { data: { month: businessMonth() } }],
      ['POST', '/v2/commission-statements/approve', { filter: {} }],
      ['POST', '/v2/commission-statements/mark-paid', { filter: {} }],
      [
        'POST',
        '/v2/bank-accounts',
        {
          data: {
            entity_id: ids.northwind,
            routing_number: '021000021',
            account_number: '123456789012',
            holder_name: 'Northwind',
            account_type: 'checking',
          },
        },
      ],
      [
        'POST',
        '/v2/users',
        { fname: 'Sam', lname: 'Lee', email: 'sam.manager@example.test', entity: NORTHWIND },
      ],
      ['PATCH', `/v2/users/${ids.staffUser}`, { fname: 'Sam' }],
    ];
    const before = await tableCounts(db());
    for (const [method, path, body] of writes) {
      const response = await s.api.request(method, path, { token: await e.tokenOf(MANAGER), body });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(403);
    }
    expect(await tableCounts(db())).toEqual(before);
  });
});
