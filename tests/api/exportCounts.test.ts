import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countCsvRows } from '../../src/api/download';
import { PolicySearchResponse } from '../../src/api/schemas/policySearch';
import { QUOTE_EXPORT_MAX_ROWS, QuoteSearchResponse } from '../../src/api/schemas/quoteSearch';
import { RentersPolicySearchResponse } from '../../src/api/schemas/rentersPolicies';
import { EXPORT_BATCH_SIZE } from '../../src/server/domain/policies/policyExport';
import { RENTERS_EXPORT_BATCH_SIZE } from '../../src/server/domain/rentersPolicies/rentersPolicyExport';
import { attachmentDisposition } from '../../src/server/http/csvDownload';
import { codeGroup, statementApi } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { issuePolicies } from '../support/policyFixtures';
import { quoteSearchFixtures } from '../support/quoteSearchFixtures';
import { entityIdOf } from '../support/records';
import { issueRentersPolicies } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Every CSV export announces its data rows in x-total-count before it streams them (docs/reports.md
// "Exports"): the number must be the rows the file holds and the search's total for the same filter and
// scope, past one batch and for none. Large exports are made by copying a row of the read table many times
// in one statement; each test's rows carry a marker of their own, so no other test's rows show up.
const marker = () => `Zx${randomBytes(4).toString('hex')}`;
// No field of these files holds a line break, so lines are rows.
const csvLines = (text: string) => text.split('\r\n').filter((line) => line !== '');
// The quote export reads in batches of this many rows (src/server/domain/quotes/quoteExport.ts).
const QUOTE_EXPORT_BATCH = 1000;

describe.each(testDatabases())('export row counts on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  // The file, with what its header announced and the rows it holds (counted as lines, and as the portal
  // counts them).
  const exportOf = async (path: string, email = AGENT) => {
    const response = await e.get(path, email);
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const announced = response.headers.get('x-total-count');
    expect(announced).toMatch(/^\d+$/);
    const rows = csvLines(response.text).length - 1;
    expect(countCsvRows(response.text)).toBe(rows);
    return { announced: Number(announced), rows, text: response.text };
  };

  // Copies the row where `key` = `value` `count` times, each copy's columns as `overrides` say (g.i numbers
  // the copies from 1); every other column is copied as it is.
  async function copyRow(
    table: 'policies' | 'renters_policies' | 'quotes',
    key: string,
    value: string | number,
    count: number,
    overrides: Record<string, RawBuilder<unknown>>,
  ): Promise<void> {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = ${table} and table_schema = current_schema()
      order by ordinal_position`.execute(db());
    const columns = rows.map((r) => r.column_name);
    const values = columns.map((c) => overrides[c] ?? sql.ref(`t.${c}`));
    await sql`
      insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(values)} from ${sql.table(table)} as t, generate_series(1, ${count}) as g(i)
      where ${sql.ref(`t.${key}`)} = ${value}`.execute(db());
  }
  // Matter ids far above any the server hands out, so later purchases never collide with a copy.
  const copyMatterIds = (from: number) => sql`${sql.lit(from)} + g.i`;

  it('pet policies: the announced rows are the file rows and the search total, past one batch', async () => {
    const name = marker();
    const issued = await issuePolicies(s.t, 3, { customer: { lastName: name }, prefix: 'Orig' });
    const copies = EXPORT_BATCH_SIZE + 7;
    await copyRow('policies', 'matter_id', issued[0]!.matterId, copies, {
      policy_number: sql`t.policy_number || '-C' || g.i`,
      matter_id: copyMatterIds(1_000_000_000),
      pet_name: sql`'Copy' || g.i`,
    });
    const totalOf = async (query: string, email = AGENT) => {
      const response = await e.get(`/v2/policies?${query}`, email);
      expectStatus(response, 200);
      return PolicySearchResponse.parse(response.body).meta.total;
    };

    for (const query of [
      `filter[full_name]=${name}`,
      `filter[full_name]=${name}&sort=petName&order=asc`,
      `filter[full_name]=${name}&filter[petName]=orig`,
      `filter[full_name]=${name}&filter[petName]=copy1`,
    ]) {
      const file = await exportOf(`/v2/policies/export?${query}`);
      expect(file.announced).toBe(file.rows);
      expect(file.announced).toBe(await totalOf(query));
      // The same under /v2/matters, and for a house user.
      expect((await exportOf(`/v2/matters/export?${query}`, INTERNAL)).announced).toBe(file.rows);
    }
    const all = await exportOf(`/v2/policies/export?filter[full_name]=${name}`);
    expect(all.rows).toBe(3 + copies);
    expect((await exportOf(`/v2/policies/export?filter[full_name]=${name}&filter[petName]=orig`)).rows).toBe(
      3,
    );

    const none = await exportOf(`/v2/policies/export?filter[full_name]=${marker()}`);
    expect(none).toMatchObject({ announced: 0, rows: 0 });
  });

  it('renters policies: the announced rows are the file rows and the search total, past one batch', async () => {
    const name = marker();
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issued = await issueRentersPolicies(db(), 2, { entityId, lastName: name });
    const copies = RENTERS_EXPORT_BATCH_SIZE + 3;
    await copyRow('renters_policies', 'matter_id', issued[0]!.matterId, copies, {
      policy_number: sql`t.policy_number || '-C' || g.i`,
      matter_id: copyMatterIds(1_100_000_000),
    });
    const query = `filter[full_name]=${name}`;
    const file = await exportOf(`/v2/renters/policies/export?${query}&sort=policy_number&order=asc`);
    expect(file).toMatchObject({ announced: 2 + copies, rows: 2 + copies });
    const search = await e.get(`/v2/renters/policies?${query}`, AGENT);
    expectStatus(search, 200);
    expect(RentersPolicySearchResponse.parse(search.body).meta.total).toBe(file.announced);

    const none = await exportOf(`/v2/renters/policies/export?filter[full_name]=${marker()}`);
    expect(none).toMatchObject({ announced: 0, rows: 0 });
  });

  it('quotes: the announced rows are the file rows and the search total, past one batch', async () => {
    const batch = await quoteSearchFixtures(s.t.url).batch(['Ada', 'Grace']);
    const copies = QUOTE_EXPORT_BATCH + 4;
    await copyRow('quotes', 'uuid', batch.quotes[0]!.uuid, copies, { uuid: sql`gen_random_uuid()` });
    const query = `filter[customerName]=${batch.lastName}`;
    const file = await exportOf(`/v2/quotes/export?${query}&sort=createdAt&order=asc`);
    expect(file).toMatchObject({ announced: 2 + copies, rows: 2 + copies });
    const search = await e.get(`/v2/quotes?${query}`, AGENT);
    expectStatus(search, 200);
    expect(QuoteSearchResponse.parse(search.body).meta.total).toBe(file.announced);

    const none = await exportOf(`/v2/quotes/export?filter[customerName]=${marker()}`);
    expect(none).toMatchObject({ announced: 0, rows: 0 });
  });

  it('quotes: refuses an export past its cap instead of cutting the file short', async () => {
    const batch = await quoteSearchFixtures(s.t.url).batch(['Ada']);
    await copyRow('quotes', 'uuid', batch.quotes[0]!.uuid, QUOTE_EXPORT_MAX_ROWS, {
      uuid: sql`gen_random_uuid()`,
    });
    const response = await e.get(`/v2/quotes/export?filter[customerName]=${batch.lastName}`, AGENT);
    const refused = expectValidationError(response, ['filter']);
    expect(response.headers.get('x-total-count')).toBeNull();
    expect(refused.message).toBe(
      'These filters match 100,001 quotes; an export holds at most 100,000. Narrow the filters and export again.',
    );
  }, 120_000);

  it('the payment report announces its statements and its closing total row', async () => {
    const st = statementApi(e, () => s.t);
    const group = codeGroup();
    const agencies = [
      await st.newAgency({ code: group.code(0) }),
      await st.newAgency({ code: group.code(1) }),
    ];
    for (const agency of agencies) await st.sellRenters(agency);
    await st.generate();
    const { total } = await st.search(`filter[entityCode]=${group.prefix}`);
    expect(total).toBe(2);

    const report = async (body: unknown) => {
      const response = await e.post('/v2/commission-payment-reports', ACCOUNTING, body);
      expectStatus(response, 200);
      const rows = csvLines(response.text).length - 1;
      expect(response.headers.get('x-total-count')).toBe(String(rows));
      return rows;
    };
    expect(await report({ filter: { entityCode: group.prefix } })).toBe(total + 1);
    const first = await st.statementOf(agencies[0]!);
    expect(await report({ ids: [first.id] })).toBe(2);
    expect(await report({ ids: [2_000_000_000] })).toBe(1);
  });
});

describe('attachmentDisposition', () => {
  it('names a plain file as before, and any other name in the RFC 6266 form as well', () => {
    expect(attachmentDisposition('policies.csv')).toBe('attachment; filename="policies.csv"');
    expect(attachmentDisposition('Zoë "Q4" (draft).csv')).toBe(
      `attachment; filename="Zo_ _Q4_ (draft).csv"; filename*=UTF-8''Zo%C3%AB%20%22Q4%22%20%28draft%29.csv`,
    );
    expect(attachmentDisposition('a\r\nb.csv')).toBe(
      `attachment; filename="a__b.csv"; filename*=UTF-8''a%0D%0Ab.csv`,
    );
  });
});
