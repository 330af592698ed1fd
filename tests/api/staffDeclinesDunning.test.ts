import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  businessDate,
  fixedClock,
  startOfBusinessDay,
  MovableClock,
} from '../../src/calendar';
import { BillingRefusal, payNow } from '../../src/server/domain/policyMoney/payNow';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { DECLINING_CARD, cardToken, runBillingOn } from '../support/billingDays';
import { purchasePolicies } from '../support/policyFixtures';
import { testActor } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Staff taking a payment that declines does not use up the daily run's tries (docs/billing.md "The daily run,
// dunning, grace and reinstatement"): the run still tries 3, 7 and 14 days after the due date, each with a
// notice. Once, two staff declines on the due day made the run's next try its last, and the day-7 try and its
// notice never happened.
describe.each(testDatabases())('staff declines beside the dunning schedule, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;

  it('keeps the run’s tries on days 3, 7 and 14 after two staff declines on the due day', async () => {
    const start = businessDate(clock.now());
    const { policies } = await purchasePolicies(s.t, { startDate: start });
    const { policyNumber } = policies[0]!;
    await db()
      .updateTable('billing_accounts')
      .set({ token: await cardToken(db(), DECLINING_CARD) })
      .where('line', '=', 'pet')
      .where('policy_number', '=', policyNumber)
      .execute();
    const due = addMonths(start, 1);
    for (let i = 0; i < 2; i += 1) {
      const answer = await payNow(
        {
          db: db(),
          payments: createSandboxPaymentAdapter({ db: db() }),
          clock: fixedClock(startOfBusinessDay(due)),
        },
        { line: 'pet', policyNumber },
        due,
        { ...testActor(null), at: startOfBusinessDay(due) },
      ).catch((error: unknown) => error);
      expect(answer instanceof BillingRefusal ? answer.message : answer).toMatchObject({ declined: 1 });
    }
    for (let day = 0; day <= 15; day += 1) await runBillingOn(db(), addDays(due, day));

    const declines = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_type', '=', 'billing')
      .where('stream_id', '=', `pet:${policyNumber}`)
      .where('type', '=', 'billing.instalmentDeclined')
      .orderBy('position')
      .execute();
    const days = declines
      .filter((e) => (e.data as { seq: number }).seq === 2)
      .map((e) => (e.data as { declinedOn: string }).declinedOn);
    expect(days).toEqual([due, due, addDays(due, 3), addDays(due, 7), addDays(due, 14)]);
    // A notice for each of the run's tries, none for staff's (staff tell the customer themselves).
    const notices = await db()
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'billing.paymentDeclined')
      .where(sql<boolean>`payload::text like ${`%${policyNumber}%`}`)
      .execute();
    expect(notices).toHaveLength(3);
  });
});
