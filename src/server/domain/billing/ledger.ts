import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { findBillingAccount, type BillingAccountRow } from './billingAccount';
import type { PolicyRef } from './policyRef';

// A policy's money as its billing stream tells it (docs/billing.md "The ledger"). With
// net = collected − refunded: owed = max(0, billed − net), credit = max(0, net − billed), so
//   collected − refunded = earned − owed + credit,   earned = billed
// where billed is the premium of the periods whose instalments have come due, plus extra charges, less
// premium a refund returned and less unpaid instalments of periods a lapse took away.
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

// The ledger of an account row as its projection keeps it (the counters are bigint columns).
export function ledgerOfAccount(
  account: Pick<BillingAccountRow, 'billed_cents' | 'collected_cents' | 'refunded_cents'>,
): Ledger {
  return ledgerFrom({
    billed: Number(account.billed_cents),
    collected: Number(account.collected_cents),
    refunded: Number(account.refunded_cents),
  });
}

export async function ledgerOf(db: Db | Trx, ref: PolicyRef): Promise<Ledger | null> {
  const account = await findBillingAccount(db, ref);
  return account ? ledgerOfAccount(account) : null;
}
