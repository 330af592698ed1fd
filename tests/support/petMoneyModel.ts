// An independent model of a pet quote's money over a story of business days, written from the documented rules
// (docs/billing.md "The schedule", "The daily run, dunning, grace and reinstatement", "What a cancellation
// counts, keeps and returns"; docs/cancellation.md "The formula"; docs/commission.md for written premium). It
// imports nothing from src/: what the product computes is compared with what this says, so a rule the code and
// its old tests both got wrong shows here.
//
// Days are counted from the policies' effective date (day 0, the purchase). Each business day the daily run
// works first; a story's actions of that day come after it.

export type Period = 'MONTHLY' | 'ANNUAL';

export interface ModelPet {
  // The pet's annual premium and its premium down payment, as the quote showed them.
  annualPremiumCents: number;
  downpaymentCents: number;
}

export interface ModelQuote {
  period: Period;
  effectiveDate: string;
  pets: readonly ModelPet[];
  // Checkout's figures: the first payment of a monthly plan, each later one, and an annual plan's payment.
  monthlyDownpaymentCents: number;
  monthlyInstallmentCents: number;
  annualTotalCents: number;
}

export type StoryAction =
  // From this day on, the card on file of every policy of the quote declines, or works again.
  | { day: number; kind: 'cardDeclines' }
  | { day: number; kind: 'cardWorks' }
  // Staff take a payment of one policy with a new card that works, or with the card on file.
  | { day: number; kind: 'payNow'; pet: number }
  | { day: number; kind: 'payNowOnFile'; pet: number }
  // Staff cancel one policy back to (or ahead to) `cancelDay`.
  | { day: number; kind: 'cancel'; pet: number; cancelDay: number };

interface Bill {
  kind: 'instalment' | 'balanceDue';
  month: number;
  dueDay: number;
  amountCents: number;
  status: 'due' | 'paid' | 'void';
  // The first run day that may try it; null once the schedule has no more tries.
  nextTry: number | null;
}

export interface PolicyMoney {
  // What billing charged after the purchase, in the order charged (cents).
  charges: number[];
  // The policy's share of the purchase's charge.
  purchaseShareCents: number;
  refundedCents: number;
  // Written premium: the issue, then a cancellation's return (negative).
  written: { code: 'NB' | 'CN' | 'FC'; premiumCents: number }[];
}

export interface QuoteMoney {
  purchaseChargeCents: number;
  policies: PolicyMoney[];
}

const RETRY_DAYS = [3, 7, 14];
const FREE_LOOK_DAYS = 30;

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

// The same day `months` later, kept to the month's last day when shorter (docs/billing.md "The schedule").
function monthsLater(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const out = new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
  return out.toISOString().slice(0, 10);
}

export const daysFrom = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export const dateAt = (from: string, days: number) =>
  new Date((dayNumber(from) + days) * 86_400_000).toISOString().slice(0, 10);
export const termDaysOf = (effectiveDate: string) => daysFrom(effectiveDate, monthsLater(effectiveDate, 12));

// A charge split over the pets by weight, in whole cents that add up to it; the first pet takes what the
// rounding leaves over (docs/billing.md "The schedule").
function split(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? totalCents : 0));
  const shares = weights.map((w) => Math.floor((totalCents * w) / sum));
  shares[0]! += totalCents - shares.reduce((a, b) => a + b, 0);
  return shares;
}

// A monthly instalment's premium: twelfths of the annual premium, the first carrying the odd cents.
const premiumOfMonth = (annualCents: number, month: number) =>
  month === 0 ? annualCents - 11 * Math.floor(annualCents / 12) : Math.floor(annualCents / 12);

// Pro rata by day, rounded half up (docs/cancellation.md "The formula").
const earnedOf = (annualCents: number, days: number, termDays: number) =>
  Math.floor((annualCents * days * 2 + termDays) / (termDays * 2));

export function modelQuoteMoney(
  quote: ModelQuote,
  actions: readonly StoryAction[],
  lastDay: number,
): QuoteMoney {
  const termDays = termDaysOf(quote.effectiveDate);
  const annuals = quote.pets.map((p) => p.annualPremiumCents);
  const monthly = quote.period === 'MONTHLY';
  const purchaseChargeCents = monthly ? quote.monthlyDownpaymentCents : quote.annualTotalCents;
  const firstShares = split(
    purchaseChargeCents,
    monthly ? quote.pets.map((p) => p.downpaymentCents) : annuals,
  );
  const laterShares = split(quote.monthlyInstallmentCents, annuals);

  const policies = quote.pets.map((pet, index) => {
    const bills: Bill[] = [
      {
        kind: 'instalment',
        month: 0,
        dueDay: 0,
        amountCents: firstShares[index]!,
        status: 'paid',
        nextTry: null,
      },
    ];
    if (monthly)
      for (let month = 1; month < 12; month += 1) {
        const dueDay = daysFrom(quote.effectiveDate, monthsLater(quote.effectiveDate, month));
        bills.push({
          kind: 'instalment',
          month,
          dueDay,
          amountCents: laterShares[index]!,
          status: 'due',
          nextTry: dueDay,
        });
      }
    return {
      pet,
      bills,
      cardWorks: true,
      cancelled: false,
      money: {
        charges: [],
        purchaseShareCents: firstShares[index]!,
        refundedCents: 0,
        written: [{ code: 'NB', premiumCents: pet.annualPremiumCents }],
      } as PolicyMoney,
    };
  });

  // The day's run: every bill whose try day has come is charged to the card on file; a decline is tried again
  // on the schedule's next day after it, counted from the due date.
  const run = (day: number) => {
    for (const policy of policies)
      for (const bill of policy.bills) {
        if (bill.status !== 'due' || bill.nextTry === null || bill.nextTry > day) continue;
        if (policy.cardWorks) {
          bill.status = 'paid';
          policy.money.charges.push(bill.amountCents);
        } else {
          const next = RETRY_DAYS.find((d) => d > day - bill.dueDay);
          bill.nextTry = next === undefined ? null : bill.dueDay + next;
        }
      }
  };

  const act = (day: number, action: StoryAction) => {
    if (action.kind === 'cardDeclines' || action.kind === 'cardWorks') {
      for (const policy of policies) policy.cardWorks = action.kind === 'cardWorks';
      return;
    }
    const policy = policies[action.pet];
    if (!policy) return;
    if (action.kind === 'payNow') {
      const due = policy.bills.filter((b) => b.status === 'due' && b.dueDay <= day);
      for (const bill of due) {
        bill.status = 'paid';
        policy.money.charges.push(bill.amountCents);
      }
      // The new card paid, so it is the card on file from now on.
      if (due.length > 0) policy.cardWorks = true;
      return;
    }
    if (action.kind === 'payNowOnFile') {
      // Every bill due is charged in turn until one declines; a decline uses none of the run's tries: the
      // bill keeps a try day still ahead, or takes the schedule's next one.
      for (const bill of policy.bills.filter((b) => b.status === 'due' && b.dueDay <= day)) {
        if (policy.cardWorks) {
          bill.status = 'paid';
          policy.money.charges.push(bill.amountCents);
          continue;
        }
        if (bill.nextTry === null || bill.nextTry <= day) {
          const next = RETRY_DAYS.find((d) => d > day - bill.dueDay);
          bill.nextTry = next === undefined ? null : bill.dueDay + next;
        }
        break;
      }
      return;
    }
    if (policy.cancelled) return;
    policy.cancelled = true;
    const flat = action.cancelDay < FREE_LOOK_DAYS;
    const annual = policy.pet.annualPremiumCents;
    const earned = flat ? 0 : earnedOf(annual, action.cancelDay, termDays);
    // Everything collected for the term counts, each instalment for its premium only.
    const collected = policy.bills
      .filter((b) => b.status === 'paid' && b.kind === 'instalment')
      .reduce(
        (sum, b) => sum + Math.min(b.amountCents, monthly ? premiumOfMonth(annual, b.month) : annual),
        0,
      );
    for (const bill of policy.bills) if (bill.status === 'due') bill.status = 'void';
    if (collected > earned) policy.money.refundedCents += collected - earned;
    if (earned > collected)
      policy.bills.push({
        kind: 'balanceDue',
        month: -1,
        dueDay: day,
        amountCents: earned - collected,
        status: 'due',
        nextTry: day,
      });
    policy.money.written.push({ code: flat ? 'FC' : 'CN', premiumCents: -(annual - earned) });
  };

  for (let day = 0; day <= lastDay; day += 1) {
    run(day);
    for (const action of actions) if (action.day === day) act(day, action);
  }
  return { purchaseChargeCents, policies: policies.map((p) => p.money) };
}
