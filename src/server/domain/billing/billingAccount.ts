import type { Selectable } from 'kysely';
import { addDays, type BusinessDate } from '../../../calendar';
import { DUNNING } from '../../../machines/billingAccount';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { BillingAccountsTable } from '../../store/tables/billingTables';
import type { PolicyRef } from './policyRef';

export type BillingAccountRow = Selectable<BillingAccountsTable>;

// A policy's billing account as its stream last projected it; undefined for a policy billed before ledgers.
export function findBillingAccount(db: Db | Trx, ref: PolicyRef): Promise<BillingAccountRow | undefined> {
  return db
    .selectFrom('billing_accounts')
    .selectAll()
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .executeTakeFirst();
}

// The last day a late payment reinstates a lapsed account; null when it has not lapsed.
export function reinstateBy(account: Pick<BillingAccountRow, 'lapsed_on'>): BusinessDate | null {
  return account.lapsed_on ? addDays(account.lapsed_on, DUNNING.reinstatementDays) : null;
}

// A lapsed account whose reinstatement window closed before the day: no late payment is taken any more.
export function reinstatementWindowOver(
  account: Pick<BillingAccountRow, 'state' | 'lapsed_on'>,
  today: BusinessDate,
): boolean {
  const by = reinstateBy(account);
  return account.state === 'lapsed' && by !== null && by < today;
}
