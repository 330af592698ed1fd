import type { StatementFilterKey } from '../../api/calls/commissionStatements';
import {
  PAYMENT_STATUSES,
  REVIEW_STATUSES,
  type StatementFilterInput,
} from '../../api/schemas/commissionStatements';
import {
  commandRefusal,
  stateOfStatuses,
  type StatementCommand,
  type StatementState,
} from '../../machines/commissionStatement';
import { formatBusinessMonth } from '../../calendar';

// SPEC §3 "Commission statement search"; the URL uses the same names (?entityCode=1234&paidOn=2026-05-01).
export const STATEMENT_FILTER_KEYS = [
  'date',
  'months',
  'entityCode',
  'accountManager',
  'stateCode',
  'reviewStatus',
  'paymentStatus',
  'payoutFrequency',
  'payoutMethod',
  'addedToAccounting',
  'minAmount',
  'maxAmount',
  'paidOn',
  'downloadStatus',
] as const satisfies readonly StatementFilterKey[];

export type StatementFilterValues = StatementFilterInput;

// Each screen starts on its statuses (SPEC §9): the review screen on Pending, the payments screen on Approved,
// both on Not Paid. A status the URL does not name is the screen's default; `all` in the URL is a choice of
// any status, so "Any" survives a reload and a shared link.
export type StatusDefaults = Pick<StatementFilterValues, 'reviewStatus' | 'paymentStatus'>;
export const ANY_STATUS = 'all';
const DEFAULTED = ['reviewStatus', 'paymentStatus'] as const;

// The filter the server is asked for: the URL's, with the screen's status defaults and without `all`.
export function effectiveFilter(url: StatementFilterValues, defaults: StatusDefaults): StatementFilterValues {
  const filter: StatementFilterValues = { ...url };
  for (const key of DEFAULTED) {
    const value = url[key] ?? defaults[key];
    if (value && value !== ANY_STATUS) filter[key] = value;
    else delete filter[key];
  }
  return filter;
}

// What the filter form shows for a status: the URL's choice, else the default, else any.
export const shownStatus = (
  url: StatementFilterValues,
  defaults: StatusDefaults,
  key: (typeof DEFAULTED)[number],
): string => url[key] ?? defaults[key] ?? ANY_STATUS;

// What goes into the URL for a submitted form: a status equal to the default is left out (a clean URL).
export function urlFilter(form: StatementFilterValues, defaults: StatusDefaults): StatementFilterValues {
  const filter: StatementFilterValues = {};
  for (const key of STATEMENT_FILTER_KEYS) {
    const value = form[key]?.trim();
    if (value) filter[key] = value;
  }
  for (const key of DEFAULTED) {
    const value = filter[key] ?? ANY_STATUS;
    if (value === (defaults[key] ?? ANY_STATUS)) delete filter[key];
    else filter[key] = value;
  }
  return filter;
}

// The statement states a status filter leaves (src/machines/commissionStatement.ts: pending, approved, paid).
export function statesOf(filter: StatementFilterValues): StatementState[] {
  const reviews = REVIEW_STATUSES.filter((r) => !filter.reviewStatus || r === filter.reviewStatus);
  const payments = PAYMENT_STATUSES.filter((p) => !filter.paymentStatus || p === filter.paymentStatus);
  return reviews.flatMap((r) => payments.map((p) => stateOfStatuses(r, p))).filter((s) => s !== null);
}

// Whether a command could move any statement this filter matches: "Approve all matching" is not offered
// when the status filter shows approved statements only, for example.
export const commandFitsFilter = (command: StatementCommand, filter: StatementFilterValues): boolean =>
  statesOf(filter).some((state) => commandRefusal(command, state) === null);

// A statement month (YYYY-MM) as "May 2026".
export function monthLabel(month: string): string {
  return formatBusinessMonth(month, 'long');
}
