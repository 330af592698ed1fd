import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { PolicyRef } from './policyRef';
import { findBillingAccount } from './billingAccount';

export interface UpcomingBill {
  dueDate: BusinessDate;
  amountCents: number;
}

// The policy's next bill as its billing schedules it: the earliest instalment still to be taken that falls due
// on or after the day, so a bill the run already took, or one past due, is never shown as upcoming. (Extra
// charges, a balance due or a charge-back, are shown with the change that made them.) Undefined for
// a policy billed before ledgers (its issue's next bill is all there is); null when nothing more is due.
export async function upcomingBill(
  db: Db | Trx,
  ref: PolicyRef,
  today: BusinessDate,
): Promise<UpcomingBill | null | undefined> {
  const account = await findBillingAccount(db, ref);
  if (!account) return undefined;
  const next = await db
    .selectFrom('billing_instalments')
    .select(['due_date', 'amount_cents'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('kind', '=', 'instalment')
    .where('status', '=', 'scheduled')
    .where('due_date', '>=', today)
    .orderBy('due_date')
    .orderBy('seq')
    .executeTakeFirst();
  return next ? { dueDate: next.due_date, amountCents: next.amount_cents } : null;
}
