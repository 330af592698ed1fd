import type { RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';
import type {
  RentersCancellationReason,
  RentersPolicyTerm,
  RentersPolicyTransaction,
  RentersPolicyWire,
  RentersTransactionType,
} from '../../../api/schemas/rentersPolicyTerms';
import { businessDate } from '../../../calendar';
import type { RentersChangeKind } from '../../../machines/rentersPolicyStatus';
import type { StoredEvent } from '../../store/eventStore';
import { adjustmentsOfStream } from '../reports/premiumAdjustments';
import { monthlySchedule } from '../rating/paymentSchedule';
import { dollars } from '../rating/wireAmounts';
import { RENTERS_CHANGE_REASONS } from './changes/rentersChangeReasons';
import type { RentersPolicyIssued } from './rentersPolicyEvents';

// SPEC §3's Policy, Policy term and Transaction of a renters policy, folded from its stream as the record is
// (docs/renters-policy-record.md "Policy, terms and transactions"). The figures are the events' own: a term's
// are those its issue or renewal priced and billing scheduled (docs/billing.md "The schedule", "Renewal"), a
// transaction's premium the net written premium report's adjustment of the same event (docs/reports.md).

const cents = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

// A reason code as the reasons list names it; a code the list no longer has keeps its code as its name.
export function rentersReasonOf(scope: RentersChangeKind, code: unknown): RentersCancellationReason | null {
  if (typeof code !== 'string' || code === '') return null;
  const known = RENTERS_CHANGE_REASONS.find((r) => r.scope === scope && r.code === code);
  return {
    code,
    name: known?.name ?? code,
    scope,
    is_enabled: known?.isEnabled ?? false,
  };
}

export interface RentersEndingReasons {
  // The standing cancellation's reason, else the standing non-renewal's: why the policy ends.
  cancellation: RentersCancellationReason | null;
  nonRenewal: RentersCancellationReason | null;
}

// The reasons of the cancellation and the non-renewal that stand: a reinstatement withdraws both, as it
// lifts the cancel date and the non-renewal date (rentersPolicyFacts, src/machines/rentersRecordFlags.ts).
export function rentersEndingReasons(events: readonly StoredEvent[]): RentersEndingReasons {
  let cancel: RentersCancellationReason | null = null;
  let nonRenewal: RentersCancellationReason | null = null;
  for (const event of events) {
    if (event.type === 'renters.cancelled') cancel = rentersReasonOf('cancel', event.data.reasonCode);
    else if (event.type === 'renters.discontinued')
      nonRenewal = rentersReasonOf('discontinue', event.data.reasonCode);
    else if (event.type === 'renters.reinstated') {
      cancel = null;
      nonRenewal = null;
    }
  }
  return { cancellation: cancel ?? nonRenewal, nonRenewal };
}

// SPEC §3 Policy, from the record the screen reads (so the two never disagree) and the reasons of the stream.
export function rentersPolicyWireOf(
  record: RentersPolicyRecord,
  reasons: RentersEndingReasons,
): RentersPolicyWire {
  const { summary } = record;
  return {
    id: record.id,
    customer_id: record.policyholder.customerId,
    policy_number: summary.policyNumber,
    policy_version: record.policyVersion,
    status_code: summary.statusCode,
    term_interval: summary.termInterval,
    term_premium: summary.termPremium,
    inception_at: summary.inceptionDate,
    effective_at: summary.effectiveDate,
    expiration_at: summary.expirationDate,
    non_renew: summary.nonRenew,
    non_renew_effective_at: summary.nonRenewEffectiveDate,
    non_renew_reason: summary.nonRenew ? reasons.nonRenewal : null,
    cancellation_at: record.cancellationDate,
    cancellation_reason: reasons.cancellation,
    is_current: record.isCurrent,
    can_discontinue: record.canBeDiscontinued,
    can_flat_cancel: record.canBeFlatCancelled,
    has_unconfirmed_address: record.hasUnconfirmedAddress,
    has_pending_renewal_payment: record.hasPendingRenewalPayment,
  };
}

// The terms: the issue's, then each renewal's. A term's payments are those billing scheduled for it: the
// issue's first charge and rated next bill (openRentersBilling), a renewal's total split evenly
// (scheduleRenewalTerm). The record's next bill belongs to the term it falls in.
export function rentersTermsOf(
  events: readonly StoredEvent[],
  record: RentersPolicyRecord,
): RentersPolicyTerm[] {
  const first = events[0];
  if (!first || first.type !== 'renters.policyIssued') return [];
  const issued = first.data as unknown as RentersPolicyIssued;
  // As openRentersBilling chose the plan: a monthly term without a next bill is billed whole.
  const monthly = issued.termInterval === 'monthly' && issued.nextBill !== null;
  const terms: Omit<
    RentersPolicyTerm,
    'term_number' | 'is_current' | 'next_bill_date' | 'next_bill_total'
  >[] = [
    {
      term_type: issued.rewriteOf ? 'REWRITE' : 'NEW_BUSINESS',
      policy_version: first.version,
      effective_at: issued.effectiveDate,
      expiration_at: issued.expirationDate,
      premium: dollars(issued.termPremiumCents),
      taxes: dollars(issued.taxesCents),
      fee_total: dollars(issued.feesCents),
      total: dollars(issued.totalCents),
      down_payment: dollars(issued.payment.amountCents),
      monthly_payment: monthly ? dollars(issued.nextBill!.amountCents) : null,
    },
  ];
  for (const event of events) {
    if (event.type !== 'renters.renewed') continue;
    const d = event.data;
    // The split billing's evenPayments makes of a renewal's total (scheduleRenewalTerm).
    const split = monthlySchedule(cents(d.totalCents));
    terms.push({
      term_type: 'RENEWAL',
      policy_version: event.version,
      effective_at: String(d.effectiveDate),
      expiration_at: String(d.expirationDate),
      premium: dollars(cents(d.termPremiumCents)),
      taxes: dollars(cents(d.taxesCents)),
      fee_total: dollars(cents(d.feesCents)),
      total: dollars(cents(d.totalCents)),
      down_payment: dollars(monthly ? split.downpayment : cents(d.totalCents)),
      monthly_payment: monthly ? dollars(split.monthly) : null,
    });
  }
  const { upcomingPaymentDate: billDate, upcomingPaymentAmount: billTotal } = record.summary;
  return terms.map((term, i) => {
    const billed = billDate !== null && term.effective_at <= billDate && billDate < term.expiration_at;
    return {
      term_number: i + 1,
      ...term,
      is_current: record.isCurrent && i === terms.length - 1,
      next_bill_date: billed ? billDate : null,
      next_bill_total: billed ? billTotal : null,
    };
  });
}

const TRANSACTION_TYPE: Readonly<Record<string, RentersTransactionType>> = {
  NB: 'NEW_BUSINESS',
  RW: 'REWRITE',
  RN: 'RENEWAL',
  EN: 'ENDORSEMENT',
  CN: 'CANCELLATION',
  FC: 'CANCELLATION',
  RI: 'REINSTATEMENT',
};

// The transactions, oldest first: each adjustment the net written premium report reads from the stream, and
// each non-renewal, which writes no premium but changes the policy the carrier holds.
export function rentersTransactionsOf(
  events: readonly StoredEvent[],
  today: string,
): RentersPolicyTransaction[] {
  const issued = events[0]?.data as unknown as RentersPolicyIssued | undefined;
  if (!issued) return [];
  const adjustments = new Map(adjustmentsOfStream(events).map((a) => [a.eventId, a]));
  const out: RentersPolicyTransaction[] = [];
  // The cancellations and non-renewals a reinstatement would withdraw.
  let standing: RentersPolicyTransaction[] = [];
  for (const event of events) {
    const adjustment = adjustments.get(Number(event.position));
    const nonRenewal = event.type === 'renters.discontinued';
    if (!adjustment && !nonRenewal) continue;
    const type: RentersTransactionType = adjustment ? TRANSACTION_TYPE[adjustment.eventCode]! : 'NON_RENEWAL';
    const d = event.data;
    const recordedOn = businessDate(event.recordedAt);
    const effective =
      {
        NEW_BUSINESS: issued.effectiveDate,
        REWRITE: issued.effectiveDate,
        RENEWAL: d.effectiveDate,
        CANCELLATION: d.cancelDate,
        NON_RENEWAL: d.nonRenewEffectiveDate,
        REINSTATEMENT: d.effectiveDate,
        ENDORSEMENT: recordedOn,
      }[type] ?? recordedOn;
    const effectiveAt = typeof effective === 'string' ? effective : recordedOn;
    const scope: RentersChangeKind | null =
      type === 'CANCELLATION'
        ? 'cancel'
        : type === 'NON_RENEWAL'
          ? 'discontinue'
          : type === 'REINSTATEMENT'
            ? 'reinstate'
            : null;
    const reason = scope ? rentersReasonOf(scope, d.reasonCode) : null;
    // A term's fees are billed with it; no change of this product bills a fee of its own.
    const fees =
      type === 'NEW_BUSINESS' || type === 'REWRITE'
        ? issued.feesCents
        : type === 'RENEWAL'
          ? cents(d.feesCents)
          : 0;
    const transaction: RentersPolicyTransaction = {
      policy_version: event.version,
      transaction_type: type,
      status_code: effectiveAt > today ? 'PENDING' : 'COMPLETED',
      premiums: dollars(adjustment?.premiumCents ?? 0),
      fee_total: dollars(fees),
      adjustment_code: adjustment?.eventCode ?? null,
      effective_at: effectiveAt,
      transaction_date: recordedOn,
      reason: reason && { code: reason.code, name: reason.name },
    };
    if (type === 'CANCELLATION' || type === 'NON_RENEWAL') standing.push(transaction);
    if (type === 'REINSTATEMENT') {
      for (const withdrawn of standing) withdrawn.status_code = 'REVERSED';
      standing = [];
    }
    out.push(transaction);
  }
  return out;
}
