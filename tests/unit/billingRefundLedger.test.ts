import { describe, expect, it } from 'vitest';
import { refundLedgerMoves } from '../../src/server/domain/billing/refundLedgerMoves';

// A refund in the ledger (docs/billing.md "The ledger"): recorded, it lowers billed, so the money is the
// customer's credit; sent (done), it counts as refunded. Each happens once, however often the refund is
// recorded again.
describe('a refund’s moves in the ledger', () => {
  it('takes the premium off billed when first recorded, and counts nothing refunded while it is pending', () => {
    expect(refundLedgerMoves(undefined, { amountCents: 12_345, outcome: 'pending' })).toEqual({
      returnedCents: 12_345,
      sentCents: 0,
    });
  });

  it('counts a failed refund as returned premium but not as money sent', () => {
    expect(refundLedgerMoves(undefined, { amountCents: 900, outcome: 'failed' })).toEqual({
      returnedCents: 900,
      sentCents: 0,
    });
  });

  it('counts a refund sent at once both as returned premium and as money refunded', () => {
    expect(refundLedgerMoves(undefined, { amountCents: 5_000, outcome: 'done' })).toEqual({
      returnedCents: 5_000,
      sentCents: 5_000,
    });
  });

  it('counts the money refunded when a pending or failed refund is sent, without taking premium off again', () => {
    for (const outcome of ['pending', 'failed'])
      expect(refundLedgerMoves({ outcome }, { amountCents: 5_000, outcome: 'done' })).toEqual({
        returnedCents: 0,
        sentCents: 5_000,
      });
  });

  it('moves nothing when a refund already sent is recorded again', () => {
    expect(refundLedgerMoves({ outcome: 'done' }, { amountCents: 5_000, outcome: 'done' })).toEqual({
      returnedCents: 0,
      sentCents: 0,
    });
  });

  it('moves nothing when a refund still waiting is recorded again, or fails', () => {
    expect(refundLedgerMoves({ outcome: 'pending' }, { amountCents: 5_000, outcome: 'pending' })).toEqual({
      returnedCents: 0,
      sentCents: 0,
    });
    expect(refundLedgerMoves({ outcome: 'pending' }, { amountCents: 5_000, outcome: 'failed' })).toEqual({
      returnedCents: 0,
      sentCents: 0,
    });
  });
});

describe('a refund split across charges, on the ledger', () => {
  const part = (amountCents: number) => ({ chargeId: 'ch_x', amountCents, refundId: 're_x' });

  it('counts as refunded the parts a failed attempt did send, and the rest when a retry sends it', () => {
    expect(
      refundLedgerMoves(
        { outcome: 'pending' },
        { amountCents: 5_000, outcome: 'failed', sent: [part(3_000)] },
      ),
    ).toEqual({ returnedCents: 0, sentCents: 3_000 });
    expect(
      refundLedgerMoves({ outcome: 'pending' }, { amountCents: 5_000, outcome: 'done', sent: [part(2_000)] }),
    ).toEqual({ returnedCents: 0, sentCents: 2_000 });
  });

  it('sends nothing more once done', () => {
    expect(
      refundLedgerMoves({ outcome: 'done' }, { amountCents: 5_000, outcome: 'done', sent: [part(5_000)] }),
    ).toEqual({ returnedCents: 0, sentCents: 0 });
  });
});
