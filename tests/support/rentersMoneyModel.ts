// An independent model of a renters policy's money over a story of business days, written from the documented
// rules (docs/billing.md "The schedule", "The daily run, dunning, grace and reinstatement", "Renewal",
// "Cancellation" and "What a cancellation counts, keeps and returns"; docs/renters-cancellation.md;
// docs/renters-quotes.md; docs/policy-dates.md for renewals; docs/commission.md and docs/reports.md for written
// premium). It imports nothing from src/: what the product computes is compared with what this says, so a rule
// the code and its old tests both got wrong shows here. The terms and the cancellation's figures are in
// tests/support/rentersMoneyTerms.ts, with what the commission rules pay on the written premium.
//
// Days are counted from the policy's first effective date (day 0, the purchase). Each business day the policy
// dates work first, then the daily billing run; a story's actions of that day come after them.
//
// Where the docs left a rule open, this is how it reads them:
// - the money of every bill collected (a balance due and a reinstatement charge too) counts as collected and
//   is split over the term's bills in the order they fall due, premium first, then taxes, then fees;
// - a term's money is the bills whose due day falls in it; the refunds it is net of are those its own
//   cancellations sent (an earlier term's refund was that term's money, and its reinstatement charged it back
//   there);
// - a cancellation voids every unpaid bill, extra charges included; a balance due added after it is collected
//   from the closed account;
// - a staff reinstatement brings back only the voided instalments due after the day the cancellation was
//   committed (and, when a balance due paid the cover to the cancel date, only those due from that date);
//   those whose day has passed are collected by the next run; from the day the term ends it is refused;
// - the first missed due date that a lapse counts from is the earliest due date of a bill still missed (tried,
//   declined, unpaid and not voided); a bill a cancellation voided is missed no more;
// - the run's first try of a bill added by a change (a balance due, a reinstatement charge) is the next day's
//   run, since the change comes after the day's run.

import { earnedOf, premiumAndTaxesIn, type ModelRentersTerm, type TermInterval } from './rentersMoneyTerms';

export { commissionOf } from './rentersMoneyTerms';

export interface ModelRentersQuote {
  termInterval: TermInterval;
  // The purchase's term, then each renewal's as far as the product has priced them (the model does not rate).
  terms: readonly ModelRentersTerm[];
}

export type RentersStoryAction =
  // From this day on, the card on file declines, or works again.
  | { day: number; kind: 'cardDeclines' }
  | { day: number; kind: 'cardWorks' }
  // Staff "Pay now" with a new card that works, or with the card on file.
  | { day: number; kind: 'payNow' }
  | { day: number; kind: 'payNowOnFile' }
  // Staff cancel: FLAT (void from the start) or PRO_RATA to `cancelDay` (back, the same day or ahead).
  | { day: number; kind: 'cancel'; method: 'FLAT' | 'PRO_RATA'; cancelDay: number }
  // Staff reinstate the policy a staff cancellation ended.
  | { day: number; kind: 'reinstate' };

export type WrittenCode = 'NB' | 'RN' | 'CN' | 'FC' | 'RI';
export type BusinessType = 'NEW' | 'RENEWAL';
export interface Settlement {
  kind: 'refund' | 'charge' | 'none';
  amountCents: number;
}

// What the API answers to each action: the card actions are not asked of it; `skip` is an action the harness
// must not ask (a staff reinstatement of a policy that lapsed: no story makes one).
export type ActionOutcome =
  | { kind: 'card' }
  | { kind: 'skip' }
  | { kind: 'refused'; status: 409 | 422 }
  | { kind: 'payNow'; collected: number; declined: number; reinstated: boolean }
  | { kind: 'change'; settlement: Settlement };

export interface RentersMoney {
  purchaseChargeCents: number;
  // What billing charged after the purchase, in the order charged (cents).
  charges: number[];
  // Each refund sent (cents).
  refunds: number[];
  // The written premium adjustments, in the order recorded (docs/reports.md "Net written premium").
  written: { code: WrittenCode; businessType: BusinessType; premiumCents: number }[];
  outcomes: ActionOutcome[];
  // The days the policy dates renewed the policy; a renewal the product has not priced ends the story's money
  // there (`unpriced`), since the model does not rate.
  renewedOn: number[];
  unpriced: boolean;
}

type BillKind = 'instalment' | 'balanceDue' | 'reinstatement';
interface Bill {
  kind: BillKind;
  // The term whose days its due day falls in (0 the purchase's).
  term: number;
  // The payment of the term it is (0 the first), for an instalment.
  index: number;
  dueDay: number;
  amountCents: number;
  status: 'due' | 'paid' | 'void';
  // Tried by the run or staff and declined, still unpaid: missed.
  tried: boolean;
  // The first run day that may try it; null when the run has no more tries (or the account is lapsed).
  nextTry: number | null;
}

type AccountState = 'current' | 'pastDue' | 'lapsed' | 'closed';
type PolicyState = 'active' | 'pending' | 'cancelled';

const RETRY_DAYS = [3, 7, 14];
const GRACE_DAYS = 30;
const REINSTATEMENT_DAYS = 30;
const FREE_LOOK_DAYS = 30;

export function modelRentersMoney(
  quote: ModelRentersQuote,
  actions: readonly RentersStoryAction[],
  lastDay: number,
): RentersMoney {
  const first = quote.terms[0]!;
  const bills: Bill[] = [];
  // The term's payments join the schedule, the first due on its effective date (docs/billing.md "Renewal").
  const schedule = (termIndex: number, day: number) => {
    const term = quote.terms[termIndex]!;
    term.dueDays.forEach((dueDay, index) =>
      bills.push({
        kind: 'instalment',
        term: termIndex,
        index,
        dueDay,
        amountCents: index === 0 ? term.firstPaymentCents : term.laterPaymentCents!,
        // The purchase's charge paid the first; a renewal's first is collected by its day's run.
        status: termIndex === 0 && index === 0 ? 'paid' : 'due',
        tried: false,
        nextTry: termIndex === 0 && index === 0 ? null : Math.max(dueDay, day),
      }),
    );
  };
  schedule(0, 0);
  const money: RentersMoney = {
    purchaseChargeCents: first.firstPaymentCents,
    charges: [],
    refunds: [],
    written: [{ code: 'NB', businessType: 'NEW', premiumCents: first.termPremiumCents }],
    outcomes: actions.map(() => ({ kind: 'skip' })),
    renewedOn: [],
    unpriced: false,
  };
  let termIndex = 0;
  const term = () => quote.terms[termIndex]!;
  const termEnd = () => term().startDay + term().termDays;
  const termOfDay = (day: number) => {
    let index = 0;
    while (index + 1 <= termIndex && quote.terms[index + 1]!.startDay <= day) index += 1;
    return index;
  };
  // Everything after a renewal counts as renewal business (docs/policy-dates.md "Premium and commission").
  const businessType = (): BusinessType => (termIndex === 0 ? 'NEW' : 'RENEWAL');
  // Refunds sent, with the term whose cancellation sent them.
  const refunds: { term: number; cents: number }[] = [];
  let cardWorks = true;
  let account: AccountState = 'current';
  let lapsedDay: number | null = null;
  let policy: PolicyState = 'active';
  let pendingUntil: number | null = null;
  // The money of a story stops at a renewal the product has not priced.
  let stopped = false;
  // The cancellation in force: its returned written premium, its settlement, whether a lapse made it.
  let cancellation: {
    returnedCents: number;
    settlement: Settlement;
    cancelDay: number;
    committedDay: number;
    byLapse: boolean;
  } | null = null;
  // The instalments the last cancellation's settlement voided, while that closing stands (a staff
  // reinstatement reopens only that one); null otherwise.
  let voidedByCancellation: Bill[] | null = null;

  const firstMissed = () => {
    const missed = bills.filter((b) => b.status === 'due' && b.tried).map((b) => b.dueDay);
    return missed.length === 0 ? null : Math.min(...missed);
  };
  // What billing collected for the current term, net of the refunds sent for it: "Everything billing collected
  // for the term, net of refunds sent" (docs/renters-cancellation.md "Paid"). A refund an earlier term's
  // cancellation sent was that term's money: its reinstatement charged it back in that term.
  const collectedInTerm = () =>
    bills
      .filter((b) => b.status === 'paid' && b.term === termIndex)
      .reduce((sum, b) => sum + b.amountCents, 0) -
    refunds.filter((r) => r.term === termIndex).reduce((sum, r) => sum + r.cents, 0);
  const collect = (bill: Bill) => {
    bill.status = 'paid';
    bill.tried = false;
    bill.nextTry = null;
    money.charges.push(bill.amountCents);
    // Arrears settled: nothing else is missed.
    if (account === 'pastDue' && firstMissed() === null) account = 'current';
  };
  const decline = (bill: Bill, day: number, keepLaterTry: boolean) => {
    bill.tried = true;
    if (!(keepLaterTry && bill.nextTry !== null && bill.nextTry > day)) {
      const next = RETRY_DAYS.find((d) => d > day - bill.dueDay);
      bill.nextTry = next === undefined ? null : bill.dueDay + next;
    }
    if (account === 'current') account = 'pastDue';
  };
  const extraCharge = (kind: BillKind, day: number, amountCents: number) =>
    bills.push({
      kind,
      term: termOfDay(day),
      index: -1,
      dueDay: day,
      amountCents,
      status: 'due',
      tried: false,
      // Added after the day's run, so the next day's run tries it first.
      nextTry: day + 1,
    });

  // The policy dates of the day (docs/policy-dates.md): a pending cancellation takes effect, then a policy in
  // force whose term ends today renews; billing schedules the new term unless the account is lapsed or closed.
  const policyDates = (day: number) => {
    if (policy === 'pending' && pendingUntil !== null && pendingUntil <= day) policy = 'cancelled';
    if (policy !== 'active' || day < termEnd()) return;
    money.renewedOn.push(day);
    if (termIndex + 1 >= quote.terms.length) {
      money.unpriced = true;
      stopped = true;
      return;
    }
    termIndex += 1;
    money.written.push({ code: 'RN', businessType: 'RENEWAL', premiumCents: term().termPremiumCents });
    if (account === 'current' || account === 'pastDue') schedule(termIndex, day);
  };

  const run = (day: number) => {
    policyDates(day);
    if (stopped) return;
    // A term over without a renewal closes the account: what is not yet due is voided.
    if (day >= termEnd() && account !== 'closed') {
      account = 'closed';
      voidedByCancellation = null;
      for (const bill of bills)
        if (bill.status === 'due' && bill.kind === 'instalment' && bill.dueDay > day) bill.status = 'void';
    }
    const missedSince = firstMissed();
    if (account === 'pastDue' && missedSince !== null && missedSince + GRACE_DAYS <= day) {
      // The lapse: cancelled for non-payment pro rata from the first missed due date; no money moves.
      account = 'lapsed';
      lapsedDay = day;
      for (const bill of bills) if (bill.status === 'due') bill.nextTry = null;
      policy = 'cancelled';
      const P = term().termPremiumCents;
      const returnedCents = P - earnedOf(P, Math.max(0, missedSince - term().startDay), term().termDays);
      money.written.push({ code: 'CN', businessType: businessType(), premiumCents: -returnedCents });
      cancellation = {
        returnedCents,
        settlement: { kind: 'none', amountCents: 0 },
        cancelDay: missedSince,
        committedDay: day,
        byLapse: true,
      };
    }
    if (account === 'lapsed' && lapsedDay !== null && lapsedDay + REINSTATEMENT_DAYS <= day) {
      // The lapse is final: the unpaid instalments are voided; an extra charge stays owed.
      account = 'closed';
      voidedByCancellation = null;
      for (const bill of bills) if (bill.status === 'due' && bill.kind === 'instalment') bill.status = 'void';
    }
    const chargeable = (bill: Bill) =>
      bill.status === 'due' &&
      bill.nextTry !== null &&
      bill.nextTry <= day &&
      (account === 'current' ||
        account === 'pastDue' ||
        (account === 'closed' && bill.kind !== 'instalment'));
    for (const bill of bills.filter(chargeable)) {
      if (cardWorks) collect(bill);
      else decline(bill, day, false);
    }
  };

  const payNow = (day: number, newCard: boolean): ActionOutcome => {
    const due = bills.filter((b) => b.status === 'due' && b.dueDay <= day);
    if (due.length === 0) return { kind: 'refused', status: 409 };
    const wasLapsed = account === 'lapsed';
    let collected = 0;
    let declined = 0;
    for (const bill of due) {
      if (newCard || cardWorks) {
        collect(bill);
        collected += 1;
      } else {
        // A staff decline uses none of the run's tries: a try still ahead is kept.
        decline(bill, day, true);
        declined += 1;
        break;
      }
    }
    // The new card paid, so it is the card on file from now on.
    if (newCard && collected > 0) cardWorks = true;
    let reinstated = false;
    if (wasLapsed && declined === 0 && !bills.some((b) => b.status === 'due' && b.dueDay <= day)) {
      // A late payment inside the window puts the policy back in force; the account bills on.
      reinstated = true;
      account = 'current';
      lapsedDay = null;
      for (const bill of bills) if (bill.status === 'due' && bill.dueDay > day) bill.nextTry = bill.dueDay;
      policy = 'active';
      money.written.push({
        code: 'RI',
        businessType: businessType(),
        premiumCents: cancellation?.returnedCents ?? 0,
      });
      cancellation = null;
    }
    return { kind: 'payNow', collected, declined, reinstated };
  };

  const cancel = (day: number, method: 'FLAT' | 'PRO_RATA', cancelDay: number): ActionOutcome => {
    if (policy !== 'active') return { kind: 'refused', status: 409 };
    const { startDay, termDays, termPremiumCents: P, taxesCents } = term();
    // The free look and the cancel date are the current term's (docs/renters-cancellation.md "Cancel").
    if (method === 'FLAT' && day - startDay >= FREE_LOOK_DAYS) return { kind: 'refused', status: 422 };
    if (method === 'PRO_RATA' && (cancelDay < startDay || cancelDay >= startDay + termDays))
      return { kind: 'refused', status: 422 };
    const flat = method === 'FLAT';
    const days = flat ? 0 : cancelDay - startDay;
    const earnedPremium = flat ? 0 : earnedOf(P, days, termDays);
    const earned = earnedPremium + (flat ? 0 : earnedOf(taxesCents, days, termDays));
    const net = premiumAndTaxesIn(term(), collectedInTerm()) - earned;
    const settlement: Settlement =
      net > 0
        ? { kind: 'refund', amountCents: net }
        : net < 0
          ? { kind: 'charge', amountCents: -net }
          : { kind: 'none', amountCents: 0 };
    if (account !== 'closed') {
      // Settled once: every unpaid bill is voided, so nothing is billed twice.
      voidedByCancellation = bills.filter((b) => b.status === 'due');
      for (const bill of voidedByCancellation) bill.status = 'void';
      account = 'closed';
    }
    if (settlement.kind === 'refund') {
      money.refunds.push(settlement.amountCents);
      refunds.push({ term: termIndex, cents: settlement.amountCents });
    }
    if (settlement.kind === 'charge') extraCharge('balanceDue', day, settlement.amountCents);
    const effectiveDay = startDay + days;
    const immediate = flat || effectiveDay <= day;
    policy = immediate ? 'cancelled' : 'pending';
    pendingUntil = immediate ? null : effectiveDay;
    const returnedCents = P - earnedPremium;
    money.written.push({
      code: flat ? 'FC' : 'CN',
      businessType: businessType(),
      premiumCents: -returnedCents,
    });
    cancellation = { returnedCents, settlement, cancelDay: effectiveDay, committedDay: day, byLapse: false };
    return { kind: 'change', settlement };
  };

  const reinstate = (day: number): ActionOutcome => {
    if (cancellation?.byLapse) return { kind: 'skip' };
    if (policy === 'active' || !cancellation) return { kind: 'refused', status: 409 };
    // Once the term the cancellation cut short has ended there is no cover to put back.
    if (day >= termEnd()) return { kind: 'refused', status: 409 };
    const undone = cancellation;
    const settlement: Settlement =
      undone.settlement.kind === 'refund'
        ? { kind: 'charge', amountCents: undone.settlement.amountCents }
        : { kind: 'none', amountCents: 0 };
    if (account === 'closed' && voidedByCancellation) {
      const notBefore = undone.settlement.kind === 'charge' ? undone.cancelDay : undone.committedDay;
      const back = voidedByCancellation.filter(
        (b) => b.kind === 'instalment' && b.dueDay > undone.committedDay && b.dueDay >= notBefore,
      );
      for (const bill of back) bills.push({ ...bill, status: 'due', tried: false, nextTry: bill.dueDay });
      account = 'current';
      voidedByCancellation = null;
      if (settlement.kind === 'charge') extraCharge('reinstatement', day, settlement.amountCents);
    }
    policy = 'active';
    pendingUntil = null;
    money.written.push({ code: 'RI', businessType: businessType(), premiumCents: undone.returnedCents });
    cancellation = null;
    return { kind: 'change', settlement };
  };

  for (let day = 0; day <= lastDay && !stopped; day += 1) {
    run(day);
    if (stopped) break;
    actions.forEach((action, index) => {
      if (action.day !== day) return;
      if (action.kind === 'cardDeclines' || action.kind === 'cardWorks') {
        cardWorks = action.kind === 'cardWorks';
        money.outcomes[index] = { kind: 'card' };
      } else if (action.kind === 'payNow' || action.kind === 'payNowOnFile')
        money.outcomes[index] = payNow(day, action.kind === 'payNow');
      else if (action.kind === 'cancel') money.outcomes[index] = cancel(day, action.method, action.cancelDay);
      else money.outcomes[index] = reinstate(day);
    });
  }
  return money;
}
