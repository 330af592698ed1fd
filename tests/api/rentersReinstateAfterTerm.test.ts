import { describe, expect, it } from 'vitest';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import { RentersPolicyRecordResponse } from '../../src/api/schemas/rentersPolicyRecord';
import { MovableClock, addDays, businessDate, startOfBusinessDay } from '../../src/calendar';
import { oneYearAfter } from '../../src/server/domain/rentersPolicies/rentersPolicyNumbers';
import type { Db } from '../../src/server/store/db';
import { readStream } from '../../src/server/store/eventStore';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError } from '../support/http';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A cancelled renters policy may be reinstated only while the term its cancellation cut short runs
// (docs/renters-cancellation.md "Reinstate"): from the expiration date the preview is refused, nothing is
// written, and the record says so, so the screen offers no Reinstate.
describe.each(testDatabases())('reinstating a renters policy after its term, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;
  const atTen = (day: string) => clock.set(new Date(startOfBusinessDay(day).getTime() + 10 * 3_600_000));

  it('reinstates up to the day before the expiration date and refuses from it on', async () => {
    const today = businessDate(clock.now());
    const effectiveDate = addDays(today, -30);
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate, termInterval: 'annual' });
    const { policyNumber, matterId, customerId } = await issuePaidRentersPolicy(db(), issue);
    const expiration = oneYearAfter(effectiveDate);
    const change = (kind: 'cancel' | 'reinstate', data: Record<string, unknown>) =>
      e.post(`/v2/renters/policies/${matterId}/${kind}`, INTERNAL, {
        data: { policy_number: policyNumber, ...data },
      });
    const record = async () => {
      const answer = await e.get(`/v2/renters/customers/${customerId}/policies/${matterId}`, INTERNAL);
      expectStatus(answer, 200);
      return RentersPolicyRecordResponse.parse(answer.body).data;
    };

    const base = { reason_code: 'CUSTOMER_REQUEST', cancellation_method: 'PRO_RATA', cancel_date: today };
    const preview = await change('cancel', { ...base, commit: false });
    expectStatus(preview, 200);
    const { fingerprint, preview_token } = RentersChangeResponse.parse(preview.body).data;
    expectStatus(
      await change('cancel', { ...base, commit: true, preview_fingerprint: fingerprint, preview_token }),
      200,
    );
    expect((await record()).canBeReinstated).toBe(true);

    atTen(addDays(expiration, -1));
    expect((await record()).canBeReinstated).toBe(true);
    expectStatus(await change('reinstate', { reason_code: 'CUSTOMER_REQUEST', commit: false }), 200);

    atTen(expiration);
    expect((await record()).canBeReinstated).toBe(false);
    const before = await db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', policyNumber));
    const refused = await change('reinstate', { reason_code: 'CUSTOMER_REQUEST', commit: false });
    expect(expectError(refused, 409).message).toBe(
      `The policy's term ended on ${expiration}: it can no longer be reinstated. Quote a new policy instead.`,
    );
    const after = await db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', policyNumber));
    expect(after).toHaveLength(before.length);
    clock.set(new Date());
  });
});
