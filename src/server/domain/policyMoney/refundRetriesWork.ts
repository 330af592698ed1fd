import { businessDate } from '../../../calendar';
import type { DailyWork } from '../../jobs/dailyWork';
import { failedRefunds } from '../billing/refunds/refundHistory';
import { isTransientReason } from '../billing/refunds/refundReasons';
import { retryPolicyRefund } from './policyRefund';

// Once a business day: every failed refund whose reason may pass (the payment service could not be reached)
// is asked for again, as a staff member's Retry would. A refund that failed on the day being worked, or was
// already tried again that day, waits for the next, so running the day twice asks once.
export const refundRetries: DailyWork = {
  name: 'refund-retries',
  title: 'Ask again for failed refunds',
  async run(ctx) {
    const failed = (await failedRefunds(ctx.db, { kind: 'all' })).filter(
      (r) => isTransientReason(r.reason) && businessDate(r.at) < ctx.businessDate,
    );
    const summary = { asked: 0, done: 0, failed: 0 };
    const metadata = {
      userId: null,
      entityId: null,
      requestId: `daily:refund-retries:${ctx.businessDate}`,
      at: ctx.clock.now(),
    };
    for (const refund of failed) {
      const answer = await retryPolicyRefund(
        { db: ctx.db, payments: ctx.payments, clock: ctx.clock, metadata, log: ctx.log },
        refund.ref,
        { key: refund.key, attempt: refund.attempt + 1 },
      );
      summary.asked += 1;
      if (answer.status === 'done') summary.done += 1;
      if (answer.status === 'failed') summary.failed += 1;
    }
    return summary;
  },
};
