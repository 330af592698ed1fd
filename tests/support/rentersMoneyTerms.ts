// The terms of a renters policy and the figures of its money, for the renters money model
// (tests/support/rentersMoneyModel.ts). Written from the docs, sharing no code with src/: the schedule of
// docs/billing.md "The schedule" and "Renewal", the cancellation's figures of docs/renters-cancellation.md
// "Cancel".

export type TermInterval = 'annual' | 'monthly';

// One term of the policy: the purchase's, or a renewal's as the renewal event priced it. Days are counted
// from the story's start (day 0, the purchase and the first term's effective date).
export interface ModelRentersTerm {
  startDay: number;
  // Days from the term's effective date to its expiration date (a year later).
  termDays: number;
  // Due days of the term's payments (one paid in full, twelve monthly), the first on the start day.
  dueDays: readonly number[];
  termPremiumCents: number;
  taxesCents: number;
  feesCents: number;
  // The term's first payment and, monthly, each later one.
  firstPaymentCents: number;
  laterPaymentCents: number | null;
}

export interface RentersRenewalPrice {
  termPremiumCents: number;
  taxesCents: number;
  feesCents: number;
  totalCents: number;
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

// The same day `months` later, kept to the month's last day when shorter (docs/billing.md "The schedule").
export function monthsLater(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export const daysFrom = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export const dateAt = (from: string, days: number) =>
  new Date((dayNumber(from) + days) * 86_400_000).toISOString().slice(0, 10);

// The days of the term effective on `effectiveDate`, counted from the story's start: the renewal's term
// starts on the expiration date of the one before, each payment counted from its own effective date.
export function termDaysOf(
  storyStart: string,
  effectiveDate: string,
  interval: TermInterval,
): Pick<ModelRentersTerm, 'startDay' | 'termDays' | 'dueDays'> {
  const startDay = daysFrom(storyStart, effectiveDate);
  return {
    startDay,
    termDays: daysFrom(effectiveDate, monthsLater(effectiveDate, 12)),
    dueDays: Array.from({ length: interval === 'monthly' ? 12 : 1 }, (_, i) =>
      daysFrom(storyStart, monthsLater(effectiveDate, i)),
    ),
  };
}

// A renewal's term as billing schedules it: paid in full, one payment of the total; monthly, "a down payment
// with the odd cents and eleven equal instalments" (docs/billing.md "Renewal").
export function renewalTerm(
  storyStart: string,
  effectiveDate: string,
  interval: TermInterval,
  price: RentersRenewalPrice,
): ModelRentersTerm {
  const later = Math.floor(price.totalCents / 12);
  return {
    ...termDaysOf(storyStart, effectiveDate, interval),
    termPremiumCents: price.termPremiumCents,
    taxesCents: price.taxesCents,
    feesCents: price.feesCents,
    firstPaymentCents: interval === 'monthly' ? price.totalCents - 11 * later : price.totalCents,
    laterPaymentCents: interval === 'monthly' ? later : null,
  };
}

// Each annual line split as the schedule splits it: eleven of floor(annual / 12), the first carrying the odd
// cents (docs/renters-cancellation.md "Paid").
const share = (annualCents: number, index: number) =>
  index === 0 ? annualCents - 11 * Math.floor(annualCents / 12) : Math.floor(annualCents / 12);

// Pro rata by day, rounded half up (docs/renters-cancellation.md "Cancel").
export const earnedOf = (cents: number, days: number, termDays: number) =>
  Math.floor((cents * days * 2 + termDays) / (termDays * 2));

// Premium and taxes held by `collectedCents` of the term's money, split as the bills are, in the order they fall
// due: each bill's money goes to its premium first, then its taxes, then its fees (which are kept).
export function premiumAndTaxesIn(term: ModelRentersTerm, collectedCents: number): number {
  const monthly = term.laterPaymentCents !== null;
  let left = Math.max(0, collectedCents);
  let held = 0;
  for (let i = 0; i < term.dueDays.length && left > 0; i += 1) {
    const bill = i === 0 ? term.firstPaymentCents : term.laterPaymentCents!;
    const premium = monthly ? share(term.termPremiumCents, i) : term.termPremiumCents;
    const taxes = monthly ? share(term.taxesCents, i) : term.taxesCents;
    const paid = Math.min(left, bill);
    held += Math.min(paid, premium + taxes);
    left -= paid;
  }
  return held;
}

// What the agency's rules pay on each written premium adjustment, in cents: the rule of the event's code and
// business type, a reinstatement under the rule of the cancellation it undoes (docs/commission.md "Which rule
// pays an event"), rounded half away from zero; nothing without a rule.
export function commissionOf(
  written: readonly { code: string; businessType: string; premiumCents: number }[],
  ratesBp: Readonly<Record<string, number>>,
): number[] {
  let undone: string | null = null;
  return written.map((w) => {
    const key = w.code === 'RI' ? undone : `${w.businessType}:${w.code}`;
    if (w.code === 'CN' || w.code === 'FC') undone = `${w.businessType}:${w.code}`;
    const bp = key === null ? undefined : ratesBp[key];
    if (bp === undefined) return 0;
    const amount = Math.floor((Math.abs(w.premiumCents) * bp * 2 + 10_000) / 20_000);
    return w.premiumCents < 0 ? -amount : amount;
  });
}
