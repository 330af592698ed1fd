import { beforeAll, describe, expect, it } from 'vitest';
import { BulkStatementResponse } from '../../src/api/schemas/commissionStatements';
import { statementApi, businessMonth, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import type { ApiResponse } from '../support/http';
import { ACCOUNTING, ADMIN, REVIEWER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Every search that matches text by LIKE takes the user's % and _ (and the escape character \) literally:
// as a filter they match no row, where a pattern would match every row in the caller's scope (the statement
// search's entity code once did). A filter that does not take them answers 422. Asked as the house, which
// sees every row; each search also finds rows with an ordinary prefix, so its "nothing" means something.

const TERMS = ['%', '_', '\\', '%%', '_%', '\\%'];

interface Search {
  // `{}` stands for the term, URL-encoded.
  path: string;
  // A term that finds rows.
  control: string;
  // The schema refuses the wildcards (it allows only letters, digits and dashes, say).
  refuses?: boolean;
}

// The rows an answer holds: its total when paged, else its list.
function rowsOf(response: ApiResponse): number {
  const body = response.body as { meta?: { total: number }; data?: unknown[] };
  return body.meta?.total ?? body.data?.length ?? -1;
}

describe.each(testDatabases())('wildcards in search filters on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;
  let agency: Agency;
  // The start of a sold policy's values, for the controls of prefix filters.
  let pet: Record<'policy' | 'email' | 'name' | 'petName', string>;
  let renters: Record<'policy' | 'email' | 'name', string>;

  beforeAll(async () => {
    agency = await st.newAgency();
    await st.sellRenters(agency);
    await st.sellPets(agency);
    await st.generate(businessMonth());
    const head = (value: string) => value.slice(0, 3);
    const petRow = await db()
      .selectFrom('policies as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select(['p.policy_number', 'p.pet_name', 'c.email', 'c.last_name'])
      .executeTakeFirstOrThrow();
    pet = {
      policy: head(petRow.policy_number),
      email: head(petRow.email),
      name: head(petRow.last_name),
      petName: head(petRow.pet_name),
    };
    const rentersRow = await db()
      .selectFrom('renters_policies as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select(['p.policy_number', 'c.email', 'c.last_name'])
      .executeTakeFirstOrThrow();
    renters = {
      policy: head(rentersRow.policy_number),
      email: head(rentersRow.email),
      name: head(rentersRow.last_name),
    };
  }, 60_000);

  const searches = (): Search[] => [
    { path: '/v2/commission-statements?filter[entityCode]={}', control: agency.code.slice(0, 4) },
    {
      path: `/v2/entities/${agency.id}/commission-statements?filter[entityCode]={}`,
      control: agency.code.slice(0, 4),
    },
    { path: '/v2/entities?filter[entityCode]={}', control: '1' },
    { path: '/v2/entities?filter[entityName]={}', control: 'a' },
    { path: '/v2/users?filter[entityCode]={}', control: '1' },
    { path: '/v2/users?filter[userName]={}', control: 'a' },
    { path: '/v2/users?filter[emailAddress]={}', control: 'demo' },
    { path: '/v2/users?filter[roleName]={}', control: 'a' },
    { path: '/v2/roles?filter[name]={}', control: 'a' },
    { path: '/v2/roles?filter[description]={}', control: 'a' },
    { path: '/v2/lists/entities?term={}', control: 'a' },
    { path: '/v2/lists/entity/codes?term={}', control: '1' },
    { path: '/v2/lists/entity/names?term={}', control: 'a' },
    { path: '/v2/renters/policies?filter[policy_number]={}', control: renters.policy },
    { path: '/v2/renters/policies?filter[email]={}', control: renters.email },
    { path: '/v2/renters/policies?filter[full_name]={}', control: renters.name },
    { path: '/v2/policies?filter[policy_number]={}', control: pet.policy },
    { path: '/v2/policies?filter[email]={}', control: pet.email },
    { path: '/v2/policies?filter[full_name]={}', control: pet.name },
    { path: '/v2/policies?filter[petName]={}', control: pet.petName },
    { path: '/v2/matters?filter[policy_number]={}', control: pet.policy },
    { path: '/v2/quotes?filter[customerName]={}', control: pet.name },
    { path: '/v2/bank-accounts?filter[entityCode]={}', control: '', refuses: true },
    { path: '/v2/reports/nwp?entityCode={}', control: '', refuses: true },
  ];

  it('matches no row with a wildcard, and rows with an ordinary prefix', async () => {
    const failures: string[] = [];
    for (const search of searches()) {
      for (const term of TERMS) {
        const path = search.path.replace('{}', encodeURIComponent(term));
        const response = await e.get(path, ADMIN);
        if (search.refuses) {
          if (response.status !== 422) failures.push(`${path}: ${response.status}, not refused`);
        } else if (response.status !== 200 || rowsOf(response) !== 0) {
          failures.push(`${path}: ${response.status}, ${rowsOf(response)} rows`);
        }
      }
      if (!search.refuses) {
        const path = search.path.replace('{}', encodeURIComponent(search.control));
        const response = await e.get(path, ADMIN);
        if (response.status !== 200 || rowsOf(response) < 1)
          failures.push(`control ${path}: ${response.status}, ${rowsOf(response)} rows`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('moves and reports no statement by a wildcard entity code', async () => {
    for (const term of TERMS) {
      const filter = { entityCode: term };
      const approved = await e.post('/v2/commission-statements/approve', REVIEWER, { filter });
      expectStatus(approved, 200);
      expect(BulkStatementResponse.parse(approved.body).data, term).toMatchObject({ matched: 0, total: 0 });
      const report = await e.post('/v2/commission-payment-reports', ACCOUNTING, { filter });
      expectStatus(report, 200);
      // The closing total row alone.
      expect(report.headers.get('x-total-count'), term).toBe('1');
    }
    // The control: the agency's own code moves its statement.
    const approved = await e.post('/v2/commission-statements/approve', REVIEWER, {
      filter: { entityCode: agency.code, date: businessMonth() },
    });
    expect(BulkStatementResponse.parse(approved.body).data).toMatchObject({ matched: 1, affected: 1 });
  });
});
