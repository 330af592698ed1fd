import type { MovableClock } from '../../src/calendar';
import { fixedClock, startOfBusinessDay } from '../../src/calendar';
import type { PolicyLine } from '../../src/server/domain/billing/policyRef';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { policyDatesWork } from '../../src/server/domain/policyDates/policyDatesWork';
import type { Db } from '../../src/server/store/db';

// The billing suites' days: the billing run of one business day, a day's dated work on a moved clock, a
// policy's schedule as billing keeps it, and sandbox card tokens.

// The daily billing run for the day, on a clock standing at its start.
export function runBillingOn(db: Db, day: string) {
  return runBillingDay({
    db,
    payments: createSandboxPaymentAdapter({ db }),
    clock: fixedClock(startOfBusinessDay(day)),
    businessDate: day,
  });
}

const silent = { info: () => undefined, warn: () => undefined };

// Moves the clock to ten in the morning of the day and runs its dated work in the daily work's order: the
// policy dates (pending cancellations take effect, renewals), then billing.
export async function runDatedWorkOn(db: Db, clock: MovableClock, day: string) {
  clock.set(new Date(startOfBusinessDay(day).getTime() + 10 * 3_600_000));
  const context = {
    db,
    payments: createSandboxPaymentAdapter({ db, now: () => clock.now() }),
    clock,
    businessDate: day,
    log: silent,
  };
  await policyDatesWork.run(context);
  await runBillingDay(context);
}

export function scheduleOf(db: Db, line: PolicyLine, policyNumber: string) {
  return db
    .selectFrom('billing_instalments')
    .select(['seq', 'kind', 'status', 'amount_cents', 'due_date'])
    .where('line', '=', line)
    .where('policy_number', '=', policyNumber)
    .orderBy('seq')
    .execute();
}

export const DECLINING_CARD = '4000000000000002';
export const GOOD_CARD = '4242424242424242';

// A sandbox token of the card number (the sandbox declines DECLINING_CARD).
export async function cardToken(db: Db, number: string, name = 'Pat Payer'): Promise<string> {
  const card = await createSandboxPaymentAdapter({ db }).tokenizeCard({
    number,
    expiryMonth: 12,
    expiryYear: 2040,
    cvc: '123',
    name,
    zip: '78701',
  });
  if (!card.ok) throw new Error('tokenize');
  return card.payment.token;
}
