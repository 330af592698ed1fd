import type { RentersAddressConfirmRequest } from '../../../api/schemas/rentersPolicyRecord';
import { rentersPolicyFacts } from '../../../machines/rentersRecordFlags';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata } from '../../store/eventStore';
import { Refused, notFound } from '../domainErrors';
import { appendToRentersPolicy } from './appendToRentersPolicy';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicyEvents';
import { readRentersPolicy } from './rentersPolicyRecord';
import type { RentersPolicyRef } from './rentersPolicyScope';

const NAMES = {
  MAILING: 'mailing address',
  PROPERTY: 'property address',
  INTPARTY: "interested party's address",
};

// An address staff entered stays unconfirmed (SPEC §3 has_unconfirmed_address) until staff confirm it, having
// checked it with the policyholder: the back office's own act, since no outside check confirms addresses
// (docs/renters-policy-record.md "Unconfirmed addresses"). Only an unconfirmed address is confirmed, so the
// log records each confirmation once and a second click is told why nothing happened.
export async function confirmRentersAddress(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  input: RentersAddressConfirmRequest,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const events = await readRentersPolicy(trx, ref.policyNumber);
    if (events.length === 0) throw notFound('renters policy');
    const version = events.at(-1)!.version;
    if (input.policy_version !== undefined && input.policy_version !== version)
      throw new VersionConflictError(RENTERS_POLICY_STREAM, ref.policyNumber, input.policy_version);
    const facts = rentersPolicyFacts(events.map(rentersPolicyStatusEvent));
    if (!facts.unconfirmedAddresses.includes(input.address_type))
      throw new Refused(`The ${NAMES[input.address_type]} is not waiting for confirmation.`);
    await appendToRentersPolicy(trx, metadata, ref.policyNumber, [
      { type: 'renters.addressConfirmed', data: { addressType: input.address_type } },
    ]);
  });
}
