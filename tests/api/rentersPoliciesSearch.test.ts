import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RentersPolicyExportQuery,
  RentersPolicySearchResponse,
  type RentersPolicySearchRow,
} from '../../src/api/schemas/rentersPolicies';
import { csvLine } from '../../src/server/domain/documents/csv';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import type { NewEvent } from '../../src/server/store/eventStore';
import {
  RENTERS_POLICY_CSV_HEADER,
  rentersPolicyCsvRow,
  rentersPolicyExportCsv,
} from '../../src/server/domain/rentersPolicies/rentersPolicyExport';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, HOUSE, INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { TEST_METADATA, entityIdOf } from '../support/records';
import { addDays, issueRentersPolicies, businessToday } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/renters/policies and /export (SPEC §3 "Renters" row and criteria, §7). Each test gives its
// policyholders a last name of its own and searches by it, so other tests' policies never show up.
const marker = () => `Zr${randomBytes(4).toString('hex')}`;
const csvLines = (text: string) => text.split('\r\n').filter((line) => line !== '');
const PATH = '/v2/renters/policies';

describe.each(testDatabases())('renters policy search on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const austin = () => entityIdOf(db(), NORTHWIND_AUSTIN);

  const search = async (query: string, email = AGENT) => {
    const response = await e.get(`${PATH}?${query}`, email);
    expectStatus(response, 200);
    return RentersPolicySearchResponse.parse(response.body);
  };
  const numbers = (rows: RentersPolicySearchRow[]) => rows.map((r) => r.policy_number);
  const byName = (name: string) => `filter[full_name]=${name}`;

  it('answers the SPEC §3 row, newest sale first, ten to a page by default', async () => {
    const name = marker();
    const issued = await issueRentersPolicies(db(), 12, { entityId: await austin(), lastName: name });
    const first = await search(byName(name));
    expect(first.meta).toEqual({ page: { number: 1, limit: 10, from: 1, to: 10 }, total: 12 });
    // One sale day: the later matter id leads.
    const newest = [...issued].reverse();
    expect(numbers(first.data)).toEqual(newest.slice(0, 10).map((p) => p.policyNumber));
    const last = issued[11]!;
    expect(first.data[0]).toEqual({
      matter_id: last.matterId,
      customer_id: last.customerId,
      full_name: `Robin12 ${name}`,
      policy_number: last.policyNumber,
      term_interval: 'monthly',
      phone_number: last.issue.customer.phone,
      email: last.issue.customer.email,
      city: 'Austin',
      state: 'TX',
      sold_on: businessToday(),
      effective_at: last.issue.effectiveDate,
      status: 'ACTIVE',
    });
    const second = await search(`${byName(name)}&page=2`);
    expect(second.meta).toEqual({ page: { number: 2, limit: 10, from: 11, to: 12 }, total: 12 });
    expect(numbers(second.data)).toEqual(newest.slice(10).map((p) => p.policyNumber));
    const byNumber = await search(`${byName(name)}&sort=policy_number&order=asc&limit=5`);
    expect(numbers(byNumber.data)).toEqual(
      issued
        .map((p) => p.policyNumber)
        .sort()
        .slice(0, 5),
    );
  });

  it('filters by number, e-mail, name, phone, state and the sold or effective day', async () => {
    const name = marker();
    const entityId = await austin();
    const today = businessToday();
    const [tx] = await issueRentersPolicies(db(), 1, { entityId, lastName: name, termInterval: 'annual' });
    const [il] = await issueRentersPolicies(db(), 1, {
      entityId,
      lastName: name,
      state: 'IL',
      effectiveDate: addDays(today, 20),
    });
    const one = async (query: string) => numbers((await search(`${byName(name)}&${query}`)).data);
    expect(await one(`filter[policy_number]=${tx!.policyNumber.toLowerCase()}`)).toEqual([tx!.policyNumber]);
    expect(await one('filter[policy_number]=RNT-IL')).toEqual([il!.policyNumber]);
    expect(await one(`filter[email]=${il!.issue.customer.email.toUpperCase()}`)).toEqual([il!.policyNumber]);
    const phone = tx!.issue.customer.phone;
    expect(
      await one(`filter[phone_number]=(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`),
    ).toEqual([tx!.policyNumber]);
    expect(await one('filter[state]=il')).toEqual([il!.policyNumber]);
    expect(numbers((await search(`filter[full_name]=robin1 ${name.toLowerCase()}`)).data)).toHaveLength(2);
    // Sold today, both; effective in twenty days, Illinois only.
    expect(await one(`filter[date_from]=${today}&filter[date_to]=${today}`)).toHaveLength(2);
    expect(await one(`filter[date_to]=${addDays(today, -1)}`)).toEqual([]);
    expect(await one(`filter[date_type]=effective&filter[date_from]=${addDays(today, 1)}`)).toEqual([
      il!.policyNumber,
    ]);
    const rows = (await search(`${byName(name)}&sort=effective_at&order=asc`)).data;
    expect(rows.map((r) => [r.policy_number, r.term_interval, r.city])).toEqual([
      [tx!.policyNumber, 'annual', 'Austin'],
      [il!.policyNumber, 'monthly', 'Chicago'],
    ]);
  });

  it('shows the status on the day and sorts by it', async () => {
    const name = marker();
    const [active, cancelled, ended] = await issueRentersPolicies(db(), 3, {
      entityId: await austin(),
      lastName: name,
    });
    const today = businessToday();
    const append = (policyNumber: string, event: NewEvent) =>
      db()
        .transaction()
        .execute((trx) => appendToRentersPolicy(trx, TEST_METADATA, policyNumber, [event]));
    await append(cancelled!.policyNumber, {
      type: 'renters.cancelled',
      data: { method: 'PRO_RATA', cancelDate: addDays(today, 5), immediate: false },
    });
    // Non-renewing from today: ended on the day, though no event says so yet.
    await append(ended!.policyNumber, {
      type: 'renters.discontinued',
      data: { nonRenewEffectiveDate: today },
    });
    const rows = (await search(`${byName(name)}&sort=status&order=asc`)).data;
    expect(rows.map((r) => [r.policy_number, r.status])).toEqual([
      [active!.policyNumber, 'ACTIVE'],
      [cancelled!.policyNumber, 'CANCELLED'],
      [ended!.policyNumber, 'EXPIRED'],
    ]);
    const file = await e.get(`${PATH}/export?${byName(name)}&sort=status&order=desc`, AGENT);
    expect(
      csvLines(file.text)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual([ended, cancelled, active].map((p) => p!.policyNumber));
  });

  it('exports every matching row as CSV, batch after batch, as the search lists them', async () => {
    const name = marker();
    await issueRentersPolicies(db(), 9, { entityId: await austin(), lastName: name });
    const response = await e.get(`${PATH}/export?${byName(name)}`, AGENT);
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('renters-policies.csv');
    const expected = await search(`${byName(name)}&limit=100`);
    expect(csvLines(response.text)).toEqual([
      csvLine(RENTERS_POLICY_CSV_HEADER).trimEnd(),
      ...expected.data.map((row) => csvLine(rentersPolicyCsvRow(row)).trimEnd()),
    ]);
    // Batches of two continue one after the other without repeating or skipping a row.
    for (const [sort, order] of [
      ['sold_on', 'desc'],
      ['full_name', 'asc'],
      ['policy_number', 'desc'],
    ] as const) {
      const query = RentersPolicyExportQuery.parse({ sort, order, filter: { full_name: name } });
      const chunks: string[] = [];
      for await (const chunk of rentersPolicyExportCsv(
        db(),
        { kind: 'all' },
        { ...query, today: businessToday() },
        2,
      ))
        chunks.push(chunk);
      const listed = await search(`${byName(name)}&sort=${sort}&order=${order}&limit=100`, INTERNAL);
      expect(chunks).toHaveLength(1 + 5);
      expect(csvLines(chunks.join(''))).toEqual([
        csvLine(RENTERS_POLICY_CSV_HEADER).trimEnd(),
        ...listed.data.map((row) => csvLine(rentersPolicyCsvRow(row)).trimEnd()),
      ]);
    }
    const empty = await e.get(`${PATH}/export?${byName(marker())}`, AGENT);
    expectStatus(empty, 200);
    expect(empty.text).toBe(csvLine(RENTERS_POLICY_CSV_HEADER));
  });

  it('shows external agents their own entity and those below it only, by search and by export', async () => {
    const name = marker();
    const ours = await issueRentersPolicies(db(), 2, { entityId: await austin(), lastName: name });
    const house = await issueRentersPolicies(db(), 1, {
      entityId: await entityIdOf(db(), HOUSE),
      lastName: name,
    });
    const sorted = (list: string[]) => [...list].sort();
    const oursNumbers = ours.map((p) => p.policyNumber);
    const other = house[0]!.policyNumber;
    expect(sorted(numbers((await search(byName(name), AGENT)).data))).toEqual(sorted(oursNumbers));
    expect(sorted(numbers((await search(byName(name), MANAGER)).data))).toEqual(sorted(oursNumbers));
    expect(sorted(numbers((await search(byName(name), INTERNAL)).data))).toEqual(
      sorted([...oursNumbers, other]),
    );
    expect((await search(`filter[policy_number]=${other}`, AGENT)).meta.total).toBe(0);
    const file = await e.get(`${PATH}/export?${byName(name)}`, AGENT);
    expectStatus(file, 200);
    expect(file.text).not.toContain(other);
    expect(csvLines(file.text)).toHaveLength(1 + ours.length);
  });

  it('refuses users without renters_policy_srch and anonymous callers', async () => {
    for (const path of [PATH, `${PATH}/export`]) {
      expectError(await e.get(path, ACCOUNTING), 403);
      expectError(await s.api.get(path), 401);
    }
  });

  it('answers 422 with field messages for a bad filter, sort or page', async () => {
    const bad = async (query: string, fields: string[]) => {
      for (const path of [PATH, `${PATH}/export`])
        expectValidationError(await e.get(`${path}?${query}`, AGENT), fields);
    };
    await bad('filter[date_type]=purchase', ['filter.date_type']);
    await bad('filter[date_from]=2026-13-01', ['filter.date_from']);
    await bad('filter[date_from]=2026-11-02&filter[date_to]=2026-11-01', ['filter.date_to']);
    await bad('filter[state]=Texas', ['filter.state']);
    await bad('filter[phone_number]=abc', ['filter.phone_number']);
    await bad('filter[petName]=Rex', ['filter.petName']);
    await bad('sort=purchaseDate', ['sort']);
    await bad('order=up', ['order']);
    expectValidationError(await e.get(`${PATH}?page=0&limit=1000`, AGENT), ['page', 'limit']);
  });
});
