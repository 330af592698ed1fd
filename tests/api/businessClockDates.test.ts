import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CancelResponse } from '../../src/api/schemas/policies';
import { RentersPolicyRecordResponse } from '../../src/api/schemas/rentersPolicyRecord';
import { addDays, businessDate, MovableClock, startOfBusinessDay } from '../../src/calendar';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { runBusinessDays } from '../../src/server/jobs/dailySchedule';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { appendTo, rentersPolicyIn } from '../support/rentersRewriteApi';
import { rentersQuoteApi, rentersStart } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// One business clock (docs/conventions.md "One business clock"): what a request does is dated by the business
// clock, not the database's or the wall clock; a preview's minutes are business minutes; a preview of a
// pending cancellation is not committed as an immediate one once the business day has turned; and the
// renters line's "today" is the business day, which at 7:30 PM Central is still the day UTC has left.
describe.each(testDatabases())('the business clock on %s', (database) => {
  // The policy starts on a winter day; the clock then moves on 41 days, past the free look.
  const START = '2027-01-04';
  const clock = new MovableClock(new Date(startOfBusinessDay(START).getTime() + 10 * 3_600_000));
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const cancel = (matterId: number, data: unknown) =>
    e.post(`/v2/policies/${matterId}/cancel`, AGENT, { data });
  const at = (day: string, hour: number, minute = 0) =>
    new Date(startOfBusinessDay(day).getTime() + (hour * 60 + minute) * 60_000);

  it('dates a cancellation by the moved business clock, ends a preview when the clock moves past its minutes, and refuses to commit a pending preview once its date has come', async () => {
    const { policies } = await purchasePolicies(s.t, { startDate: START });
    const policy = policies[0]!;
    const tomorrow = '2027-02-15';

    // 11:55 PM on Feb 14: a cancellation dated tomorrow waits for its date.
    clock.set(at('2027-02-14', 23, 55));
    const request = { cancelDate: tomorrow, reason: 'CUSTOMER_REQUEST', commit: false };
    const pending = CancelResponse.parse((await cancel(policy.matterId, request)).body).data;
    expect(pending.cancelEffectiveDate).toBe(tomorrow);

    // Ten minutes later it is Feb 15: committed now it would take effect at once, which is not what was shown.
    clock.advance({ minutes: 10 });
    const turned = await cancel(policy.matterId, {
      ...request,
      commit: true,
      previewToken: pending.previewToken,
    });
    expect(expectError(turned, 409).message).toMatch(/would not do what its preview showed/);

    // A fresh preview holds for its minutes of business time: a day's move ends it.
    const fresh = CancelResponse.parse((await cancel(policy.matterId, request)).body).data;
    clock.advance({ days: 1 });
    const late = await cancel(policy.matterId, {
      ...request,
      commit: true,
      previewToken: fresh.previewToken,
    });
    expect(expectError(late, 409).message).toMatch(/expired/);

    // Previewed and committed on Feb 16 at 9 AM: the event is dated then, not by the database's clock.
    clock.set(at('2027-02-16', 9));
    const third = CancelResponse.parse((await cancel(policy.matterId, request)).body).data;
    expectStatus(
      await cancel(policy.matterId, { ...request, commit: true, previewToken: third.previewToken }),
      200,
    );
    const events = await sql<{ recorded_at: Date }>`
      select recorded_at from events
       where stream_type = 'policy' and stream_id = ${policy.policyNumber} and type = 'policy.cancelled'`.execute(
      db(),
    );
    expect(events.rows.map((r) => new Date(r.recorded_at).toISOString())).toEqual([
      at('2027-02-16', 9).toISOString(),
    ]);
  });

  it('dates each skipped day’s collections on that day when the clock moves 70 days at once', async () => {
    clock.set(at('2027-03-01', 10));
    const { policies } = await purchasePolicies(s.t, { startDate: '2027-03-01' });
    const policyNumber = policies[0]!.policyNumber;
    const appDb = s.t.server.database.appDb;
    const quiet = { info: () => undefined, warn: () => undefined };
    const context = { db: appDb, clock, payments: createSandboxPaymentAdapter({ db: appDb }), log: quiet };
    await runBusinessDays(context, { through: '2027-03-01' });
    clock.advance({ days: 70 });
    await runBusinessDays(context, { through: businessDate(clock.now()) });
    const collected = await sql<{ due: string; recorded_at: Date }>`
      select e.data->>'collectedOn' as due, e.recorded_at from events e
       where e.stream_type = 'billing' and e.type = 'billing.instalmentCollected'
         and e.stream_id like ${`%${policyNumber}`}
       order by e.version`.execute(db());
    // April's and May's instalments (March's was paid at the purchase), each on its due day, not the move's end.
    expect(collected.rows.map((r) => r.due)).toEqual(['2027-04-01', '2027-05-01']);
    for (const row of collected.rows) expect(businessDate(new Date(row.recorded_at))).toBe(row.due);
  });

  it('starts a renters quote on the business day at 7:30 PM Central, when UTC has turned over', async () => {
    const evening = at('2027-02-20', 19, 30);
    clock.set(evening);
    expect(evening.toISOString().slice(0, 10)).toBe('2027-02-21');
    const today = businessDate(evening);
    expect(today).toBe('2027-02-20');
    const renters = rentersQuoteApi(e);
    const started = await renters.post('/v2/renters/quotes', { ...rentersStart(), effective_date: today });
    expectStatus(started, 200);
    const yesterday = await renters.post('/v2/renters/quotes', {
      ...rentersStart(),
      effective_date: addDays(today, -1),
    });
    expectValidationError(yesterday, ['effective_date']);
  });
  it('shows a renters policy as it stands on the business day at 7:30 PM Central: a cancellation dated tomorrow is still to come', async () => {
    const evening = at('2027-02-22', 19, 30);
    clock.set(evening);
    const today = businessDate(evening);
    const policy = await rentersPolicyIn(db(), await entityIdOf(db(), NORTHWIND_AUSTIN), 'active');
    await appendTo(db(), policy.policyNumber, [
      {
        type: 'renters.cancelled',
        data: {
          method: 'PRO_RATA',
          cancelDate: addDays(today, 1),
          immediate: false,
          reasonCode: 'INSURED_REQUEST',
        },
      },
    ]);
    const path = `/v2/renters/customers/${policy.customerId}/policies/${policy.matterId}`;
    const read = async () => {
      const response = await e.get(path, INTERNAL);
      expectStatus(response, 200);
      return RentersPolicyRecordResponse.parse(response.body).data;
    };
    const record = await read();
    // UTC's day is already tomorrow, the cancellation's day; the business day is not.
    expect(record.isCurrent).toBe(true);
    clock.set(at(addDays(today, 1), 9));
    const next = await read();
    expect(next.isCurrent).toBe(false);
  });
});
