// Cancellation figures of a pet policy (docs/cancellation.md): pure, whole cents, dates as YYYY-MM-DD.

export type PaymentPeriod = 'MONTHLY' | 'ANNUAL';

// Days from the effective date in which a cancellation is flat (void from the start, all paid premium back).
// The same in every state we write today; a state with a longer period gets its own entry.
export const DEFAULT_FREE_LOOK_DAYS = 30;
const FREE_LOOK_DAYS: Readonly<Record<string, number>> = {};

export function freeLookDays(state: string): number {
  return FREE_LOOK_DAYS[state] ?? DEFAULT_FREE_LOOK_DAYS;
}

export interface CancellationInput {
  effectiveDate: string;
  expirationDate: string;
  // The day the cancellation is asked to take effect; coverage ends at its start.
  cancelDate: string;
  annualPremiumCents: number;
  paymentPeriod: PaymentPeriod;
  freeLookDays: number;
  // The premium the payment service took for the term, net of refunds (its billing ledger), whatever months
  // it paid for. Absent: every instalment that fell due before the cancel date is taken as collected.
  collectedCents?: number | null;
}

export interface CancellationFigures {
  cancelEffectiveDate: string;
  flatCancel: boolean;
  daysInForce: number;
  termDays: number;
  annualPremiumCents: number;
  earnedPremiumCents: number;
  // The premium collected for the term: everything taken, for months before or after the cancel date.
  paidCents: number;
  refundCents: number;
  // Premium earned beyond what was collected: what the customer owes, which billing collects.
  balanceDueCents: number;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

// The day `months` calendar months after `day`, kept to the month's last day (31 January + 1 → 28 February).
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, d));
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

// The twelve monthly instalments split the premium in whole cents; the first carries the odd cents, so the
// sum is always the annual premium.
export function instalment(annualPremiumCents: number, index: number): number {
  const base = Math.floor(annualPremiumCents / 12);
  return index === 0 ? annualPremiumCents - base * 11 : base;
}

// What was paid for cover before the cancel date: the annual premium in full, or the monthly instalments
// that fell due before it (the first on the effective date, then one a month).
export function paidBefore(input: Omit<CancellationInput, 'freeLookDays'>): number {
  if (input.paymentPeriod === 'ANNUAL') return input.annualPremiumCents;
  let paid = 0;
  for (let i = 0; i < 12; i++) {
    const due = addMonths(input.effectiveDate, i);
    if (i > 0 && daysBetween(due, input.cancelDate) <= 0) break;
    paid += instalment(input.annualPremiumCents, i);
  }
  return paid;
}

// Earned premium pro rata by day, rounded half up to the cent.
export function earnedPremium(annualPremiumCents: number, daysInForce: number, termDays: number): number {
  return Math.floor((annualPremiumCents * daysInForce * 2 + termDays) / (termDays * 2));
}

// The caller checks the cancel date lies in the term (effective ≤ cancel date < expiration).
export function cancellationFigures(input: CancellationInput): CancellationFigures {
  const termDays = daysBetween(input.effectiveDate, input.expirationDate);
  // Everything collected for the term counts (docs/billing.md "Cancellation"): an instalment collected for a
  // month after the cancel date paid for cover the customer does not get, so it comes back. Instalments
  // that fell due but were never collected are not paid: they cannot come back.
  const paidCents =
    input.collectedCents === undefined || input.collectedCents === null
      ? paidBefore(input)
      : Math.max(0, input.collectedCents);
  const flatCancel = daysBetween(input.effectiveDate, input.cancelDate) < input.freeLookDays;
  const daysInForce = flatCancel ? 0 : daysBetween(input.effectiveDate, input.cancelDate);
  const earnedPremiumCents = flatCancel ? 0 : earnedPremium(input.annualPremiumCents, daysInForce, termDays);
  return {
    cancelEffectiveDate: flatCancel ? input.effectiveDate : input.cancelDate,
    flatCancel,
    daysInForce,
    termDays,
    annualPremiumCents: input.annualPremiumCents,
    earnedPremiumCents,
    paidCents,
    // A refund never exceeds what was collected less what was earned; what is earned beyond it is owed.
    refundCents: Math.max(0, paidCents - earnedPremiumCents),
    balanceDueCents: Math.max(0, earnedPremiumCents - paidCents),
  };
}
