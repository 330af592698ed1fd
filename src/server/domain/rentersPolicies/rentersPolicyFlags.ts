import { rentersRecordFlags, type RentersRecordFlags } from '../../../machines/rentersRecordFlags';
import type { Db } from '../../store/db';
import { readStream, type Trx } from '../../store/eventStore';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicyEvents';

// The record flags of a renters policy on a day (SPEC §3 isCurrent, sentToCarrier, canBeDiscontinued,
// canBeFlatCancelled, hasUnconfirmedAddress, hasPendingRenewalPayment): computed from its stream when read,
// since most of them change with the day alone. Null when there is no such policy.
export async function rentersPolicyFlags(
  db: Db | Trx,
  policyNumber: string,
  today: string,
): Promise<RentersRecordFlags | null> {
  // readStream only selects, which a Kysely outside a transaction does the same way.
  const events = await readStream(db as Trx, RENTERS_POLICY_STREAM, policyNumber);
  if (events.length === 0) return null;
  return rentersRecordFlags(events.map(rentersPolicyStatusEvent), today);
}
