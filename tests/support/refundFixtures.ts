import { recordRefund } from '../../src/server/domain/billing/billingCommands';
import type { PolicyRef } from '../../src/server/domain/billing/policyRef';
import { refundReason } from '../../src/server/domain/billing/refunds/refundReasons';
import type { Db } from '../../src/server/store/db';
import { TEST_METADATA } from './records';

// A refund of a policy the payment service refused once, recorded on its billing stream as the refund's own
// ask records it (pending, then failed), without a cancellation: the policy stays as it was, and the retry
// routes and the failed refunds queue have a refund of it to name. Answers the refund's key.
export async function recordFailedRefund(db: Db, ref: PolicyRef, amountCents = 100): Promise<string> {
  const key = `test:${ref.line}:${ref.policyNumber}:refund`;
  await db.transaction().execute(async (trx) => {
    const at = TEST_METADATA.at;
    await recordRefund(trx, ref, { key, amountCents, outcome: 'pending' }, TEST_METADATA, at);
    const reason = refundReason('unknown_charge');
    await recordRefund(trx, ref, { key, amountCents, outcome: 'failed', reason }, TEST_METADATA, at);
  });
  return key;
}
