import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityApi } from '../support/entityApi';
import { LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import {
  buildTenantWorld,
  probe,
  sees,
  sendProbe,
  tableCounts,
  type Probe,
  type TenantRecords,
  type TenantWorld,
} from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';
import { businessDaysFromToday } from '../support/businessToday';

// Another agency's ids inside requests about the asker's own records: a sub-record id under the asker's own
// path, or an id in the body (the policy number of a change, a setup intent, a template entity, a user's or
// entity's new home, the agency quoted for, another user's payment token). Each is refused (403, 404 or
// 422) and no table changes, so no route takes a foreign id on trust because the path was the asker's.
const FUTURE = '2031-01-01';
const data = (d: unknown) => ({ data: d });
const inTenDays = businessDaysFromToday(10);
const RENTERS_CANCEL = {
  reason_code: 'MOVED_OUT',
  cancellation_method: 'PRO_RATA',
  cancel_date: inTenDays,
  commit: false,
};

function crossProbes(own: TenantRecords, v: TenantRecords): Probe[] {
  const entity = `/v2/entities/${own.tenant.entityId}`;
  const statement = `${entity}/commission-statements/${own.statementId}`;
  const renters = `/v2/renters/policies/${own.renters.matterId}`;
  const customer = `/v2/renters/customers/${own.renters.customerId}`;
  const pet = `/v2/matters/${own.pet.matterId}`;
  const start = {
    zip: '78701',
    startDate: FUTURE,
    customer: {
      firstName: 'Eve',
      lastName: 'Mallory',
      email: 'eve@example.test',
      phone: '5125550100',
      street: '1 Main St',
      city: 'Austin',
    },
    pets: [{ name: 'Rex', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' }],
  };
  return [
    probe('GET', `${pet}/documents/${v.pet.documentId}`),
    // A renters document under a pet matter: refused even to its owner.
    probe('GET', `${pet}/documents/${own.renters.documentId}`, undefined, { ownRefused: true }),
    probe('GET', `${pet}/files/${v.pet.fileId}`),
    probe('GET', `${pet}/claims/${v.pet.claimId}`),
    probe('GET', `${renters}/documents/${v.renters.documentId}`),
    probe('GET', `${customer}/policies/${v.renters.matterId}`),
    probe('GET', `/v2/renters/customers/${v.renters.customerId}/policies/${own.renters.matterId}`),
    probe('GET', `${customer}/payment_accounts/${v.renters.accountId}/payment_methods/${v.renters.methodId}`),
    probe(
      'GET',
      `${customer}/payment_accounts/${own.renters.accountId}/payment_methods/${v.renters.methodId}`,
    ),
    probe('GET', `${customer}/payment_accounts/${v.renters.accountId}/payment_methods/setup-intent`),
    probe('POST', `${customer}/payment_accounts/${own.renters.accountId}/payment_methods`, {
      data: { setup_intent_id: v.renters.setupIntentId },
    }),
    probe('POST', `${renters}/cancel`, data({ ...RENTERS_CANCEL, policy_number: v.renters.policyNumber })),
    // No probe for DELETE additional-insureds: an additional insured is named by its number on the policy the
    // path names (SPEC §7 "delete body is an id number"), so no id of it can reach another agency's record.
    probe('POST', '/v2/renters/quotes', {
      property: { line_1: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' },
      effective_date: FUTURE,
      rewrite_of: v.renters.policyNumber,
    }),
    probe('POST', `/v2/renters/quotes/${own.rentersQuoteId}/payment-method`, {
      token: v.tenant.paymentToken,
      billing_zip_code: '78701',
    }),
    probe('POST', '/v1/quote/action', {
      method: 'POST',
      action: 'createQuote',
      data: start,
      meta: { agent: { entityCode: v.tenant.code } },
    }),
    probe('POST', '/v1/quote/action', {
      method: 'POST',
      action: 'purchase',
      data: {
        uuid: own.petQuoteUuid,
        requestId: randomUUID(),
        customer: { ...start.customer, street2: null },
        electronicDeliveryConsent: true,
        termsAccepted: true,
        paymentPeriod: 'MONTHLY',
        payment: { token: v.tenant.paymentToken },
      },
    }),
    probe('GET', `${entity}/commission-statements/${v.statementId}`),
    probe('GET', `${statement}/overrides/${v.overrideId}`),
    probe('PATCH', `${statement}/overrides/${v.overrideId}`, data({ amount: 9 })),
    probe('DELETE', `${statement}/overrides/${v.overrideId}`),
    probe('PATCH', `${entity}/locations/${v.locationId}`, { name: 'Evil branch' }),
    probe('POST', `${entity}/locations/${v.locationId}/contacts`, { name: 'Eve', phone: '5125550100' }),
    probe('PATCH', `${entity}/locations/${own.locationId}/contacts/${v.contactId}`, { name: 'Eve' }),
    probe('DELETE', `${entity}/locations/${own.locationId}/contacts/${v.contactId}`),
    probe('PATCH', `${entity}/quote-sources/${v.quoteSourceId}`, { name: 'Evil' }),
    probe('PATCH', `${entity}/commission-configs/${v.ruleId}`, data({ pay_multiplier: 99, version: 1 })),
    probe('POST', `${entity}/commission-configs/${v.ruleId}/expire`, data({})),
    // An entity may not copy its own rules either: the control shows the body is well formed.
    probe(
      'POST',
      `${entity}/commission-configs/generate`,
      { data: { template_entity_id: v.tenant.entityId, effective_date: FUTURE } },
      { ownRefused: true },
    ),
    probe('POST', '/v2/users', {
      fname: 'Eve',
      lname: 'Mallory',
      email: `eve.${randomUUID().slice(0, 8)}@example.test`,
      entity: v.tenant.code,
    }),
    probe('PATCH', `/v2/users/${own.staffUserId}`, { entity: v.tenant.code }),
    probe('POST', '/v2/entities', {
      entity_code: `9${String(Date.now()).slice(-3)}-0000-ZZ`,
      entity_name: 'Evil Agency',
      master_entity_id: v.tenant.entityId,
      type_code: 'AGENCY',
    }),
    // Nor be its own parent. (Naming the parent it has already changes nothing and answers 200.)
    ...(sees(v.tenant, own.tenant) && v !== own
      ? []
      : [probe('PATCH', entity, { master_entity_id: v.tenant.entityId }, { ownRefused: true })]),
  ];
}

describe.each(testDatabases())(
  'another agency’s ids in requests about one’s own records on %s',
  (database) => {
    const s = useTestServer(database);
    const e = entityApi(() => s.api);
    let world: TenantWorld;

    beforeAll(async () => {
      world = await buildTenantWorld(s.t, () => s.api);
    }, 120_000);

    it('refuses every request that reaches a foreign record through one’s own, changing nothing', async () => {
      const owners = [...world.records.values()];
      const pairs = owners.flatMap((own) =>
        owners
          .filter((v) => !sees(own.tenant, v.tenant))
          .map((v) => ({ own: own.tenant.code, victim: v.tenant.code })),
      );
      const db = s.t.server.database.db;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...pairs), async (pair) => {
          const own = world.records.get(pair.own)!;
          const before = await tableCounts(db);
          const failures: string[] = [];
          for (const p of crossProbes(own, world.records.get(pair.victim)!)) {
            const response = await sendProbe(s, e, own.tenant, p);
            if (![403, 404, 422].includes(response.status))
              failures.push(`${p.route} ${p.path}: ${response.status} ${response.text.slice(0, 200)}`);
          }
          expect(failures).toEqual([]);
          expect(await tableCounts(db)).toEqual(before);
        }),
        { numRuns: 15 },
      );
    });

    // The control: the same requests with the asker's own ids pass (or fail for a reason of their own),
    // so the refusals above are about the foreign id.
    it('accepts the same requests with the asker’s own ids', async () => {
      const own = world.records.get(LAKESIDE)!;
      const failures: string[] = [];
      for (const p of crossProbes(own, own)) {
        const response = await sendProbe(s, e, own.tenant, p);
        const refused = [403, 404, 422].includes(response.status);
        if (refused !== Boolean(p.ownRefused))
          failures.push(`${p.route} ${p.path}: ${response.status} ${response.text.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    });
  },
);
