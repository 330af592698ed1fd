import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  QuoteExportQuery,
  QuoteMatchResponse,
  QuoteSearchResponse,
  type QuoteSearchRow,
} from '../../src/api/schemas/quoteSearch';
import { centralTimestamp } from '../../src/server/domain/centralTime';
import { CSV_HEADER, csvRow, quoteExportCsv } from '../../src/server/domain/quotes/quoteExport';
import { csvLine } from '../../src/server/domain/documents/csv';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { newQuote, quoteApi } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/quotes, /match and /export (SPEC §3, §7, §9). Every test names its customers with a marker of its
// own, so quotes made by other tests on the same server never show up in its answers.
const marker = () => `Zq${randomBytes(4).toString('hex')}`;

describe.each(testDatabases())('quote search on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;

  const make = (lastName: string, customer: Partial<typeof newQuote.customer> = {}, email = AGENT) =>
    q.create({ ...newQuote, customer: { ...newQuote.customer, lastName, ...customer } }, { email });

  const search = async (query: string, email = AGENT) => {
    const response = await e.get(`/v2/quotes?${query}`, email);
    expectStatus(response, 200);
    return QuoteSearchResponse.parse(response.body);
  };
  const ids = (rows: QuoteSearchRow[]) => rows.map((r) => r.id);

  it('answers the search row, newest first, ten to a page by default', async () => {
    const name = marker();
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await make(name));
    const first = await search(`filter[customerName]=${name.toLowerCase()}`);
    expect(first.meta).toEqual({ page: { number: 1, limit: 10, from: 1, to: 10 }, total: 12 });
    expect(ids(first.data)).toEqual(
      made
        .map((m) => m.uuid)
        .reverse()
        .slice(0, 10),
    );
    expect(first.data[0]).toEqual({
      id: made[11]!.uuid,
      referringEntity: { entityCode: NORTHWIND_AUSTIN, entityName: expect.any(String) },
      createdAt: centralTimestamp(made[11]!.created_at),
      purchasedAt: null,
      policyNumber: null,
      route: made[11]!.route,
      customerName: `Ada ${name}`,
      city: 'Austin',
      stateCode: 'TX',
      zipCode: '78701',
      phoneNumber: '5125550199',
      petCount: 2,
      petNames: ['Rex', 'Tom'],
    });
    const second = await search(`filter[customerName]=${name}&page=2`);
    expect(second.meta).toEqual({ page: { number: 2, limit: 10, from: 11, to: 12 }, total: 12 });
    expect(ids(second.data)).toEqual([made[1]!.uuid, made[0]!.uuid]);
    const asc = await search(`filter[customerName]=${name}&order=asc&limit=3`);
    expect(ids(asc.data)).toEqual(made.slice(0, 3).map((m) => m.uuid));
  });

  it('filters by e-mail, phone digits, state, zip, policy number and customer name', async () => {
    const name = marker();
    const email = `${name.toLowerCase()}@example.test`;
    const a = await make(name, { email, phone: '5125550101', firstName: 'Grace' });
    const b = await make(name, { phone: '5125550102' });
    const only = async (filter: string) => ids((await search(`filter[customerName]=${name}&${filter}`)).data);
    expect(await only(`filter[emailAddress]=${email.toUpperCase()}`)).toEqual([a.uuid]);
    expect(await only(`filter[phoneNumber]=${encodeURIComponent('(512) 555-0102')}`)).toEqual([b.uuid]);
    expect(await only('filter[phoneNumber]=0101')).toEqual([a.uuid]);
    expect(await only('filter[stateCode]=tx')).toEqual([b.uuid, a.uuid]);
    expect(await only('filter[stateCode]=IL')).toEqual([]);
    expect(await only('filter[zip]=78701')).toEqual([b.uuid, a.uuid]);
    expect(await only('filter[zip]=60601')).toEqual([]);
    expect(await only('filter[policyNumber]=NOPE-1')).toEqual([]);
    expect(ids((await search(`filter[customerName]=grace ${name}`)).data)).toEqual([a.uuid]);
    // % and _ are taken literally.
    expect((await search(`filter[customerName]=${name}%25`)).data).toEqual([]);
    const sorted = await search(`filter[customerName]=${name}&sort=customerName&order=asc`);
    expect(sorted.data.map((r) => r.customerName)).toEqual([`Ada ${name}`, `Grace ${name}`]);
    for (const sort of ['stateCode', 'purchasedAt'])
      expect((await search(`filter[customerName]=${name}&sort=${sort}`)).meta.total).toBe(2);
  });

  it('filters creation dates by Central-time days, both ends inclusive', async () => {
    const name = marker();
    const late = await make(name);
    const early = await make(name);
    // 05:30 UTC on Jan 10 is 23:30 on Jan 9 in Chicago; 06:30 UTC is 00:30 on Jan 10.
    await db()
      .updateTable('quotes')
      .set({ created_at: '2026-01-10T05:30:00Z' })
      .where('uuid', '=', late.uuid)
      .execute();
    await db()
      .updateTable('quotes')
      .set({ created_at: '2026-01-10T06:30:00Z' })
      .where('uuid', '=', early.uuid)
      .execute();
    const range = async (from: string, to: string) =>
      ids(
        (await search(`filter[customerName]=${name}&filter[createdFrom]=${from}&filter[createdTo]=${to}`))
          .data,
      );
    expect(await range('2026-01-09', '2026-01-09')).toEqual([late.uuid]);
    expect(await range('2026-01-10', '2026-01-10')).toEqual([early.uuid]);
    expect(await range('2026-01-09', '2026-01-10')).toEqual([early.uuid, late.uuid]);
    expect(await range('2026-01-11', '2026-02-01')).toEqual([]);
    // The rows and the CSV say when in Central time, with the offset of that instant.
    const rows = (await search(`filter[customerName]=${name}&order=asc`)).data;
    expect(rows.map((r) => r.createdAt)).toEqual([
      '2026-01-09T23:30:00.000000-06:00',
      '2026-01-10T00:30:00.000000-06:00',
    ]);
    const csv = await e.get(`/v2/quotes/export?filter[customerName]=${name}&order=asc`, AGENT);
    expect(csv.text).toContain(',2026-01-09T23:30:00.000000-06:00,,');
  });

  it('answers summer timestamps with the daylight-saving offset', async () => {
    const name = marker();
    const made = await make(name);
    await db()
      .updateTable('quotes')
      .set({ created_at: '2026-07-04T17:00:00Z', purchased_at: '2026-07-05T04:59:59.250Z' })
      .where('uuid', '=', made.uuid)
      .execute();
    const [row] = (await search(`filter[customerName]=${name}`)).data;
    expect(row).toMatchObject({
      createdAt: '2026-07-04T12:00:00.000000-05:00',
      purchasedAt: '2026-07-04T23:59:59.250000-05:00',
    });
    const match = await e.get(`/v2/quotes/match?email=${newQuote.customer.email}`, AGENT);
    const matched = QuoteMatchResponse.parse(match.body).data.find((r) => r.id === made.uuid);
    expect(matched?.createdAt).toBe('2026-07-04T12:00:00.000000-05:00');
  });

  it('limits rows to the caller’s scope', async () => {
    const name = marker();
    const austin = await make(name);
    const staff = await make(name, {}, INTERNAL);
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_search'],
    });
    expect((await search(`filter[customerName]=${name}`, lakeside)).meta.total).toBe(0);
    // Staff see every quote; the manager of Northwind sees Austin's but not one made for the house.
    expect(ids((await search(`filter[customerName]=${name}`, INTERNAL)).data)).toEqual([
      staff.uuid,
      austin.uuid,
    ]);
    expect(ids((await search(`filter[customerName]=${name}`, MANAGER)).data)).toEqual([austin.uuid]);
    const match = await e.get(`/v2/quotes/match?phone=5125550199`, lakeside);
    expect(QuoteMatchResponse.parse(match.body).data).toEqual([]);
    const csv = await e.get(`/v2/quotes/export?filter[customerName]=${name}`, lakeside);
    expect(csv.text).toBe(csvLine(CSV_HEADER));
  });

  it('refuses callers without quote_search (403) and without a token (401)', async () => {
    for (const path of ['/v2/quotes', '/v2/quotes/match?email=a@b.test', '/v2/quotes/export']) {
      expectError(await e.get(path, ACCOUNTING), 403);
      expectError(await s.api.get(path), 401);
    }
  });

  it('matches quotes on e-mail or phone, newest first, saying which matched', async () => {
    const name = marker();
    const email = `${name.toLowerCase()}@example.test`;
    const phone = `512${String(Date.now()).slice(-7)}`;
    const byEmail = await make(name, { email });
    const byBoth = await make(name, { email, phone });
    const response = await e.get(`/v2/quotes/match?email=${email.toUpperCase()}&phone=${phone}`, AGENT);
    expectStatus(response, 200);
    const rows = QuoteMatchResponse.parse(response.body).data;
    expect(rows.map((r) => [r.id, r.matchedOn])).toEqual([
      [byBoth.uuid, ['email', 'phone']],
      [byEmail.uuid, ['email']],
    ]);
    expectValidationError(await e.get('/v2/quotes/match', AGENT), ['email']);
  });

  it('exports every matching row as CSV, equal to the search rows', async () => {
    const name = marker();
    for (let i = 0; i < 12; i++) await make(name, i === 0 ? { city: 'Austin, "TX"' } : {});
    const rows = (await search(`filter[customerName]=${name}&limit=100&sort=createdAt&order=asc`)).data;
    const response = await e.get(
      `/v2/quotes/export?filter[customerName]=${name}&sort=createdAt&order=asc`,
      AGENT,
    );
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="quotes.csv"');
    expect(rows).toHaveLength(12);
    expect(response.text).toBe([CSV_HEADER, ...rows.map(csvRow)].map(csvLine).join(''));
    expect(response.text).toContain('"Austin, ""TX"""');
  });

  it('stops an export at its row cap', async () => {
    const name = marker();
    for (let i = 0; i < 3; i++) await make(name);
    const search = QuoteExportQuery.parse({ filter: { customerName: name } });
    const chunks: string[] = [];
    for await (const chunk of quoteExportCsv(db(), { kind: 'all' }, search, 2)) chunks.push(chunk);
    expect(chunks.join('').split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('answers 422 with field messages for bad filters', async () => {
    expectValidationError(await e.get('/v2/quotes?filter[createdFrom]=2026-13-01', AGENT), [
      'filter.createdFrom',
    ]);
    expectValidationError(await e.get('/v2/quotes?filter[createdTo]=yesterday', AGENT), ['filter.createdTo']);
    expectValidationError(
      await e.get('/v2/quotes?filter[createdFrom]=2026-02-02&filter[createdTo]=2026-02-01', AGENT),
      ['filter.createdTo'],
    );
    expectValidationError(
      await e.get('/v2/quotes/export?filter[createdFrom]=2026-02-02&filter[createdTo]=2026-02-01', AGENT),
      ['filter.createdTo'],
    );
    expectValidationError(await e.get('/v2/quotes?sort=premium', AGENT), ['sort']);
    expectValidationError(await e.get('/v2/quotes?filter[colour]=red', AGENT), ['filter.colour']);
    expectValidationError(await e.get('/v2/quotes/export?page=2', AGENT), ['page']);
  });
});
