import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MovableClock } from '../../src/calendar';
import { NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// A purchase is dated on its business day, for both lines (docs/conventions.md "Dates and times"): a pet
// policy bought and a renters policy sold at 7:45 PM Central on Nov 26 both read Nov 26, though UTC has
// already turned over to Nov 27.
describe.each(testDatabases())('the business day of a purchase on %s', (database) => {
  let server: TestServer;
  const db = () => server.server.database.db;

  beforeAll(async () => {
    // The server's clock (which a pet purchase reads) and Date (which the renters fixture reads) stand at
    // 7:45 PM Central; only Date is faked: timers and the database keep real time.
    const evening = new Date('2026-11-27T01:45:00Z');
    server = await startTestServer(database, {}, { clock: new MovableClock(evening) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(evening);
  }, 180_000);
  afterAll(async () => {
    vi.useRealTimers();
    await server?.close();
  });

  it('dates a pet purchase and a renters sale at 7:45 PM Central on the same business day', async () => {
    const { policies } = await purchasePolicies(server, { startDate: '2026-11-28' });
    const pet = await sql<{ day: string }>`
      select to_char(purchase_date, 'YYYY-MM-DD') as day from policies where policy_number = ${policies[0]!.policyNumber}
    `.execute(db());
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const { policyNumber } = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId, effectiveDate: '2026-11-28' }),
    );
    const renters = await sql<{ day: string }>`
      select to_char(sold_on, 'YYYY-MM-DD') as day from renters_policies where policy_number = ${policyNumber}
    `.execute(db());
    expect(pet.rows[0]?.day).toBe('2026-11-26');
    expect(renters.rows[0]?.day).toBe('2026-11-26');
  });
});
