import { describe, expect, it } from 'vitest';
import { HistoryResponse } from '../../src/api/schemas/history';
import { PolicyViewResponse } from '../../src/api/schemas/policies';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, userWith, type EntityApi } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import { JOURNEY_PETS, quoteAtStep } from '../support/journeyQuotes';
import { ACCOUNTING, ADMIN, AGENT, INTERNAL, LAKESIDE, MANAGER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The policies a purchase through the API issued (one per pet), in the pets' order.
async function purchased(e: EntityApi, db: Db, email = AGENT) {
  const quote = await quoteAtStep(e, email, 'thankYou');
  const policies = await db
    .selectFrom('policies')
    .select(['policy_number', 'matter_id'])
    .where('quote_uuid', '=', quote.uuid)
    .orderBy('matter_id')
    .execute();
  return { quote, policies };
}

function centralToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

// GET /v2/policies/{matterId} and GET /v2/policies/events (issue 5; SPEC §3 "Policy detail").
describe.each(testDatabases())('policy view on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  it('shows summary, policyholder, pet, coverage and what may be done, with the customer’s matter ids', async () => {
    const { quote, policies } = await purchased(e, db());
    expect(policies).toHaveLength(JOURNEY_PETS.length);
    const first = policies[0]!;
    for (const email of [AGENT, MANAGER, INTERNAL, ADMIN]) {
      const response = await e.get(`/v2/policies/${first.matter_id}?term=current`, email);
      expectStatus(response, 200);
    }
    const view = PolicyViewResponse.parse((await e.get(`/v2/policies/${first.matter_id}`, AGENT)).body).data;
    const today = centralToday();
    expect(view.matterId).toBe(first.matter_id);
    expect(view.customerMatterIds).toEqual(policies.map((p) => p.matter_id));
    // Named for the screen's links, so it need not fetch each policy to name it.
    expect(view.customerPolicies).toEqual(
      policies.map((p, i) => ({
        matterId: p.matter_id,
        policyNumber: p.policy_number,
        petName: JOURNEY_PETS[i]!.name,
      })),
    );
    expect(view.version).toBeGreaterThanOrEqual(1);
    expect(view.summary).toMatchObject({
      policyNumber: first.policy_number,
      termType: 'ANNUAL',
      status: 'ACTIVE',
      effectiveDate: today,
      inceptionDate: today,
      cancellationEffectiveDate: null,
      entityCode: '1234-5678-AC',
    });
    expect(view.summary.expirationDate).toBe(
      `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'),
    );
    expect(view.summary.entityName).toMatch(/Northwind/);
    expect(view.policyholder).toMatchObject({
      customerId: quote.customer_id!,
      firstName: quote.customer!.first_name,
      lastName: quote.customer!.last_name,
      email: quote.customer!.email,
      phone: quote.customer!.phone,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    const rex = JOURNEY_PETS[0];
    expect(view.pet).toEqual({
      name: rex.name,
      species: rex.species,
      gender: rex.gender,
      breed: rex.breedName,
      ageAtInception: rex.age,
      withUsSince: today,
    });
    expect(view.coverage.annualPremium).toBeGreaterThan(0);
    expect(view.coverage.copay).toBe(100 - view.coverage.reimbursement);
    expect(view.coverage.deductible).toBeGreaterThanOrEqual(0);
    expect(view.can).toEqual({ cancel: true, edit: true });
  });

  it('is 404 outside the caller’s scope or unknown, 422 for a malformed id, 403 without quote_policy', async () => {
    const { policies } = await purchased(e, db());
    const matterId = policies[0]!.matter_id;
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    expectStatus(await e.get(`/v2/policies/${matterId}`, lakeside), 404);
    expectStatus(await e.get('/v2/policies/999999999', AGENT), 404);
    expectStatus(await e.get('/v2/policies/0', AGENT), 404);
    for (const bad of ['abc', '-1', '1.5', '12345678901']) {
      const response = await e.get(`/v2/policies/${bad}`, AGENT);
      expect(expectValidationError(response, ['matterId']).errors.matterId).toEqual([
        'matterId must be an integer number',
      ]);
    }
    expectValidationError(await e.get(`/v2/policies/${matterId}?term=previous`, AGENT), ['term']);
    expectStatus(await e.get(`/v2/policies/${matterId}`, ACCOUNTING), 403);
    const noPolicy = await userWith(db(), {
      entityCode: '1234-5678-AC',
      userType: 'external',
      privilegeCodes: ['quote_new', 'quote_search'],
    });
    expectStatus(await e.get(`/v2/policies/${matterId}`, noPolicy), 403);
    expect((await s.api.get(`/v2/policies/${matterId}`)).status).toBe(401);
  });

  it('lists the policy’s events newest first with who and when, in scope only', async () => {
    const { policies } = await purchased(e, db());
    const number = policies[0]!.policy_number;
    const response = await e.get(`/v2/policies/events?policyNumber=${number}`, MANAGER);
    expectStatus(response, 200);
    const events = HistoryResponse.parse(response.body).data;
    expect(events.at(-1)).toMatchObject({ version: 1, type: 'policy.issued' });
    expect(events.at(-1)!.actor?.name).toBeTruthy();
    expect(events.map((x) => x.version)).toEqual([...events.map((x) => x.version)].sort((a, b) => b - a));
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    expectStatus(await e.get(`/v2/policies/events?policyNumber=${number}`, lakeside), 404);
    expectValidationError(await e.get('/v2/policies/events?policyNumber=123', AGENT), ['policyNumber']);
    expectStatus(await e.get(`/v2/policies/events?policyNumber=${number}`, ACCOUNTING), 403);
  });
});
