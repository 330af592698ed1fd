import { sql } from 'kysely';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { findBillingAccount } from './billingAccount';
import { petPremiumPaid, type PetTerm } from './petPremiumPaid';
import type { RefundRecorded } from './billingEvents';
import { correctionRefundKey } from './correctionRefundKeys';
import { BILLING_STREAM, billingStreamId } from './policyRef';
import { refundLedgerMoves } from './refundLedgerMoves';

export type { PetTerm } from './petPremiumPaid';

// The premium a pet policy's payments have paid, net of refunds, as cancellation weighs it against the
// premium earned (docs/billing.md "Cancellation"). An instalment the customer pays carries, beside its month's
// share of the premium, the fees and taxes of the payment; those stay paid whatever happens to the cover, so
// each instalment collected counts only its premium share (the whole premium when paid annually). A balance
// due collected is premium; a refund sent gave premium back, except a schedule correction's: it returned what
// an instalment took beyond its price, and the instalment's row was restated to that price
// (docs/reconciliation.md "Correcting what older versions billed"). Null when billing does not know the term: a
// policy billed before ledgers, or a term renewed before renewals were billed.
export async function petPremiumCollected(
  db: Db | Trx,
  policyNumber: string,
  term: PetTerm,
): Promise<number | null> {
  const account = await findBillingAccount(db, { line: 'pet', policyNumber });
  if (!account || account.term_effective !== term.effectiveDate) return null;
  const paid = await db
    .selectFrom('billing_instalments')
    .select(['kind', 'due_date', 'amount_cents'])
    .where('line', '=', 'pet')
    .where('policy_number', '=', policyNumber)
    .where('status', '=', 'paid')
    .execute();
  const overCollected = await scheduleCorrectionSent(db, policyNumber);
  return petPremiumPaid(term, paid) - (Number(account.refunded_cents) - overCollected);
}

// What a schedule correction's refund has sent, as the ledger's refunded counted it (refundLedgerMoves).
async function scheduleCorrectionSent(db: Db | Trx, policyNumber: string): Promise<number> {
  const ref = { line: 'pet' as const, policyNumber };
  const rows = await db
    .selectFrom('events')
    .select('data')
    .where('stream_type', '=', BILLING_STREAM)
    .where('stream_id', '=', billingStreamId(ref))
    .where('type', '=', 'billing.refundRecorded')
    .where(sql<boolean>`data->>'key' = ${correctionRefundKey(ref, 'schedule')}`)
    .orderBy('position')
    .execute();
  let before: { outcome: string } | undefined;
  let sent = 0;
  for (const row of rows) {
    const refund = row.data as unknown as RefundRecorded;
    sent += refundLedgerMoves(before, refund).sentCents;
    before = refund;
  }
  return sent;
}
