import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entityApi } from '../../support/entityApi';
import { ADMIN, AGENT, HOUSE } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../../support/rentersPolicyFixtures';
import { newQuote, quoteApi } from '../../support/quoteApi';
import { useTestServer } from '../../support/suite';
import { testDatabases } from '../../support/testServer';

// SPEC §3 "Quote search row: id, referringEntity, createdAt, purchasedAt, customerName, city, stateCode,
// zipCode, phoneNumber, plus pet count, pet names and search metadata (matches on e-mail or phone)", §3's
// quote search criteria, §5 "query parameters with empty values are dropped" and §7 GET /v2/quotes with
// its /match variant. The quotes are made by the product's own helpers (quote creation has its own
// conformance test); the search is read as a SPEC client reads it, by SPEC's names and no schema of ours.
describe.each(testDatabases())('SPEC §3/§7 quote search, as a SPEC client reads it, on %s', (database) => {
  const s = useTestServer(database);
  const q = quoteApi(entityApi(() => s.api));

  const client = async () => (await s.api.login(AGENT)).accessToken;
  const get = async (token: string, path: string) => {
    const response = await s.api.get(path, { token });
    expect(response.status, response.text).toBe(200);
    return response.body as { data: Record<string, unknown>[]; meta: Record<string, unknown> };
  };

  it('answers rows by SPEC §3 names, filtered by its criteria, with blank parameters dropped', async () => {
    const lastName = `Sc${randomBytes(4).toString('hex')}`;
    const phone = `512${String(Date.now()).slice(-7)}`;
    const email = `${lastName.toLowerCase()}@example.test`;
    const made = await q.create({ ...newQuote, customer: { ...newQuote.customer, lastName, phone, email } });
    const token = await client();

    const page = await get(token, `/v2/quotes?filter[customerName]=${lastName}`);
    expect(page.meta).toMatchObject({ page: { number: 1, limit: 10, from: 1, to: 1 }, total: 1 });
    const row = page.data[0]!;
    for (const name of [
      'id',
      'referringEntity',
      'createdAt',
      'purchasedAt',
      'customerName',
      'city',
      'stateCode',
      'zipCode',
      'phoneNumber',
      'petCount',
      'petNames',
    ])
      expect(row, name).toHaveProperty(name);
    expect(Object.keys(row).filter((key) => key.includes('_'))).toEqual([]);
    expect(row).toMatchObject({
      id: made.uuid,
      customerName: `Ada ${lastName}`,
      city: 'Austin',
      stateCode: 'TX',
      zipCode: '78701',
      phoneNumber: phone,
      purchasedAt: null,
      petCount: 2,
      petNames: ['Rex', 'Tom'],
    });
    expect(row.referringEntity).toEqual({ entityCode: expect.any(String), entityName: expect.any(String) });
    // Quote timestamps are Central time (§9), with the offset of the instant.
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+-0[56]:00$/);

    // Every criterion of §3 by its name; a form's blank fields travel as empty values and are dropped.
    const today = String(row.createdAt).slice(0, 10);
    const criteria = [
      `filter[createdFrom]=${today}`,
      `filter[createdTo]=${today}`,
      `filter[emailAddress]=${email}`,
      `filter[customerName]=${lastName}`,
      `filter[phoneNumber]=${phone}`,
      'filter[stateCode]=TX',
      'filter[zip]=78701',
      'filter[policyNumber]=',
      'sort=',
    ].join('&');
    expect((await get(token, `/v2/quotes?${criteria}`)).data.map((r) => r.id)).toEqual([made.uuid]);

    // Search metadata: which of e-mail and phone matched.
    const matches = await get(token, `/v2/quotes/match?email=${email}&phone=`);
    expect(matches.data.map((r) => [r.id, r.matchedOn])).toEqual([[made.uuid, ['email']]]);
  });

  // §3 "Search criteria and paging": every criterion by its SPEC name on each search, the renters row, and
  // "Pagination request: page number, row limit. Response meta: page (number, from, to), total" with §9's
  // default of page 1 and 10 rows.
  it('takes every search criterion §3 names, answers the renters row by name, and pages as §3 and §9 say', async () => {
    const token = (await s.api.login(ADMIN)).accessToken;
    const lastName = `Sr${randomBytes(4).toString('hex')}`;
    const issue = rentersPolicyIssue({
      entityId: await entityIdOf(s.t.server.database.db, HOUSE),
      lastName,
      termInterval: 'annual',
    });
    await issueTestRentersPolicy(s.t.server.database.db, issue);
    const today = issue.effectiveDate;

    const renters = await get(
      token,
      `/v2/renters/policies?filter[full_name]=${lastName}&filter[email]=${issue.customer.email}` +
        `&filter[phone_number]=${issue.customer.phone}&filter[state]=TX&filter[date_type]=sold` +
        `&filter[date_from]=${today}&filter[date_to]=${today}&filter[policy_number]=RNT`,
    );
    expect(renters.meta).toMatchObject({ page: { number: 1, from: 1, to: 1 }, total: 1 });
    const row = renters.data[0]!;
    for (const name of [
      'full_name',
      'policy_number',
      'term_interval',
      'phone_number',
      'email',
      'city',
      'state',
      'sold_on',
      'effective_at',
      'status',
    ])
      expect(row, name).toHaveProperty(name);
    expect(row).toMatchObject({ email: issue.customer.email, term_interval: 'annual', state: 'TX' });

    const accepted: [string, string][] = [
      [
        '/v2/policies',
        'filter[policy_number]=PET&filter[email]=a@b.test&filter[full_name]=Smith&filter[phone_number]=512&filter[state]=TX' +
          `&filter[date_type]=purchase&filter[date_from]=${today}&filter[date_to]=${today}&filter[petName]=Rex&filter[initPaySuccessful]=true`,
      ],
      [
        '/v2/entities',
        'filter[entityCode]=1234&filter[entityName]=North&filter[typeCode]=AGENCY&filter[statusCode]=ACTIVE&filter[stateCode]=TX&sort=parentEntityCode',
      ],
      [
        '/v2/users',
        'filter[entityCode]=1234-5678-AB&filter[userName]=Casey&filter[emailAddress]=casey&filter[phoneNumber]=512&filter[roleName]=Agent',
      ],
      ['/v2/roles', 'filter[name]=Agent&filter[description]=quote'],
      [
        '/v2/commission-statements',
        'filter[date]=2026-11&filter[months]=3&filter[accountManager]=2&filter[stateCode]=TX&filter[paymentStatus]=Not Paid' +
          '&filter[reviewStatus]=Pending&filter[payoutFrequency]=MONTHLY&filter[payoutMethod]=ACH&filter[addedToAccounting]=true' +
          '&filter[minAmount]=0&filter[maxAmount]=1000&filter[paidOn]=2026-11-30&filter[downloadStatus]=not_downloaded',
      ],
      [
        '/v2/entities/2/commission-configs',
        'filter[eventCode]=NB&filter[stateCode]=TX&filter[speciesCode]=DOG&filter[businessType]=NEW&filter[calculationType]=PERCENT&filter[status]=active',
      ],
    ];
    for (const [path, query] of accepted) {
      const response = await s.api.get(`${path}?${query}`, { token });
      expect(response.status, `${path}: ${response.text}`).toBe(200);
    }

    // Paging: page 1 and 10 rows unless asked; a page and a limit by name; from and to count rows 1-based.
    const first = await get(token, '/v2/entities');
    expect(first.meta).toMatchObject({ page: { number: 1, limit: 10, from: 1, to: 10 } });
    const total = first.meta.total as number;
    expect(total).toBeGreaterThan(10);
    const second = await get(token, '/v2/entities?page=2&limit=5');
    expect(second.meta).toMatchObject({ page: { number: 2, limit: 5, from: 6, to: 10 }, total });
    expect(second.data).toHaveLength(5);
  });
});
