// An independent model of a pet quote's money over a story of business days, written from the documented rules
// (docs/billing.md "The schedule", "The daily run, dunning, grace and reinstatement", "Renewal", "What a
// cancellation counts, keeps and returns"; docs/cancellation.md "The formula"; docs/policy-dates.md for the
// renewal offer and the renewal; docs/commission.md and docs/reports.md "Net written premium" for written
// premium and commission; docs/rating.md "Payments" for what a renewal's payments carry). It imports nothing
// from src/: what the product computes is compared with what this says, so a rule the code and its old tests
// both got wrong shows here. The rating engine is not modelled: a sale's and a renewal's premium are inputs.
//
// Days are counted from the policies' effective date (day 0, the purchase). Each business day the policy
// dates work first (a pending cancellation takes effect, a renewal, a renewal offer), then the billing run;
// a story's actions of that day come after both.

export type Period = 'MONTHLY' | 'ANNUAL';
export type BusinessType = 'NEW' | 'RENEWAL';
export type WrittenCode = 'NB' | 'CN' | 'FC' | 'RN' | 'RI';

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
  // Each pet's annual premium of its first, second, … renewal, as the renewal priced it (the rating engine is
  // not modelled). A renewal the model makes that has no price here is priced -1, so it shows as a difference.
  renewalPremiums?: readonly (readonly number[])[];
}

export type StoryAction =
  // From this day on, the card on file of every policy of the quote declines, or works again.
  | { day: number; kind: 'cardDeclines' }
  | { day: number; kind: 'cardWorks' }
  // Staff take a payment of one policy with a new card that works, or with the card on file.
  | { day: number; kind: 'payNow'; pet: number }
  | { day: number; kind: 'payNowOnFile'; pet: number }
  // Staff cancel one policy back to (or ahead to) `cancelDay`, counted from the story's day 0.
  | { day: number; kind: 'cancel'; pet: number; cancelDay: number };

export interface WrittenPremium {
  code: WrittenCode;
  businessType: BusinessType;
  premiumCents: number;
}

export interface PolicyMoney {
  // What billing charged after the purchase, in the order charged (cents).
  charges: number[];
  // The policy's share of the purchase's charge.
  purchaseShareCents: number;
  refundedCents: number;
  // Written premium in log order: the issue, cancellations (negative), reinstatements, renewals.
  written: WrittenPremium[];
  // The days the policy lapsed for non-payment, was reinstated by a late payment, was offered a renewal.
  lapsedOn: number[];
  reinstatedOn: number[];
  renewalOfferedOn: number[];
}

export interface QuoteMoney {
  purchaseChargeCents: number;
  policies: PolicyMoney[];
}

// docs/billing.md "The daily run, dunning, grace and reinstatement": retried 3, 7 and 14 days after the due
// date; lapsed 30 days after the first missed due date; a lapse final 30 days after it.
const RETRY_DAYS = [3, 7, 14];
const GRACE_DAYS = 30;
const REINSTATEMENT_DAYS = 30;
// docs/cancellation.md "The formula": 30 in every state today.
const FREE_LOOK_DAYS = 30;
// docs/policy-dates.md: a renewal is offered 45 days before the expiration date.
const RENEWAL_OFFER_DAYS = 45;
// What a renewal's payments carry in Texas, where the stories' policies are sold: the premium tax (docs/billing.md
// "Renewal": $89.00 of premium a month is billed $1.42 of tax, 1.6 %), no municipal tax (Kentucky cities only),
// the $1.00 fee on each monthly payment and none on an annual one (docs/rating.md "Payments").
const PREMIUM_TAX_BP = 160;
const MONTHLY_FEE_CENTS = 100;
const ANNUAL_FEE_CENTS = 0;

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

// An annual line paid monthly: twelfths, the first (the down payment) carrying the odd cents (docs/rating.md
// "Payments"; docs/cancellation.md "Paid so far").
const twelfth = (annualCents: number, month: number) =>
  month === 0 ? annualCents - 11 * Math.floor(annualCents / 12) : Math.floor(annualCents / 12);

// Pro rata by day, rounded half up (docs/cancellation.md "The formula").
const earnedOf = (annualCents: number, days: number, termDays: number) =>
  Math.floor((annualCents * days * 2 + termDays) / (termDays * 2));

// A renewal's payments: its premium and its tax, each split into twelfths, and the fee of each payment; paid in
// full, the year's premium and tax and the annual fee (docs/billing.md "Renewal", docs/rating.md "Payments").
function renewalPayments(annualCents: number, monthly: boolean): number[] {
  const tax = Math.round((annualCents * PREMIUM_TAX_BP) / 10_000);
  if (!monthly) return [annualCents + tax + ANNUAL_FEE_CENTS];
  return Array.from(
    { length: 12 },
    (_, month) => twelfth(annualCents, month) + twelfth(tax, month) + MONTHLY_FEE_CENTS,
  );
}

// A commission rule's pay: basis points of the event's premium, rounded half away from zero to the cent
// (docs/commission.md "Rate rules").
const percentOf = (premiumCents: number, bp: number) =>
  Math.sign(premiumCents) * Math.floor((Math.abs(premiumCents) * bp + 5_000) / 10_000);

// The commission of each written premium line of one policy, in basis points per `${businessType}:${code}`
// (no rule: nothing). A reinstatement gives back what its cancellation's line took back, whatever the rules
// (docs/commission.md "Which rule pays an event").
export function commissionOf(
  written: readonly WrittenPremium[],
  ratesBp: Readonly<Record<string, number>>,
): number[] {
  let chargeback = 0;
  return written.map((line) => {
    if (line.code === 'RI') return -chargeback;
    const amount = percentOf(line.premiumCents, ratesBp[`${line.businessType}:${line.code}`] ?? 0);
    if (line.code === 'CN' || line.code === 'FC') chargeback = amount;
    return amount;
  });
}

interface Bill {
  kind: 'instalment' | 'balanceDue';
  // The term it bills (0 the sale's, 1 the first renewal's, …) and its month in it.
  term: number;
  month: number;
  dueDay: number;
  amountCents: number;
  status: 'due' | 'paid' | 'void';
  // Charged and declined at least once (the product's declined or failed): the arrears.
  tried: boolean;
  // The first run day that may try it; null once the schedule has no more tries (failed) or while lapsed.
  nextTry: number | null;
}

interface Term {
  start: number;
  end: number;
  annualCents: number;
  businessType: BusinessType;
}

type Account = 'current' | 'pastDue' | 'lapsed' | 'closed';

export function modelQuoteMoney(
  quote: ModelQuote,
  actions: readonly StoryAction[],
  lastDay: number,
): QuoteMoney {
  const annuals = quote.pets.map((p) => p.annualPremiumCents);
  const monthly = quote.period === 'MONTHLY';
  const purchaseChargeCents = monthly ? quote.monthlyDownpaymentCents : quote.annualTotalCents;
  const firstShares = split(
    purchaseChargeCents,
    monthly ? quote.pets.map((p) => p.downpaymentCents) : annuals,
  );
  const laterShares = split(quote.monthlyInstallmentCents, annuals);
  const dateOf = (day: number) => dateAt(quote.effectiveDate, day);

  // A term's bills from its start: paid in full one, paid monthly twelve on the same day of each month.
  const billsOf = (term: number, start: number, amounts: readonly number[]): Bill[] =>
    amounts.map((amountCents, month) => {
      const dueDay = daysFrom(quote.effectiveDate, monthsLater(dateOf(start), month));
      return {
        kind: 'instalment',
        term,
        month,
        dueDay,
        amountCents,
        status: 'due',
        tried: false,
        nextTry: dueDay,
      };
    });

  const policies = quote.pets.map((pet, index) => {
    const first = termDaysOf(quote.effectiveDate);
    const bills = billsOf(
      0,
      0,
      monthly ? [firstShares[index]!, ...Array<number>(11).fill(laterShares[index]!)] : [firstShares[index]!],
    );
    bills[0]!.status = 'paid';
    bills[0]!.nextTry = null;
    return {
      index,
      pet,
      bills,
      terms: [{ start: 0, end: first, annualCents: pet.annualPremiumCents, businessType: 'NEW' } as Term],
      cardWorks: true,
      lifecycle: 'inForce' as 'inForce' | 'pendingCancellation' | 'cancelled',
      cancelsOn: null as number | null,
      account: 'current' as Account,
      firstMissed: null as number | null,
      lapsedDay: null as number | null,
      offered: false,
      lastCancellation: null as WrittenPremium | null,
      money: {
        charges: [],
        purchaseShareCents: firstShares[index]!,
        refundedCents: 0,
        written: [{ code: 'NB', businessType: 'NEW', premiumCents: pet.annualPremiumCents }],
        lapsedOn: [],
        reinstatedOn: [],
        renewalOfferedOn: [],
      } as PolicyMoney,
    };
  });
  type Policy = (typeof policies)[number];
  const termOf = (policy: Policy) => policy.terms.at(-1)!;
  const owed = (policy: Policy) => policy.bills.filter((b) => b.status === 'due');

  const collect = (policy: Policy, bill: Bill) => {
    bill.status = 'paid';
    bill.nextTry = null;
    policy.money.charges.push(bill.amountCents);
    // No other bill is left declined: a past-due account is current again.
    const settles = !policy.bills.some((b) => b !== bill && b.status === 'due' && b.tried);
    if (policy.account === 'pastDue' && settles) policy.account = 'current';
    if (policy.account === 'current' && settles) policy.firstMissed = null;
  };

  // A decline is tried again on the schedule's next day after it, counted from the due date; a staff decline
  // (`dunning` false) keeps a try day still ahead, so it uses none of the run's tries.
  const decline = (policy: Policy, bill: Bill, day: number, dunning: boolean) => {
    bill.tried = true;
    if (dunning || bill.nextTry === null || bill.nextTry <= day) {
      const next = RETRY_DAYS.find((d) => d > day - bill.dueDay);
      bill.nextTry = next === undefined ? null : bill.dueDay + next;
    }
    if (policy.account === 'current') policy.account = 'pastDue';
    policy.firstMissed ??= bill.dueDay;
  };

  // The figures of a cancellation to `cancelDay` (docs/cancellation.md "The formula"), as written premium.
  const cancellationOf = (policy: Policy, cancelDay: number) => {
    const term = termOf(policy);
    const flat = cancelDay - term.start < FREE_LOOK_DAYS;
    const earned = flat ? 0 : earnedOf(term.annualCents, cancelDay - term.start, term.end - term.start);
    const written: WrittenPremium = {
      code: flat ? 'FC' : 'CN',
      businessType: term.businessType,
      premiumCents: -(term.annualCents - earned),
    };
    policy.money.written.push(written);
    policy.lastCancellation = written;
    return { flat, earned };
  };

  // Everything collected for the term, net of refunds: each instalment for its month's premium only, a
  // balance due whole (docs/billing.md "What a cancellation counts, keeps and returns").
  const collectedOf = (policy: Policy) => {
    const term = policy.terms.length - 1;
    const { annualCents } = termOf(policy);
    let premium = 0;
    for (const b of policy.bills) {
      if (b.status !== 'paid') continue;
      if (b.kind === 'balanceDue') premium += b.amountCents;
      else if (b.term === term)
        premium += Math.min(b.amountCents, monthly ? twelfth(annualCents, b.month) : annualCents);
    }
    return premium - policy.money.refundedCents;
  };

  const renew = (policy: Policy) => {
    const previous = termOf(policy);
    const term = policy.terms.length;
    const annualCents = quote.renewalPremiums?.[policy.index]?.[term - 1] ?? -1;
    const end = daysFrom(quote.effectiveDate, monthsLater(dateOf(previous.end), 12));
    policy.terms.push({ start: previous.end, end, annualCents, businessType: 'RENEWAL' });
    policy.offered = false;
    policy.money.written.push({ code: 'RN', businessType: 'RENEWAL', premiumCents: annualCents });
    // A lapsed or closed account schedules nothing; a past-due one keeps its arrears owed.
    if (policy.account === 'current' || policy.account === 'pastDue')
      policy.bills.push(...billsOf(term, previous.end, renewalPayments(annualCents, monthly)));
  };

  const policyDates = (day: number) => {
    for (const policy of policies) {
      if (policy.lifecycle === 'pendingCancellation' && policy.cancelsOn !== null && policy.cancelsOn <= day)
        policy.lifecycle = 'cancelled';
      if (policy.lifecycle !== 'inForce') continue;
      while (termOf(policy).end <= day) renew(policy);
      const { end } = termOf(policy);
      if (!policy.offered && end > day && end - day <= RENEWAL_OFFER_DAYS) {
        policy.offered = true;
        policy.money.renewalOfferedOn.push(day);
      }
    }
  };

  const billingRun = (day: number) => {
    for (const policy of policies) {
      // 1. A term over (not renewed) closes the account; instalments never tried are voided.
      if ((policy.account === 'current' || policy.account === 'pastDue') && termOf(policy).end <= day) {
        policy.account = 'closed';
        for (const b of owed(policy)) if (b.kind === 'instalment' && !b.tried) b.status = 'void';
      }
      // 2. Grace over: the policy lapses, cancelled for non-payment from its first missed due date (not before
      // its term), moving no money; the run tries nothing while it is lapsed.
      if (
        policy.account === 'pastDue' &&
        policy.firstMissed !== null &&
        policy.firstMissed <= day - GRACE_DAYS
      ) {
        policy.account = 'lapsed';
        policy.lapsedDay = day;
        policy.money.lapsedOn.push(day);
        for (const b of owed(policy)) b.nextTry = null;
        if (policy.lifecycle === 'inForce') {
          cancellationOf(policy, Math.max(policy.firstMissed, termOf(policy).start));
          policy.lifecycle = 'cancelled';
        }
      }
      // 3. A lapse 30 days old is final: its unpaid instalments are voided.
      if (
        policy.account === 'lapsed' &&
        policy.lapsedDay !== null &&
        policy.lapsedDay <= day - REINSTATEMENT_DAYS
      ) {
        policy.account = 'closed';
        for (const b of owed(policy)) if (b.kind === 'instalment') b.status = 'void';
      }
      // 4. Every bill whose try day has come, in order; a closed account's extra charges still.
      for (const bill of policy.bills) {
        if (bill.status !== 'due' || bill.nextTry === null || bill.nextTry > day) continue;
        const open = policy.account === 'current' || policy.account === 'pastDue';
        if (!open && !(policy.account === 'closed' && bill.kind !== 'instalment')) continue;
        if (policy.cardWorks) collect(policy, bill);
        else decline(policy, bill, day, true);
      }
    }
  };

  // A late payment taken by staff: every bill due charged in turn until one declines; a lapsed policy left
  // owing nothing inside its window is reinstated, its cancellation's written premium given back.
  const payNow = (policy: Policy, day: number, newCard: boolean) => {
    if (
      policy.account === 'lapsed' &&
      policy.lapsedDay !== null &&
      policy.lapsedDay + REINSTATEMENT_DAYS < day
    )
      return;
    const due = owed(policy).filter((b) => b.dueDay <= day);
    if (due.length === 0) return;
    const wasLapsed = policy.account === 'lapsed';
    let declined = false;
    let collected = 0;
    for (const bill of due) {
      if (newCard || policy.cardWorks) {
        collect(policy, bill);
        collected += 1;
        continue;
      }
      decline(policy, bill, day, false);
      declined = true;
      break;
    }
    // The new card paid, so it is the card on file from now on.
    if (newCard && collected > 0) policy.cardWorks = true;
    if (!wasLapsed || declined || owed(policy).some((b) => b.dueDay <= day)) return;
    policy.account = 'current';
    policy.firstMissed = null;
    policy.lapsedDay = null;
    for (const b of owed(policy)) b.nextTry = b.dueDay;
    policy.money.reinstatedOn.push(day);
    if (policy.lifecycle !== 'inForce' && policy.lastCancellation) {
      policy.money.written.push({
        code: 'RI',
        businessType: termOf(policy).businessType,
        premiumCents: -policy.lastCancellation.premiumCents,
      });
      policy.lastCancellation = null;
    }
    policy.lifecycle = 'inForce';
    policy.cancelsOn = null;
  };

  // A person's cancellation settles the policy's money once: the account closes, everything unpaid is voided,
  // and collected less earned is refunded, or the difference is a balance due collected by the run.
  const cancel = (policy: Policy, day: number, cancelDay: number) => {
    const term = termOf(policy);
    if (policy.lifecycle !== 'inForce' || cancelDay < term.start || cancelDay >= term.end) return;
    const collected = collectedOf(policy);
    const { flat, earned } = cancellationOf(policy, cancelDay);
    policy.lifecycle = flat || cancelDay <= day ? 'cancelled' : 'pendingCancellation';
    policy.cancelsOn = flat ? term.start : cancelDay;
    policy.account = 'closed';
    for (const bill of owed(policy)) bill.status = 'void';
    if (collected > earned) policy.money.refundedCents += collected - earned;
    if (earned > collected)
      policy.bills.push({
        kind: 'balanceDue',
        term: policy.terms.length - 1,
        month: -1,
        dueDay: day,
        amountCents: earned - collected,
        status: 'due',
        tried: false,
        nextTry: day,
      });
  };

  const act = (day: number, action: StoryAction) => {
    if (action.kind === 'cardDeclines' || action.kind === 'cardWorks') {
      for (const policy of policies) policy.cardWorks = action.kind === 'cardWorks';
      return;
    }
    const policy = policies[action.pet];
    if (!policy) return;
    if (action.kind === 'payNow' || action.kind === 'payNowOnFile')
      return payNow(policy, day, action.kind === 'payNow');
    cancel(policy, day, action.cancelDay);
  };

  for (let day = 0; day <= lastDay; day += 1) {
    policyDates(day);
    billingRun(day);
    for (const action of actions) if (action.day === day) act(day, action);
  }
  return { purchaseChargeCents, policies: policies.map((p) => p.money) };
}
