import type { DailyWork } from '../../jobs/dailyWork';
import { runBillingDay } from './runBillingDay';

// The billing run as a piece of daily work (docs/billing.md "The daily run").
export const billingDailyWork: DailyWork = {
  name: 'billing',
  title: 'Collect instalments due',
  run: (ctx) => runBillingDay(ctx),
};
