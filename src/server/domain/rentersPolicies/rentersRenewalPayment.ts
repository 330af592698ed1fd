import { businessDate } from '../../../calendar';
import { rentersPolicyFacts } from '../../../machines/rentersRecordFlags';
import { readStream, type EventMetadata, type NewEvent, type Trx } from '../../store/eventStore';
import { appendToRentersPolicy } from './appendToRentersPolicy';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicyEvents';

// The renewal term starting `effectiveDate` whose payment is awaited (SPEC §3 has_pending_renewal_payment):
// offered, not yet paid, on an active policy. A cancellation or a discontinue stopped the wait (and a date
// taking effect acts on those alone), so then a payment settles nothing of a renewal.
export async function awaitedRenewal(trx: Trx, policyNumber: string, effectiveDate: string) {
  const stored = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const facts = rentersPolicyFacts(stored.map(rentersPolicyStatusEvent));
  return facts.unpaidRenewals.includes(effectiveDate) && facts.logged === 'active';
}

export const renewalPaymentReceived = (effectiveDate: string): NewEvent => ({
  type: 'renters.renewalPaymentReceived',
  data: { effectiveDate },
});

// Records on the policy's log that the renewal term starting `effectiveDate` was paid for, when that renewal's
// payment was awaited; answers whether it recorded it. Dated by `metadata.at`, the collection's moment, on
// `today`, the business day the money was collected on (a day the run caught up, for one).
export async function recordRenewalPayment(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  effectiveDate: string,
  today: string = businessDate(metadata.at),
): Promise<boolean> {
  if (!(await awaitedRenewal(trx, policyNumber, effectiveDate))) return false;
  await appendToRentersPolicy(trx, metadata, policyNumber, [renewalPaymentReceived(effectiveDate)], today);
  return true;
}
