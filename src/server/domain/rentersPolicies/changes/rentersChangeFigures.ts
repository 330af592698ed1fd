import type { Settlement } from '../../../../machines/rentersPolicyChangeContext';
import type { CancellationMethod, RentersPolicyState } from '../../../../machines/rentersPolicyStatus';
import { addMonths, daysBetween, earnedPremium } from '../../moneyRules/cancellationFigures';
import type { Clawback } from './rentersCommission';

// What a renters cancel, discontinue or reinstate does to the money (docs/renters-cancellation.md): pure,
// whole cents, dates YYYY-MM-DD (UTC). Premium and taxes are settled pro rata by day; fees are never returned.

// The term's money as the issue event recorded it.
export interface RentersTermMoney {
  effectiveDate: string;
  expirationDate: string;
  termInterval: 'annual' | 'monthly';
  termPremiumCents: number;
  taxesCents: number;
  // The issue charge: the whole term when annual, the first instalment when monthly.
  firstPaymentCents: number;
  // Each later monthly instalment (null when annual).
  laterPaymentCents: number | null;
}

// Monthly, each annual line is split as the payment schedule splits it: eleven of floor(annual / 12) and a
// first instalment carrying the odd cents.
function share(annual: number, index: number): number {
  const monthly = Math.floor(annual / 12);
  return index === 0 ? annual - 11 * monthly : monthly;
}

export interface PaidBefore {
  instalments: number;
  moneyCents: number;
  premiumCents: number;
  taxesCents: number;
  // Whatever the payments held beyond premium and taxes: the fees, which are kept.
  feesCents: number;
}

// What was paid for the term before `day`: the issue charge of an annual term, or the monthly instalments that
// fell due before it (the first, on the effective date, always: it was paid at issue).
export function paidBefore(money: RentersTermMoney, day: string): PaidBefore {
  if (money.termInterval === 'annual' || money.laterPaymentCents === null) {
    const premiumCents = money.termPremiumCents;
    const taxesCents = money.taxesCents;
    const moneyCents = money.firstPaymentCents;
    return {
      instalments: 1,
      moneyCents,
      premiumCents,
      taxesCents,
      feesCents: moneyCents - premiumCents - taxesCents,
    };
  }
  let instalments = 1;
  while (instalments < 12 && addMonths(money.effectiveDate, instalments) < day) instalments += 1;
  let premiumCents = 0;
  let taxesCents = 0;
  for (let i = 0; i < instalments; i++) {
    premiumCents += share(money.termPremiumCents, i);
    taxesCents += share(money.taxesCents, i);
  }
  const moneyCents = money.firstPaymentCents + (instalments - 1) * money.laterPaymentCents;
  return {
    instalments,
    moneyCents,
    premiumCents,
    taxesCents,
    feesCents: Math.max(0, moneyCents - premiumCents - taxesCents),
  };
}

// What the payment service took for the term (`collectedCents`, money net of refunds), split as the bills are,
// in the order they fall due: each bill's money goes to its premium first, then its taxes, then its fees. Every
// bill collected counts, also one for a month after the cancel date (docs/billing.md "Cancellation"): it paid
// for cover the customer does not get, so it comes back. Bills that fell due but were never collected are not
// paid, so they cannot come back.
export function collectedOf(money: RentersTermMoney, collectedCents: number): PaidBefore {
  let left = Math.max(0, collectedCents);
  const monthly = money.termInterval === 'monthly' && money.laterPaymentCents !== null;
  const bills = monthly ? 12 : 1;
  const out: PaidBefore = { instalments: 0, moneyCents: 0, premiumCents: 0, taxesCents: 0, feesCents: 0 };
  for (let i = 0; i < bills && left > 0; i++) {
    const bill = i === 0 ? money.firstPaymentCents : (money.laterPaymentCents ?? 0);
    const premium = monthly ? share(money.termPremiumCents, i) : money.termPremiumCents;
    const taxes = monthly ? share(money.taxesCents, i) : money.taxesCents;
    const paid = Math.min(left, bill);
    const premiumPaid = Math.min(paid, premium);
    const taxesPaid = Math.min(paid - premiumPaid, taxes);
    out.instalments += paid === bill ? 1 : 0;
    out.moneyCents += paid;
    out.premiumCents += premiumPaid;
    out.taxesCents += taxesPaid;
    out.feesCents += paid - premiumPaid - taxesPaid;
    left -= paid;
  }
  return out;
}

export interface CancelFigures {
  method: CancellationMethod;
  // The day cover ends: the term's effective date for FLAT, else the cancel date.
  effectiveDate: string;
  immediate: boolean;
  newState: Extract<RentersPolicyState, 'pendingCancellation' | 'cancelled'>;
  termDays: number;
  daysInForce: number;
  // What was collected of the bills that fell due (all of them when no ledger says otherwise).
  paid: PaidBefore;
  earnedPremiumCents: number;
  earnedTaxesCents: number;
  settlement: Settlement;
  feesCents: number;
  // The written premium the cancellation takes back: the term's premium less what its cover earned, whatever
  // was collected (docs/commission.md), as a pet cancellation does. The commission is taken back on it.
  premiumReturnedCents: number;
  commissionClawbackCents: number;
}

export type CancelRefusal = { field: 'cancellationMethod' | 'cancelDate'; message: string };

export interface CancelAsk {
  method: CancellationMethod;
  // PRO_RATA only.
  cancelDate: string | null;
  canBeFlatCancelled: boolean;
  today: string;
  // The commission the agency gives back on the returned premium (its CN or FC rule).
  clawback: Clawback;
  // What the payment service took for the term, net of refunds (the billing ledger); absent or null: every
  // bill that fell due is taken as collected.
  collectedCents?: number | null;
}

const collectedUnder = (money: RentersTermMoney, due: PaidBefore, ask: CancelAsk) =>
  ask.collectedCents === undefined || ask.collectedCents === null
    ? due
    : collectedOf(money, ask.collectedCents);

function settlementOf(netCents: number): Settlement {
  if (netCents > 0) return { kind: 'refund', amountCents: netCents };
  if (netCents < 0) return { kind: 'charge', amountCents: -netCents };
  return { kind: 'none', amountCents: 0 };
}

export function cancelFigures(money: RentersTermMoney, ask: CancelAsk): CancelFigures | CancelRefusal {
  const termDays = daysBetween(money.effectiveDate, money.expirationDate);
  if (ask.method === 'FLAT') {
    if (!ask.canBeFlatCancelled)
      return {
        field: 'cancellationMethod',
        message: 'A flat cancellation is only possible within the free look of the term; cancel pro rata.',
      };
    const paid = collectedUnder(money, paidBefore(money, money.effectiveDate), ask);
    const refunded = paid.premiumCents + paid.taxesCents;
    return {
      method: 'FLAT',
      effectiveDate: money.effectiveDate,
      immediate: true,
      newState: 'cancelled',
      termDays,
      daysInForce: 0,
      paid,
      earnedPremiumCents: 0,
      earnedTaxesCents: 0,
      settlement: settlementOf(refunded),
      feesCents: paid.feesCents,
      premiumReturnedCents: money.termPremiumCents,
      commissionClawbackCents: ask.clawback('FLAT', money.termPremiumCents),
    };
  }
  const cancelDate = ask.cancelDate ?? '';
  if (!(cancelDate >= money.effectiveDate && cancelDate < money.expirationDate))
    return {
      field: 'cancelDate',
      message: `The cancel date must lie in the term, from ${money.effectiveDate} to before ${money.expirationDate}.`,
    };
  const daysInForce = daysBetween(money.effectiveDate, cancelDate);
  const paid = collectedUnder(money, paidBefore(money, cancelDate), ask);
  const earnedPremiumCents = earnedPremium(money.termPremiumCents, daysInForce, termDays);
  const earnedTaxesCents = earnedPremium(money.taxesCents, daysInForce, termDays);
  const settlement = settlementOf(
    paid.premiumCents + paid.taxesCents - earnedPremiumCents - earnedTaxesCents,
  );
  const premiumReturnedCents = money.termPremiumCents - earnedPremiumCents;
  const immediate = cancelDate <= ask.today;
  return {
    method: 'PRO_RATA',
    effectiveDate: cancelDate,
    immediate,
    newState: immediate ? 'cancelled' : 'pendingCancellation',
    termDays,
    daysInForce,
    paid,
    earnedPremiumCents,
    earnedTaxesCents,
    settlement,
    feesCents: paid.feesCents,
    premiumReturnedCents,
    commissionClawbackCents: ask.clawback('PRO_RATA', premiumReturnedCents),
  };
}

export const isCancelRefusal = (f: CancelFigures | CancelRefusal): f is CancelRefusal => 'field' in f;

// The figures every flow answers (ChangePreview without the fingerprint).
export interface ChangeFigures {
  effectiveDate: string;
  settlement: Settlement;
  feesCents: number;
  newState: RentersPolicyState;
  commissionClawbackCents: number;
}

// Non-renewal at the end of the current term: nothing moves now.
export function discontinueFigures(term: { expirationDate: string }): ChangeFigures {
  return {
    effectiveDate: term.expirationDate,
    settlement: { kind: 'none', amountCents: 0 },
    feesCents: 0,
    newState: 'nonRenewing',
    commissionClawbackCents: 0,
  };
}

// What the cancellation being undone did, if it was one (null for a non-renewal).
export interface UndoneCancellation {
  effectiveDate: string;
  settlement: Settlement;
}

// The cancellation's refund is charged back, since the days it returned are covered again; cover resumes
// where it stopped (no gap), or today when it had not stopped yet. The clawed-back commission is restored by
// the commission rules (issue 7), not shown here: a preview's figures are never negative.
export function reinstateFigures(undone: UndoneCancellation | null, today: string): ChangeFigures {
  const settlement: Settlement =
    undone?.settlement.kind === 'refund'
      ? { kind: 'charge', amountCents: undone.settlement.amountCents }
      : { kind: 'none', amountCents: 0 };
  return {
    effectiveDate: undone && undone.effectiveDate < today ? undone.effectiveDate : today,
    settlement,
    feesCents: 0,
    newState: 'active',
    commissionClawbackCents: 0,
  };
}
