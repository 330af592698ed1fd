import type { RefundRecorded } from './billingEvents';

export interface RefundLedgerMoves {
  // Premium the refund gives back, taken off billed.
  returnedCents: number;
  // Money the payment service sent back, added to refunded.
  sentCents: number;
}

// How a refund's record moves the ledger (docs/billing.md "The ledger"), given what was recorded under its key
// before (undefined the first time): it returns premium the policy no longer earns, so billed drops once, when
// it is first recorded; the money counts as refunded once, when the payment service has sent it. A refund
// recorded again (a retry, the outcome landing) moves neither a second time. A refund split across charges
// counts the parts each record says were sent, so money a failed attempt did send is on the ledger.
export function refundLedgerMoves(
  before: { outcome: string } | undefined,
  refund: Pick<RefundRecorded, 'amountCents' | 'outcome' | 'sent'>,
): RefundLedgerMoves {
  const returnedCents = before ? 0 : refund.amountCents;
  if (before?.outcome === 'done') return { returnedCents, sentCents: 0 };
  // A split refund's record says which parts it sent; a failed attempt may have sent some of them.
  if (refund.sent)
    return { returnedCents, sentCents: refund.sent.reduce((sum, part) => sum + part.amountCents, 0) };
  return { returnedCents, sentCents: refund.outcome === 'done' ? refund.amountCents : 0 };
}
