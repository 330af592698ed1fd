import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entityApi } from '../../support/entityApi';
import { AGENT } from '../../support/personas';
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
});
