import { describe, expect, it } from 'vitest';
import { splitRefund } from '../../src/server/domain/billing/refunds/refundCharges';

// A refund goes back to the charges that hold the policy's money, newest first, each asked for no more than it
// holds (docs/payments.md "Refunds").
describe('splitting a refund across charges', () => {
  const holding = [
    { chargeId: 'ch_may', amountCents: 4_000 },
    { chargeId: 'ch_april', amountCents: 4_000 },
    { chargeId: 'ch_purchase', amountCents: 4_600 },
  ];

  it('takes a refund the newest charge holds from it alone', () => {
    expect(splitRefund(holding, 2_500)).toEqual([{ chargeId: 'ch_may', amountCents: 2_500 }]);
  });

  it('goes on to older charges for the rest', () => {
    expect(splitRefund(holding, 9_000)).toEqual([
      { chargeId: 'ch_may', amountCents: 4_000 },
      { chargeId: 'ch_april', amountCents: 4_000 },
      { chargeId: 'ch_purchase', amountCents: 1_000 },
    ]);
  });

  it('is no plan when the charges together hold less than the refund', () => {
    expect(splitRefund(holding, 12_601)).toBeNull();
    expect(splitRefund(holding, 12_600)).toHaveLength(3);
  });
});
