import { initialTransition, transition } from 'xstate';
import {
  changeAllowedFrom,
  rentersPolicyStatusMachine,
  type RentersAddressType,
  type RentersPolicyEvent,
  type RentersPolicyState,
} from './rentersPolicyStatus';

// The flags of a renters policy record (SPEC §3 "Renters policy record", §4), computed from the policy's event
// history and the day, never stored by hand: a projection or the policy view calls `rentersRecordFlags` with
// the stream's events. The events read are `RentersPolicyEvent` (rentersPolicyStatus.ts); docs/decisions/008
// says which flag reads which.

// Every state makes the free-look period 30 days today, as for pets (docs/cancellation.md).
export const RENTERS_FREE_LOOK_DAYS = 30;

export interface RentersRecordFlags {
  isCurrent: boolean;
  // SPEC §3's flag; always false, since the product sends no policy to a carrier (docs/decisions/020).
  sentToCarrier: false;
  canBeDiscontinued: boolean;
  canBeFlatCancelled: boolean;
  // A cancelled (or pending) policy may be reinstated only while its term runs (reinstatementAllowedOn).
  canBeReinstated: boolean;
  hasUnconfirmedAddress: boolean;
  hasPendingRenewalPayment: boolean;
}

export interface RentersTerm {
  effectiveDate: string;
  expirationDate: string;
}

// What the history says, before the day is taken into account.
export interface RentersPolicyFacts {
  // The state the log folds to.
  logged: RentersPolicyState;
  term: RentersTerm | null;
  cancelDate: string | null;
  nonRenewEffectiveDate: string | null;
  rewrittenAs: string | null;
  // Offered renewal terms (by effective date) whose payment has not come.
  unpaidRenewals: string[];
  unconfirmedAddresses: RentersAddressType[];
}

export function rentersPolicyFacts(events: readonly RentersPolicyEvent[]): RentersPolicyFacts {
  let [snapshot] = initialTransition(rentersPolicyStatusMachine);
  let term: RentersTerm | null = null;
  let cancelDate: string | null = null;
  let nonRenewEffectiveDate: string | null = null;
  let rewrittenAs: string | null = null;
  const unpaid = new Set<string>();
  const unconfirmed = new Set<RentersAddressType>();

  for (const event of events) {
    // The log was checked by the machine when written; an event it would refuse changes nothing here either.
    if (!snapshot.can(event)) continue;
    [snapshot] = transition(rentersPolicyStatusMachine, snapshot, event);
    switch (event.type) {
      case 'renters.policyIssued':
      case 'renters.renewed':
        term = { effectiveDate: event.effectiveDate, expirationDate: event.expirationDate };
        break;
      case 'renters.cancelled':
        cancelDate = event.cancelDate;
        // A policy that ends is not renewed, so no renewal payment is expected any more.
        unpaid.clear();
        break;
      case 'renters.discontinued':
        nonRenewEffectiveDate = event.nonRenewEffectiveDate;
        unpaid.clear();
        break;
      case 'renters.reinstated':
        cancelDate = null;
        nonRenewEffectiveDate = null;
        break;
      case 'renters.rewritten':
        rewrittenAs = event.newPolicyNumber;
        break;
      case 'renters.renewalOffered':
        unpaid.add(event.effectiveDate);
        break;
      case 'renters.renewalPaymentReceived':
        unpaid.delete(event.effectiveDate);
        break;
      case 'renters.addressChanged':
        if (event.confirmed) unconfirmed.delete(event.addressType);
        else unconfirmed.add(event.addressType);
        break;
      case 'renters.addressConfirmed':
        unconfirmed.delete(event.addressType);
        break;
      // Taking effect, edits and annotations change no flag.
      default:
        break;
    }
  }
  return {
    logged: snapshot.value as RentersPolicyState,
    term,
    cancelDate,
    nonRenewEffectiveDate,
    rewrittenAs,
    unpaidRenewals: [...unpaid].sort(),
    unconfirmedAddresses: [...unconfirmed].sort(),
  };
}

export interface RentersStatusOnDay {
  state: RentersPolicyState;
  // What the server appends before its next write, so the log catches up with the day.
  due: RentersPolicyEvent[];
}

// The state on `today` (YYYY-MM-DD): a pending cancellation whose date has come is cancelled, a non-renewing
// term that has ended is expired, even before the server wrote the event that says so.
export function rentersStatusOn(facts: RentersPolicyFacts, today: string): RentersStatusOnDay {
  if (facts.logged === 'pendingCancellation' && facts.cancelDate !== null && facts.cancelDate <= today)
    return { state: 'cancelled', due: [{ type: 'renters.cancellationTookEffect' }] };
  if (
    facts.logged === 'nonRenewing' &&
    facts.nonRenewEffectiveDate !== null &&
    facts.nonRenewEffectiveDate <= today
  )
    return { state: 'expired', due: [{ type: 'renters.nonRenewalTookEffect' }] };
  return { state: facts.logged, due: [] };
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

// A reinstatement puts back the cover of the term the cancellation cut short; once that term has ended there is
// no cover left to put back, and bringing it back would charge for days that are over and then renew the
// policy into a term already under way. A new policy is sold instead (docs/renters-cancellation.md
// "Reinstate").
export function reinstatementAllowedOn(term: RentersTerm | null, today: string): boolean {
  return term !== null && today < term.expirationDate;
}

const IN_FORCE: ReadonlySet<RentersPolicyState> = new Set(['active', 'nonRenewing', 'pendingCancellation']);

export function rentersRecordFlags(
  events: readonly RentersPolicyEvent[],
  today: string,
  freeLookDays: number = RENTERS_FREE_LOOK_DAYS,
): RentersRecordFlags {
  const facts = rentersPolicyFacts(events);
  const { state } = rentersStatusOn(facts, today);
  const term = facts.term;
  // The term has not run out (a policy that starts later is current already).
  const termRunning = term !== null && today < term.expirationDate;
  return {
    isCurrent: IN_FORCE.has(state) && termRunning,
    sentToCarrier: false,
    canBeDiscontinued: changeAllowedFrom('discontinue', state) && termRunning,
    // Flat (void from the start) only within the free look of the current term.
    canBeFlatCancelled:
      changeAllowedFrom('cancel', state) &&
      term !== null &&
      today < addDays(term.effectiveDate, freeLookDays),
    canBeReinstated: changeAllowedFrom('reinstate', state) && reinstatementAllowedOn(term, today),
    hasUnconfirmedAddress: facts.unconfirmedAddresses.length > 0,
    hasPendingRenewalPayment: state === 'active' && facts.unpaidRenewals.length > 0,
  };
}
