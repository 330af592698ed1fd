import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/suite';
import {
  buildTenantWorld,
  expectOutsidersRefused,
  expectParentReaches,
  isPolicyRoute,
  probe,
  unprobedRoutes,
  type Probe,
  type TenantRecords,
  type TenantWorld,
} from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';

// Entities with their locations, settings and commission (rules, statements, overrides, bank accounts) and
// users, by id: an agency user holding every grantable privilege, asking about another agency's record,
// gets 403 or 404 (or the answer an unknown id gets; bulk commands and reports that match nothing) and
// changes nothing; Northwind's user reaches Austin's records through the same requests.
const data = (d: unknown) => ({ data: d });
const FUTURE = '2031-01-01';
const RULE = {
  business_type: 'NEW',
  calculation_type: 'PERCENT',
  event_code: 'NB',
  state_codes: ['TX'],
  species: 'DOG',
  pay_multiplier: 99,
  effective_date: FUTURE,
};

function entityProbes(v: TenantRecords): Probe[] {
  const entity = `/v2/entities/${v.tenant.entityId}`;
  const location = `${entity}/locations/${v.locationId}`;
  const rules = `${entity}/commission-configs`;
  const statement = `${entity}/commission-statements/${v.statementId}`;
  const override = `${statement}/overrides/${v.overrideId}`;
  // e('POST /locations', …) probes the route 'POST /v2/entities/:entityId/locations'.
  const e = (route: string, path: string, body?: unknown) =>
    probe(`${route.split(' ')[0]} /v2/entities/:entityId${route.split(' ')[1] ?? ''}`, path, body);
  return [
    e('GET', entity),
    e('PATCH', entity, { dba: 'Mallory Pets' }),
    e('GET /history', `${entity}/history`),
    e('GET /locations', `${entity}/locations`),
    e('POST /locations', `${entity}/locations`, {
      loc_type: 'BRANCH',
      name: 'Evil branch',
      address_1: '1 Evil St',
      city: 'Austin',
      state_code: 'TX',
      zip: '78701',
    }),
    e('PATCH /locations/:locationId', location, { name: 'Evil branch' }),
    e('POST /locations/:locationId/contacts', `${location}/contacts`, { name: 'Eve', phone: '5125550100' }),
    e('PATCH /locations/:locationId/contacts/:contactId', `${location}/contacts/${v.contactId}`, {
      name: 'Eve',
    }),
    e('GET /attributes', `${entity}/attributes`),
    e('PATCH /attributes', `${entity}/attributes`, { attributes: [{ attrib_id: 28, attrib_value: '1' }] }),
    e('GET /underwriting-questions', `${entity}/underwriting-questions`),
    e('PATCH /underwriting-questions', `${entity}/underwriting-questions`, { underwritingQuestionIds: [1] }),
    e('GET /quote-sources', `${entity}/quote-sources`),
    e('POST /quote-sources', `${entity}/quote-sources`, { code: 'EVIL', name: 'Evil' }),
    e('PATCH /quote-sources/:quoteSourceId', `${entity}/quote-sources/${v.quoteSourceId}`, { name: 'Evil' }),
    e('GET /discount-state-availabilities', `${entity}/discount-state-availabilities`),
    e('POST /discount-state-availabilities', `${entity}/discount-state-availabilities`, {
      state_codes: ['TX'],
    }),
    e('GET /commission-configs', rules),
    e('POST /commission-configs', rules, data(RULE)),
    e('PATCH /commission-configs/:ruleId', `${rules}/${v.ruleId}`, data({ pay_multiplier: 99, version: 1 })),
    e('POST /commission-configs/:ruleId/expire', `${rules}/${v.ruleId}/expire`, data({})),
    e('POST /commission-configs/generate', `${rules}/generate`, data({ effective_date: FUTURE })),
    e('POST /commission-configs/batch', `${rules}/batch`, { data: [RULE] }),
    e('POST /commission-configs/impact', `${rules}/impact`, data(RULE)),
    e(
      'POST /commission-configs/:ruleId/impact',
      `${rules}/${v.ruleId}/impact`,
      data({ pay_multiplier: 99, version: 1 }),
    ),
    e('GET /commission-statements', `${entity}/commission-statements`),
    e('GET /commission-statements/:statementId', statement),
    e('POST /commission-statements/:statementId/approve', `${statement}/approve`, data({})),
    e('POST /commission-statements/:statementId/recalculate', `${statement}/recalculate`, data({})),
    e('POST /commission-statements/:statementId/unapprove', `${statement}/unapprove`, data({})),
    e('POST /commission-statements/:statementId/mark-paid', `${statement}/mark-paid`, data({})),
    e('POST /commission-statements/:statementId/mark-unpaid', `${statement}/mark-unpaid`, data({})),
    e('GET /commission-statements/:statementId/download', `${statement}/download?format=csv`),
    e('GET /commission-statements/:statementId/overrides', `${statement}/overrides`),
    e(
      'POST /commission-statements/:statementId/overrides',
      `${statement}/overrides`,
      data({ amount: 9, type_code: 'CONTEST', note: null }),
    ),
    e('GET /commission-statements/:statementId/overrides/:overrideId', override),
    e('PATCH /commission-statements/:statementId/overrides/:overrideId', override, data({ amount: 9 })),
    e('GET /bank-accounts', `${entity}/bank-accounts`),
    probe(
      'POST /v2/bank-accounts',
      '/v2/bank-accounts',
      {
        data: {
          entity_id: v.tenant.entityId,
          routing_number: '021000021',
          account_number: '123456789012',
          holder_name: 'Mallory LLC',
          account_type: 'checking',
        },
      },
      { outcome: 'agencyNotFound' },
    ),
    ...['approve', 'unapprove', 'mark-paid', 'mark-unpaid'].map((name) =>
      probe(
        `POST /v2/commission-statements/${name}`,
        `/v2/commission-statements/${name}`,
        { ids: [v.statementId] },
        { outcome: 'bulk' },
      ),
    ),
    probe(
      'POST /v2/commission-payment-reports',
      '/v2/commission-payment-reports',
      { ids: [v.statementId] },
      { outcome: 'reportWithout' },
    ),
    e('DELETE /commission-statements/:statementId/overrides/:overrideId', override),
    e('DELETE /locations/:locationId/contacts/:contactId', `${location}/contacts/${v.contactId}`),
    e('DELETE /locations/:locationId', location),
  ];
}

function userProbes(v: TenantRecords): Probe[] {
  const user = `/v2/users/${v.staffUserId}`;
  const password = 'Tenant-Isolation-Probe-2026!';
  return [
    probe('GET /v2/users/:id', user),
    probe('PATCH /v2/users/:id', user, { fname: 'Mallory' }),
    probe('GET /v2/users/:id/history', `${user}/history`),
    probe('PUT /v2/users/:id/password', `${user}/password`, { password, password_confirmation: password }),
    probe('POST /v2/users/:id/password-reset', `${user}/password-reset`),
    probe('POST /v2/users/:id/deactivate', `${user}/deactivate`),
    probe('POST /v2/users/:id/reactivate', `${user}/reactivate`),
    probe('DELETE /v2/users/:id', user),
    // A role only the owner's user holds: global, but not the outsider's to change.
    probe('PATCH /v2/roles/:roleId', `/v2/roles/${v.staffRoleId}`, { role_desc: 'Mallory was here' }),
    probe('DELETE /v2/roles/:roleId', `/v2/roles/${v.staffRoleId}`),
    // Last: the control deactivates the owner's entity.
    probe('DELETE /v2/entities/:entityId', `/v2/entities/${v.tenant.entityId}`),
  ];
}

const probesOf = (victim: TenantRecords): Probe[] => [...entityProbes(victim), ...userProbes(victim)];

describe.each(testDatabases())(
  'tenant isolation of agencies, commission and users by id on %s',
  (database) => {
    const s = useTestServer(database);
    let world: TenantWorld;

    beforeAll(async () => {
      world = await buildTenantWorld(s.t, () => s.api);
    }, 120_000);

    it('has a probe for every entity, commission and user route that takes an id', () => {
      expect(unprobedRoutes(s, world, probesOf, (route) => !isPolicyRoute(route))).toEqual({
        unprobed: [],
        unknown: [],
      });
    });

    it('refuses every probe about a record of an agency outside the asker’s subtree, changing nothing', async () => {
      await expectOutsidersRefused(s, world, probesOf, 10);
    });

    it('lets the parent agency reach its child’s records through the same probes', async () => {
      await expectParentReaches(s, world, probesOf);
    });
  },
);
