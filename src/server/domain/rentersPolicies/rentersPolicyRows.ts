import type { Insertable, Updateable } from 'kysely';
import { rentersPolicyFacts } from '../../../machines/rentersRecordFlags';
import { isNonRenewing, statusCodeOf } from '../../../machines/rentersPolicyStatus';
import type { StoredEvent } from '../../store/eventStore';
import { rentersPolicyStatusEvent, type RentersPolicyIssued } from './rentersPolicyEvents';
import type { RentersPoliciesTable } from '../../store/tables/rentersPolicyTables';

// The `renters_policies` row of a renters policy stream, as pure folds: the projection writes the row after
// each event from the stream up to it, a bulk replay the row of each whole stream.

export type RentersPolicyRow = Insertable<RentersPoliciesTable>;

// The sale as the issue event records it, active; the status columns follow from the stream.
export function issuedRowOf(event: StoredEvent): RentersPolicyRow {
  const p = event.data as unknown as RentersPolicyIssued;
  return {
    policy_number: p.policyNumber,
    matter_id: p.matterId,
    policy_version: event.version,
    quote_id: p.quoteId,
    entity_id: p.entityId,
    customer_id: p.customerId,
    rewrite_of: p.rewriteOf,
    rewritten_as: null,
    machine_state: 'active',
    status_code: 'ACTIVE',
    term_interval: p.termInterval,
    state: p.propertyAddress.state,
    property_line_1: p.propertyAddress.line1,
    property_line_2: p.propertyAddress.line2,
    property_city: p.propertyAddress.city,
    property_zip: p.propertyAddress.zip,
    term_premium_cents: p.termPremiumCents,
    taxes_cents: p.taxesCents,
    fees_cents: p.feesCents,
    total_cents: p.totalCents,
    next_bill_cents: p.nextBill?.amountCents ?? null,
    sold_on: p.soldOn,
    inception_date: p.effectiveDate,
    effective_date: p.effectiveDate,
    expiration_date: p.expirationDate,
    cancellation_date: null,
    non_renew: false,
    non_renew_effective_date: null,
  };
}

// The status columns after `events` (a stream from version 1), folded through the status machine, never set
// by hand. Before the machine knows a term the row keeps the dates it has.
export function statusColumnsOf(events: readonly StoredEvent[]): Updateable<RentersPoliciesTable> {
  const facts = rentersPolicyFacts(events.map(rentersPolicyStatusEvent));
  return {
    policy_version: events.at(-1)?.version,
    machine_state: facts.logged,
    status_code: statusCodeOf(facts.logged) ?? 'ACTIVE',
    rewritten_as: facts.rewrittenAs,
    ...(facts.term && {
      effective_date: facts.term.effectiveDate,
      expiration_date: facts.term.expirationDate,
    }),
    cancellation_date: facts.cancelDate,
    non_renew: isNonRenewing(facts.logged) || facts.nonRenewEffectiveDate !== null,
    non_renew_effective_date: facts.nonRenewEffectiveDate,
    ...renewedFigures(events),
  };
}

// A renewal's term is priced anew (docs/policy-dates.md): the row shows the latest term's figures.
function renewedFigures(events: readonly StoredEvent[]): Updateable<RentersPoliciesTable> {
  const renewed = events.findLast((e) => e.type === 'renters.renewed')?.data;
  if (!renewed || typeof renewed.termPremiumCents !== 'number') return {};
  const cents = (value: unknown) => (typeof value === 'number' ? value : 0);
  return {
    term_premium_cents: renewed.termPremiumCents,
    taxes_cents: cents(renewed.taxesCents),
    fees_cents: cents(renewed.feesCents),
    total_cents: cents(renewed.totalCents),
  };
}

// The row a whole stream leaves, or null when it has no issue event (nothing to update then).
export function rentersPolicyRowOf(stream: readonly StoredEvent[]): RentersPolicyRow | null {
  const issued = stream.find((e) => e.type === 'renters.policyIssued');
  return issued ? { ...issuedRowOf(issued), ...statusColumnsOf(stream) } : null;
}
