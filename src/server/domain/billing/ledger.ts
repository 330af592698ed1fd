import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { findBillingAccount, type BillingAccountRow } from './billingAccount';
import type { PolicyRef } from './policyRef';

// A policy's money on a business day as its billing stream tells it (docs/billing.md "The ledger"). With
// net = collected − refunded: owed = max(0, billed − net), credit = max(0, net − billed), so
//   collected − refunded = earned − owed + credit,   earned = billed
// where billed is every instalment and extra charge due on or before the day (tried by the daily run or not,
// fallen due in a lapse or not), less premium a refund returned and less unpaid instalments a closing voided.
export interface Ledger {
  billedCents: number;
  collectedCents: number;
  refundedCents: number;
  owedCents: number;
  creditCents: number;
}

export function ledgerFrom(figures: { billed: number; collected: number; refunded: number }): Ledger {
  const net = figures.collected - figures.refunded;
  return {
    billedCents: figures.billed,
    collectedCents: figures.collected,
    refundedCents: figures.refunded,
    owedCents: Math.max(0, figures.billed - net),
    creditCents: Math.max(0, net - figures.billed),
  };
}

export interface ScheduledBill {
  status: string;
  billed: boolean;
  due_date: BusinessDate;
  amount_cents: number;
}

// What has come due by the day that the account's counters do not hold yet. The projection counts a bill as
// billed once the daily run first tries it; one due today before the run, or one that fell due while the
// policy was lapsed (the run tries nothing then), is due all the same. A voided bill is owed by nobody.
export function dueUntriedCents(schedule: readonly ScheduledBill[], day: BusinessDate): number {
  return schedule
    .filter((bill) => bill.status === 'scheduled' && !bill.billed && bill.due_date <= day)
    .reduce((sum, bill) => sum + bill.amount_cents, 0);
}

// The ledger of an account row (its counters are bigint columns) and of its schedule on the day.
export function ledgerOfAccount(
  account: Pick<BillingAccountRow, 'billed_cents' | 'collected_cents' | 'refunded_cents'>,
  schedule: readonly ScheduledBill[],
  day: BusinessDate,
): Ledger {
  return ledgerFrom({
    billed: Number(account.billed_cents) + dueUntriedCents(schedule, day),
    collected: Number(account.collected_cents),
    refunded: Number(account.refunded_cents),
  });
}

// `day` is the caller's business day: what is owed changes when a bill falls due, not when the run tries it.
export async function ledgerOf(db: Db | Trx, ref: PolicyRef, day: BusinessDate): Promise<Ledger | null> {
  const account = await findBillingAccount(db, ref);
  if (!account) return null;
  const schedule = await db
    .selectFrom('billing_instalments')
    .select(['status', 'billed', 'due_date', 'amount_cents'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .execute();
  return ledgerOfAccount(account, schedule, day);
}
