import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PolicyExportQuery,
  PolicySearchResponse,
  type PolicySearchRow,
} from '../../src/api/schemas/policySearch';
import { csvLine } from '../../src/server/domain/documents/csv';
import {
  POLICY_CSV_HEADER,
  policyCsvRow,
  policyExportCsv,
} from '../../src/server/domain/policies/policyExport';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { centralToday, issuePolicies, purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/policies and /export, and the same under /v2/matters (SPEC §3, §7). Each test gives its
// policyholders a last name of its own and searches by it, so policies of other tests never show up.
const marker = () => `Zp${randomBytes(4).toString('hex')}`;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// RFC 4180 lines of a CSV body (no field of these tests holds a line break).
const csvLines = (text: string) => text.split('\r\n').filter((line) => line !== '');

describe.each(testDatabases())('policy search on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  const search = async (query: string, email = AGENT, base = '/v2/policies') => {
    const response = await e.get(`${base}?${query}`, email);
    expectStatus(response, 200);
    return PolicySearchResponse.parse(response.body);
  };
  const numbers = (rows: PolicySearchRow[]) => rows.map((r) => r.policyNumber);
  const byName = (name: string) => `filter[full_name]=${name}`;

  // The read table's purchase date is always the day of purchase and the first payment always succeeds;
  // back-dating rows of the read table is how these tests get other days and a failed first payment.
  const setPolicy = (
    policyNumber: string,
    values: { purchase_date?: string; init_pay_successful?: boolean },
  ) => db().updateTable('policies').set(values).where('policy_number', '=', policyNumber).execute();

  it('answers the SPEC §3 columns, newest purchase first, ten to a page by default', async () => {
    const name = marker();
    const issued = await issuePolicies(s.t, 12, { customer: { lastName: name }, prefix: 'Rex' });
    const first = await search(byName(name));
    expect(first.meta).toEqual({ page: { number: 1, limit: 10, from: 1, to: 10 }, total: 12 });
    // One purchase day: the later matter id leads.
    const newest = [...issued].reverse();
    expect(first.data.map((r) => r.matterId)).toEqual(newest.slice(0, 10).map((p) => p.matterId));
    const today = centralToday();
    expect(first.data[0]).toEqual({
      matterId: issued[11]!.matterId,
      policyNumber: issued[11]!.policyNumber,
      policyVersion: expect.any(Number),
      petName: 'Rex12',
      entityCode: NORTHWIND_AUSTIN,
      entityName: expect.any(String),
      brandName: 'Harbor Mutual',
      statusCode: expect.any(String),
      termType: 'ANNUAL',
      inceptionDate: today,
      effectiveDate: today,
      purchaseDate: today,
      fullName: expect.stringMatching(new RegExp(` ${name}$`)),
      city: 'Austin',
      stateCode: 'TX',
      phoneNumber: expect.stringMatching(/^512\d{7}$/),
      initPaySuccessful: true,
    });
    const second = await search(`${byName(name)}&page=2`);
    expect(second.meta).toEqual({ page: { number: 2, limit: 10, from: 11, to: 12 }, total: 12 });
    expect(second.data.map((r) => r.matterId)).toEqual(newest.slice(10).map((p) => p.matterId));
    const past = await search(`${byName(name)}&page=5`);
    expect(past).toEqual({ data: [], meta: { page: { number: 5, limit: 10, from: 0, to: 0 }, total: 12 } });

    // The purchase date sorts first; ties go by matter id in the same direction.
    await setPolicy(issued[0]!.policyNumber, { purchase_date: addDays(today, -3) });
    await setPolicy(issued[1]!.policyNumber, { purchase_date: addDays(today, -1) });
    const oldestFirst = await search(`${byName(name)}&order=asc&limit=3`);
    expect(oldestFirst.data.map((r) => r.matterId)).toEqual([
      issued[0]!.matterId,
      issued[1]!.matterId,
      issued[2]!.matterId,
    ]);
    const newestFirst = await search(`${byName(name)}&limit=12`);
    expect(newestFirst.data.slice(-2).map((r) => r.matterId)).toEqual([
      issued[1]!.matterId,
      issued[0]!.matterId,
    ]);
  });

  it('sorts by pet name, policy number, effective date and customer name', async () => {
    const name = marker();
    const [a] = (
      await purchasePolicies(s.t, { petNames: ['milo'], customer: { lastName: name, firstName: 'Zed' } })
    ).policies;
    const [b] = (
      await purchasePolicies(s.t, {
        petNames: ['Bella'],
        customer: { lastName: name, firstName: 'Amy' },
        startDate: addDays(centralToday(), 5),
      })
    ).policies;
    const [c] = (
      await purchasePolicies(s.t, { petNames: ['Coco'], customer: { lastName: name, firstName: 'Kim' } })
    ).policies;
    const sorted = async (sort: string, order = 'asc') =>
      numbers((await search(`${byName(name)}&sort=${sort}&order=${order}`)).data);
    // Case-insensitive: "milo" sorts after "Coco".
    expect(await sorted('petName')).toEqual([b!.policyNumber, c!.policyNumber, a!.policyNumber]);
    expect(await sorted('petName', 'desc')).toEqual([a!.policyNumber, c!.policyNumber, b!.policyNumber]);
    expect(await sorted('policyNumber')).toEqual([a!.policyNumber, b!.policyNumber, c!.policyNumber]);
    expect(await sorted('effectiveDate', 'desc')).toEqual([
      b!.policyNumber,
      c!.policyNumber,
      a!.policyNumber,
    ]);
    expect(await sorted('fullName')).toEqual([b!.policyNumber, c!.policyNumber, a!.policyNumber]);
  });

  it('filters by every SPEC §3 criterion', async () => {
    const name = marker();
    const email = `${name.toLowerCase()}.grace@example.test`;
    const texas = await purchasePolicies(s.t, {
      petNames: ['Biscuit', 'Pepper'],
      customer: { lastName: name, firstName: 'Grace', email, phone: '5125557788' },
    });
    const start = addDays(centralToday(), 10);
    const colorado = await purchasePolicies(s.t, {
      petNames: ['Bisou'],
      zip: '80202',
      startDate: start,
      customer: { lastName: name, firstName: 'Alan', city: 'Denver' },
    });
    const [biscuit, pepper] = texas.policies.map((p) => p.policyNumber) as [string, string];
    const bisou = colorado.policies[0]!.policyNumber;
    await setPolicy(pepper, { purchase_date: '2026-01-15', init_pay_successful: false });

    // Policy numbers sort by state first, so compare the sets.
    const only = async (filter: string) => numbers((await search(`${byName(name)}&${filter}`)).data).sort();
    expect(await only('filter[policy_number]=' + biscuit.toLowerCase())).toEqual([biscuit]);
    // A prefix: the state part of the number.
    expect(await only('filter[policy_number]=PET-CO-')).toEqual([bisou]);
    expect(await only(`filter[email]=${encodeURIComponent(email.toUpperCase())}`)).toEqual(
      [biscuit, pepper].sort(),
    );
    expect(await only(`filter[email]=${name.toLowerCase()}.gr`)).toEqual([biscuit, pepper].sort());
    expect(await only(`filter[phone_number]=${encodeURIComponent('512-555-77')}`)).toEqual(
      [biscuit, pepper].sort(),
    );
    expect(await only('filter[state]=co')).toEqual([bisou]);
    expect(await only('filter[petName]=BIS')).toEqual([biscuit, bisou].sort());
    expect(await only('filter[petName]=bisc')).toEqual([biscuit]);
    expect(await only('filter[initPaySuccessful]=false')).toEqual([pepper]);
    expect(await only('filter[initPaySuccessful]=true')).toEqual([biscuit, bisou].sort());
    // Full name: a prefix of "first last", or of the last name alone; case-insensitive.
    expect(numbers((await search(`filter[full_name]=grace ${name.toLowerCase()}`)).data).sort()).toEqual(
      [biscuit, pepper].sort(),
    );
    expect(numbers((await search(`filter[full_name]=GRACE ${name.slice(0, 5)}`)).data).sort()).toEqual(
      [biscuit, pepper].sort(),
    );

    // Date ranges: calendar days, both ends inclusive, on the purchase date unless date_type says otherwise.
    const today = centralToday();
    expect(await only('filter[date_from]=2026-01-15&filter[date_to]=2026-01-15')).toEqual([pepper]);
    expect(await only('filter[date_type]=purchase&filter[date_to]=2026-01-14')).toEqual([]);
    expect(await only(`filter[date_from]=${today}`)).toEqual([biscuit, bisou].sort());
    expect(
      await only(`filter[date_type]=effective&filter[date_from]=${start}&filter[date_to]=${start}`),
    ).toEqual([bisou]);
    expect(await only(`filter[date_type]=inception&filter[date_to]=${addDays(start, -1)}`)).toEqual(
      [biscuit, pepper].sort(),
    );
    const expires = addDays(start, 365);
    expect(await only(`filter[date_type]=expiration&filter[date_from]=${addDays(today, 367)}`)).toEqual(
      expires > addDays(today, 367) ? [bisou] : [],
    );
    // Filters combine.
    expect(await only('filter[state]=TX&filter[initPaySuccessful]=true&filter[petName]=b')).toEqual([
      biscuit,
    ]);
    // User text is literal: % and _ match only themselves.
    expect(await only('filter[petName]=%25')).toEqual([]);
    expect(await only('filter[petName]=_')).toEqual([]);
  });

  it('answers the same search under /v2/matters', async () => {
    const name = marker();
    await issuePolicies(s.t, 3, { customer: { lastName: name } });
    const policies = await search(byName(name));
    const matters = await search(byName(name), AGENT, '/v2/matters');
    expect(matters).toEqual(policies);
    const file = await e.get(`/v2/matters/export?${byName(name)}`, AGENT);
    expectStatus(file, 200);
    expect(csvLines(file.text)).toHaveLength(4);
  });

  it('exports every matching row as a streamed CSV, in the search order, past one batch', async () => {
    const name = marker();
    await issuePolicies(s.t, 23, { customer: { lastName: name } });
    const response = await e.get(`/v2/policies/export?${byName(name)}&sort=petName&order=asc`, AGENT);
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="policies.csv"');
    const lines = csvLines(response.text);
    const all = await search(`${byName(name)}&sort=petName&order=asc&limit=100`);
    expect(all.meta.total).toBe(23);
    expect(lines).toEqual([
      csvLine(POLICY_CSV_HEADER).trimEnd(),
      ...all.data.map((row) => csvLine(policyCsvRow(row)).trimEnd()),
    ]);

    // Batches of four: six batches continue one after the other without repeating or skipping a row,
    // in every sort and direction.
    const scope = { kind: 'all' } as const;
    for (const [sort, order] of [
      ['purchaseDate', 'desc'],
      ['petName', 'asc'],
      ['fullName', 'desc'],
      ['effectiveDate', 'asc'],
    ] as const) {
      const query = PolicyExportQuery.parse({ sort, order, filter: { full_name: name } });
      const chunks: string[] = [];
      for await (const chunk of policyExportCsv(db(), scope, query, 4)) chunks.push(chunk);
      const expected = await search(`${byName(name)}&sort=${sort}&order=${order}&limit=100`, INTERNAL);
      expect(chunks).toHaveLength(1 + 6);
      expect(csvLines(chunks.join(''))).toEqual([
        csvLine(POLICY_CSV_HEADER).trimEnd(),
        ...expected.data.map((row) => csvLine(policyCsvRow(row)).trimEnd()),
      ]);
    }

    // No match: the header alone.
    const empty = await e.get(`/v2/policies/export?filter[full_name]=${marker()}`, AGENT);
    expectStatus(empty, 200);
    expect(empty.text).toBe(csvLine(POLICY_CSV_HEADER));
  });

  it('escapes CSV fields and defuses spreadsheet formulas', async () => {
    const name = marker();
    const issued = await purchasePolicies(s.t, {
      petNames: ['Rex, "the Great"', '=cmd|calc'],
      customer: { lastName: name, city: 'Austin' },
    });
    const response = await e.get(`/v2/policies/export?${byName(name)}&sort=policyNumber&order=asc`, AGENT);
    expectStatus(response, 200);
    const [header, first, second] = csvLines(response.text);
    expect(header).toBe(POLICY_CSV_HEADER.join(','));
    // matterId, policyNumber, policyVersion, then the pet's name.
    const [a, b] = issued.policies as [IssuedPolicy, IssuedPolicy];
    const version = (line: string) => line.split(',')[2]!;
    expect(
      first!.startsWith(`${a.matterId},${a.policyNumber},${version(first!)},"Rex, ""the Great""",`),
    ).toBe(true);
    expect(second!.startsWith(`${b.matterId},${b.policyNumber},${version(second!)},'=cmd|calc,`)).toBe(true);
    expect(first!.endsWith(',true')).toBe(true);
  });

  it('shows external agents their own entity and those below it only, by search and by export', async () => {
    const name = marker();
    const austin = await issuePolicies(s.t, 2, { customer: { lastName: name } });
    // Made by a house agent for the house: no Northwind user may see it.
    const house = await issuePolicies(s.t, 2, { email: INTERNAL, customer: { lastName: name } });
    const sorted = (list: string[]) => [...list].sort();
    const austinNumbers = austin.map((p) => p.policyNumber);
    const all = [...austinNumbers, ...house.map((p) => p.policyNumber)];

    expect(sorted(numbers((await search(byName(name), AGENT)).data))).toEqual(sorted(austinNumbers));
    // The Northwind manager sees the Austin office below it, not the house.
    expect(sorted(numbers((await search(byName(name), MANAGER)).data))).toEqual(sorted(austinNumbers));
    expect(sorted(numbers((await search(byName(name), INTERNAL)).data))).toEqual(sorted(all));
    // Asking for the other agency's policy by its number finds nothing.
    const other = house[0]!.policyNumber;
    expect((await search(`filter[policy_number]=${other}`, AGENT)).meta.total).toBe(0);
    expect((await search(`filter[policy_number]=${other}`, AGENT, '/v2/matters')).meta.total).toBe(0);
    const file = await e.get(`/v2/policies/export?${byName(name)}`, AGENT);
    expectStatus(file, 200);
    expect(file.text).not.toContain(other);
    expect(csvLines(file.text)).toHaveLength(1 + austin.length);
  });

  it('refuses users without quote_policy and anonymous callers', async () => {
    for (const path of ['/v2/policies', '/v2/policies/export', '/v2/matters', '/v2/matters/export']) {
      expectError(await e.get(path, ACCOUNTING), 403);
      expectError(await s.api.get(path), 401);
    }
  });

  it('answers 422 with field messages for a bad filter, sort or page', async () => {
    const bad = async (query: string, fields: string[]) => {
      for (const path of ['/v2/policies', '/v2/policies/export']) {
        const response = await e.get(`${path}?${query}`, AGENT);
        expectValidationError(response, fields);
      }
    };
    await bad('filter[date_type]=sold', ['filter.date_type']);
    await bad('filter[date_from]=2026-13-01', ['filter.date_from']);
    await bad('filter[date_from]=2026-11-02&filter[date_to]=2026-11-01', ['filter.date_to']);
    await bad('filter[initPaySuccessful]=maybe', ['filter.initPaySuccessful']);
    await bad('filter[state]=Texas', ['filter.state']);
    await bad('filter[phone_number]=abc', ['filter.phone_number']);
    await bad('filter[color]=red', ['filter.color']);
    await bad('sort=premium', ['sort']);
    await bad('order=up', ['order']);
    const paging = await e.get('/v2/policies?page=0&limit=1000', AGENT);
    expectValidationError(paging, ['page', 'limit']);
  });
});
