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
// recorded again (a retry, the outcome landing) moves neither a second time.
export function refundLedgerMoves(
  before: { outcome: string } | undefined,
  refund: Pick<RefundRecorded, 'amountCents' | 'outcome'>,
): RefundLedgerMoves {
  return {
    returnedCents: before ? 0 : refund.amountCents,
    sentCents: refund.outcome === 'done' && before?.outcome !== 'done' ? refund.amountCents : 0,
  };
}
