import { setup } from 'xstate';
import { takesEvent } from './machineAnswers';

// The life of one renters policy (SPEC §3 "Renters", §4; docs/decisions/008). The cancel, discontinue and
// reinstate flows and rewrite eligibility act on it: the server folds a policy's log through this machine and
// asks `can` before appending, the screens ask the same question to decide which actions show. Pure (no
// invoke/after): time is an input. The daily policy-dates work sends the events dates bring: a pending
// cancellation or a non-renewal taking effect on its date, a renewal offered and the policy renewed
// (docs/policy-dates.md); a write that comes first appends the "took effect" event before its own.

export type RentersAddressType = 'MAILING' | 'PROPERTY' | 'INTPARTY';
export type CancellationMethod = 'FLAT' | 'PRO_RATA';

// The events of a renters policy's stream that its status and record flags read. Dates are YYYY-MM-DD (UTC,
// SPEC §9); money is integer cents.
export type RentersPolicyEvent =
  // The purchase: the first term.
  | { type: 'renters.policyIssued'; effectiveDate: string; expirationDate: string }
  // A committed cancel. FLAT voids the policy from its effective date; `immediate` says the cancel date was on
  // or before the day of the commit. Either ends cover now; otherwise the policy is pending cancellation.
  | { type: 'renters.cancelled'; method: CancellationMethod; cancelDate: string; immediate: boolean }
  | { type: 'renters.cancellationTookEffect' }
  // A committed discontinue: the policy is flagged non-renewing and ends at `nonRenewEffectiveDate`.
  | { type: 'renters.discontinued'; nonRenewEffectiveDate: string }
  | { type: 'renters.nonRenewalTookEffect' }
  // A committed reinstatement: the cancellation or the non-renewal is undone.
  | { type: 'renters.reinstated' }
  // The policy was rewritten as `newPolicyNumber` (the link from the old policy to the new one).
  | { type: 'renters.rewritten'; newPolicyNumber: string }
  // Renewal: offered with the amount due for the next term, paid, then in force from its effective date.
  | { type: 'renters.renewalOffered'; effectiveDate: string; expirationDate: string; amountCents: number }
  | { type: 'renters.renewalPaymentReceived'; effectiveDate: string }
  | { type: 'renters.renewed'; effectiveDate: string; expirationDate: string }
  // An address entered by staff is unconfirmed until staff confirm it with the policyholder. (No
  // `renters.sentToCarrier`: the product sends nothing to a carrier, docs/decisions/020.)
  | { type: 'renters.addressChanged'; addressType: RentersAddressType; confirmed: boolean }
  | { type: 'renters.addressConfirmed'; addressType: RentersAddressType }
  // Edits and annotations of the record that no status depends on (the policy edit screen, SPEC §3).
  | { type: 'renters.contactChanged' }
  | { type: 'renters.additionalInsuredAdded'; insuredId: string }
  | { type: 'renters.additionalInsuredRemoved'; insuredId: string }
  | { type: 'renters.paymentMethodChanged' }
  | { type: 'renters.noteAdded' }
  | { type: 'renters.documentGenerated' }
  // Money a committed change moved (a refund or a charge), as the payment service answered it.
  | { type: 'renters.settled' };

export type RentersPolicyEventType = RentersPolicyEvent['type'];

// How many days before the expiration date the daily policy-dates work offers the next term's price
// (`renters.renewalOffered`); an active policy renews on its expiration date (`renters.renewed`).
export const RENTERS_RENEWAL_OFFER_DAYS = 45;

export const RENTERS_POLICY_STATES = [
  'absent',
  'active',
  'nonRenewing',
  'pendingCancellation',
  'cancelled',
  'expired',
  'rewritten',
] as const;
export type RentersPolicyState = (typeof RENTERS_POLICY_STATES)[number];

// Events that record something about the policy without changing its status; taken in every state after
// issue. Staying in the same state takes an explicit target: xstate's `can` answers false for a transition
// with neither target nor actions. A document is generated where its act happens (the declarations at issue
// and when the insured data changes); a settlement is a change's money or a refund asked again later, whatever
// the policy has become since (docs/decisions/020).
const RECORDS = [
  'renters.addressChanged',
  'renters.addressConfirmed',
  'renters.contactChanged',
  'renters.additionalInsuredAdded',
  'renters.additionalInsuredRemoved',
  'renters.paymentMethodChanged',
  'renters.noteAdded',
  'renters.documentGenerated',
  'renters.settled',
] as const satisfies readonly RentersPolicyEventType[];
type RecordType = (typeof RECORDS)[number];
const recordsIn = (state: RentersPolicyState) =>
  Object.fromEntries(RECORDS.map((type) => [type, state])) as Record<RecordType, string>;
// A new payment method of the customer goes to the policies still billed, or lapsed and open to a late payment
// (announceMethodChange); an expired or rewritten policy keeps the method it ended with.
const endedRecordsIn = (state: RentersPolicyState) => {
  const { 'renters.paymentMethodChanged': _notBilled, ...taken } = recordsIn(state);
  return taken;
};

export const rentersPolicyStatusMachine = setup({
  types: { events: {} as RentersPolicyEvent },
  guards: {
    endsNow: ({ event }) =>
      event.type === 'renters.cancelled' && (event.method === 'FLAT' || event.immediate),
  },
}).createMachine({
  id: 'rentersPolicyStatus',
  initial: 'absent',
  states: {
    absent: { on: { 'renters.policyIssued': 'active' } },
    active: {
      on: {
        ...recordsIn('active'),
        'renters.renewalOffered': 'active',
        'renters.renewalPaymentReceived': 'active',
        'renters.renewed': 'active',
        'renters.cancelled': [{ guard: 'endsNow', target: 'cancelled' }, { target: 'pendingCancellation' }],
        'renters.discontinued': 'nonRenewing',
      },
    },
    // In force until the non-renewal date; may still be cancelled, reinstated (the flag lifted) or rewritten.
    nonRenewing: {
      on: {
        ...recordsIn('nonRenewing'),
        'renters.cancelled': [{ guard: 'endsNow', target: 'cancelled' }, { target: 'pendingCancellation' }],
        'renters.reinstated': 'active',
        'renters.nonRenewalTookEffect': 'expired',
        'renters.rewritten': 'rewritten',
      },
    },
    // Shown as CANCELLED (SPEC §4) though covered until the cancel date.
    pendingCancellation: {
      on: {
        ...recordsIn('pendingCancellation'),
        'renters.cancellationTookEffect': 'cancelled',
        'renters.reinstated': 'active',
        'renters.rewritten': 'rewritten',
      },
    },
    cancelled: {
      on: {
        ...recordsIn('cancelled'),
        'renters.reinstated': 'active',
        'renters.rewritten': 'rewritten',
      },
    },
    // A non-renewed term that ended: still flagged non-renewing, so it may be rewritten.
    expired: {
      on: { ...endedRecordsIn('expired'), 'renters.rewritten': 'rewritten' },
    },
    // Replaced by the new policy it links to; nothing changes its status any more.
    rewritten: { on: endedRecordsIn('rewritten') },
  },
});

// SPEC §4 shows no status but CANCELLED; ACTIVE and EXPIRED are what the read table stores otherwise.
export type RentersStatusCode = 'ACTIVE' | 'CANCELLED' | 'EXPIRED';

export function statusCodeOf(state: RentersPolicyState): RentersStatusCode | null {
  switch (state) {
    case 'absent':
      return null;
    case 'active':
    case 'nonRenewing':
      return 'ACTIVE';
    case 'pendingCancellation':
    case 'cancelled':
      return 'CANCELLED';
    case 'expired':
      return 'EXPIRED';
    case 'rewritten':
      // Replaced by its new policy, which takes over the cover: the old one is shown as ended.
      return 'CANCELLED';
  }
}

// A discontinued (non-renewing) policy keeps the flag after its term ends and after a rewrite.
export function isNonRenewing(state: RentersPolicyState): boolean {
  return state === 'nonRenewing' || state === 'expired';
}

export type RentersChangeKind = 'cancel' | 'discontinue' | 'reinstate';

// The event each change flow's commit appends.
export const CHANGE_EVENTS = {
  cancel: 'renters.cancelled',
  discontinue: 'renters.discontinued',
  reinstate: 'renters.reinstated',
} as const satisfies Readonly<Record<RentersChangeKind, RentersPolicyEventType>>;

// Which states a change flow may start from: those where the machine takes the event its commit appends.
export function changeAllowedFrom(kind: RentersChangeKind, state: RentersPolicyState): boolean {
  return takesEvent(rentersPolicyStatusMachine, state, CHANGE_EVENTS[kind]);
}

export function rewriteAllowedFrom(state: RentersPolicyState): boolean {
  return takesEvent(rentersPolicyStatusMachine, state, 'renters.rewritten');
}

export function isRentersPolicyState(value: unknown): value is RentersPolicyState {
  return typeof value === 'string' && (RENTERS_POLICY_STATES as readonly string[]).includes(value);
}
