import { rentersPolicyFacts } from '../../../machines/rentersRecordFlags';
import { isNonRenewing, statusCodeOf } from '../../../machines/rentersPolicyStatus';
import { readStream, registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersPolicyIssued,
} from './rentersPolicyEvents';

// Read table `renters_policies`. The issue event inserts the row; after every event the status columns are
// refreshed from the stream folded through the status machine up to that event (never set by hand), so a
// rebuild, which replays the log event by event, ends with the same row.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'renters.policyIssued') await insertIssued(trx, event);
  const events = (await readStream(trx, RENTERS_POLICY_STREAM, event.streamId)).filter(
    (e) => e.version <= event.version,
  );
  const facts = rentersPolicyFacts(events.map(rentersPolicyStatusEvent));
  await trx
    .updateTable('renters_policies')
    .set({
      policy_version: event.version,
      machine_state: facts.logged,
      status_code: statusCodeOf(facts.logged) ?? 'ACTIVE',
      rewritten_as: facts.rewrittenAs,
      effective_date: facts.term?.effectiveDate ?? undefined,
      expiration_date: facts.term?.expirationDate ?? undefined,
      cancellation_date: facts.cancelDate,
      non_renew: isNonRenewing(facts.logged) || facts.nonRenewEffectiveDate !== null,
      non_renew_effective_date: facts.nonRenewEffectiveDate,
    })
    .where('policy_number', '=', event.streamId)
    .execute();
}

async function insertIssued(trx: Trx, event: StoredEvent): Promise<void> {
  const p = event.data as unknown as RentersPolicyIssued;
  await trx
    .insertInto('renters_policies')
    .values({
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
      next_bill_due: p.nextBill?.dueDate ?? null,
      next_bill_cents: p.nextBill?.amountCents ?? null,
      sold_on: p.soldOn,
      inception_date: p.effectiveDate,
      effective_date: p.effectiveDate,
      expiration_date: p.expirationDate,
      cancellation_date: null,
      non_renew: false,
      non_renew_effective_date: null,
    })
    .execute();
}

registerProjection(RENTERS_POLICY_STREAM, project);
