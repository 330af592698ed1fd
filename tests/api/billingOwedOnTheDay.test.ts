import { describe, expect, it } from 'vitest';
import { BillingResponse, type Billing } from '../../src/api/schemas/billing';
import { MovableClock, addDays, addMonths, businessDate, startOfBusinessDay } from '../../src/calendar';
import { DUNNING } from '../../src/machines/billingAccount';
import type { Db } from '../../src/server/store/db';
import { DECLINING_CARD, cardToken, runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { AGENT } from '../support/personas';
import { purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const cents = (dollars: number) => Math.round(dollars * 100);

// What a policy owes on a business day (docs/billing.md "The ledger"): every instalment due on or before the
// day and not paid, whether the daily run has tried it yet or not, and the months that fall due while the policy
// is lapsed, until the lapse is final. The ledger once counted a bill only once the run had tried it, and the
// run tries nothing on a lapsed policy, so the Payments tab read "Owed $0.00" on an instalment's due day before
// the run, and a lapsed policy owed only the month it first missed.
describe.each(testDatabases())('what a policy owes on the day, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;
  const atTen = (day: string) => clock.set(new Date(startOfBusinessDay(day).getTime() + 10 * 3_600_000));

  const billingOf = async (matterId: number): Promise<Billing> => {
    const answer = await e.get(`/v2/policies/${matterId}/billing`, AGENT);
    expectStatus(answer, 200);
    return BillingResponse.parse(answer.body).data.billing!;
  };
  // Read as the Payments tab reads it: the ledger's identity holds, and owed is what "Pay now" would take.
  const owedOn = async (matterId: number, day: string) => {
    const billing = await billingOf(matterId);
    const l = billing.ledger;
    expect(billing.today).toBe(day);
    expect(cents(l.collected) - cents(l.refunded)).toBe(cents(l.billed) - cents(l.owed) + cents(l.credit));
    expect(l.owed).toBe(billing.dueNow);
    return billing;
  };
  const amountOf = (billing: Billing, dueDate: string) =>
    cents(billing.schedule.find((row) => row.kind === 'instalment' && row.dueDate === dueDate)!.amount);

  // The second instalment is due a month after the first missed one, in a month of 31 days: after the 30 days
  // of grace, so it falls due while the policy is lapsed.
  let start = businessDate(clock.now());
  while (Number(start.slice(8)) > 28 || addDays(addMonths(start, 1), 31) !== addMonths(start, 2))
    start = addDays(start, 1);
  const missed = addMonths(start, 1);
  const inLapse = addMonths(start, 2);
  const lapseDay = addDays(missed, DUNNING.graceDays);
  let paying: IssuedPolicy;
  let declining: IssuedPolicy;

  it('owes the month’s instalment from its due day, before the daily run has tried it', async () => {
    expect(inLapse).toBe(addDays(lapseDay, 1));
    atTen(start);
    [paying, declining] = (await purchasePolicies(s.t, { petNames: ['Sage', 'Thyme'], startDate: start }))
      .policies as [IssuedPolicy, IssuedPolicy];
    await db()
      .updateTable('billing_accounts')
      .set({ token: await cardToken(db(), DECLINING_CARD) })
      .where('line', '=', 'pet')
      .where('policy_number', '=', declining.policyNumber)
      .execute();

    atTen(missed);
    for (const policy of [paying, declining]) {
      const due = await owedOn(policy.matterId, missed);
      const [first] = due.schedule;
      expect(cents(due.ledger.owed)).toBe(amountOf(due, missed));
      expect(cents(due.ledger.billed)).toBe(cents(first!.amount) + amountOf(due, missed));
      expect(due).toMatchObject({ state: 'current', can: { payNow: true } });
    }
  });

  it('owes nothing once the run collected it; a lapsed policy owes the months that fall due in the lapse, until the lapse is final', async () => {
    // The run: one card pays and owes nothing; the other declines and still owes the month.
    await runDatedWorkOn(db(), clock, missed);
    expect((await owedOn(paying.matterId, missed)).ledger).toMatchObject({ owed: 0, credit: 0 });
    const pastDue = await owedOn(declining.matterId, missed);
    expect(pastDue.state).toBe('pastDue');
    expect(cents(pastDue.ledger.owed)).toBe(amountOf(pastDue, missed));

    for (const retry of DUNNING.retryDays) await runDatedWorkOn(db(), clock, addDays(missed, retry));
    await runDatedWorkOn(db(), clock, lapseDay);
    const lapsed = await owedOn(declining.matterId, lapseDay);
    expect(lapsed.state).toBe('lapsed');
    expect(cents(lapsed.ledger.owed)).toBe(amountOf(lapsed, missed));

    // The next month falls due in the lapse: the run tries nothing, and it is owed all the same.
    await runDatedWorkOn(db(), clock, inLapse);
    const more = await owedOn(declining.matterId, inLapse);
    expect(more).toMatchObject({ state: 'lapsed', can: { payNow: true } });
    expect(more.schedule.find((row) => row.dueDate === inLapse)).toMatchObject({
      status: 'scheduled',
      attempts: 0,
    });
    expect(cents(more.ledger.owed)).toBe(amountOf(more, missed) + amountOf(more, inLapse));
    expect(cents(more.ledger.billed)).toBe(
      cents(more.schedule[0]!.amount) + amountOf(more, missed) + amountOf(more, inLapse),
    );

    // The lapse is final: the unpaid months are voided, and nothing is owed.
    const final = addDays(lapseDay, DUNNING.reinstatementDays);
    await runDatedWorkOn(db(), clock, final);
    const closed = await owedOn(declining.matterId, final);
    expect(closed.state).toBe('closed');
    expect(closed.ledger).toMatchObject({ owed: 0, credit: 0 });
  });
});
