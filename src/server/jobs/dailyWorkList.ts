import { billingDailyWork } from '../domain/policyMoney/billingDailyWork';
import { policyDatesWork } from '../domain/policyDates/policyDatesWork';
import { reconciliationWork } from '../domain/reconciliation/reconciliationWork';
import { refundRetries } from '../domain/policyMoney/refundRetriesWork';
import type { DailyWork } from './dailyWork';
import { monthEndStatementsWork } from './monthEndStatementsWork';
import { sessionRecordingRetention } from '../domain/sessionRecordings/sessionRecordingRetention';

// Every piece of daily work, in the order a business day runs them: dates that act first (a policy that ends
// today is not billed today), then money and its reconciliation, then the month's statements.
export const DAILY_WORK: readonly DailyWork[] = [
  // First: cancellations, non-renewals and renewals that fall due, so the day's billing sees them.
  policyDatesWork,
  // Then money: instalments due, dunning, lapses for non-payment.
  billingDailyWork,
  // Then refunds that failed for a passing reason, asked for again.
  refundRetries,
  // Then the money as it stands compared with the payment service, the prices sold and the cancellations.
  reconciliationWork,
  // Then the month's statements, which count what the day's other work recorded.
  monthEndStatementsWork,
  // Housekeeping after the business: support recordings past their retention (docs/session-recording.md).
  sessionRecordingRetention,
];
