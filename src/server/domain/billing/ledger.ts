import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
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

export async function ledgerOf(db: Db | Trx, ref: PolicyRef): Promise<Ledger | null> {
  const row = await db
    .selectFrom('billing_accounts')
    .select(['billed_cents', 'collected_cents', 'refunded_cents'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .executeTakeFirst();
  if (!row) return null;
  return ledgerFrom({
    billed: Number(row.billed_cents),
    collected: Number(row.collected_cents),
    refunded: Number(row.refunded_cents),
  });
}
