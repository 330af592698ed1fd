import { randomUUID } from 'node:crypto';
import {
  RENTERS_MAX_ADDITIONAL_INSUREDS,
  type RentersAddressRequest,
  type RentersContactRequest,
  type RentersInsuredAddRequest,
} from '../../../api/schemas/rentersPolicyRecord';
import { Invalid, notFound } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata, type NewEvent, type Trx } from '../../store/eventStore';
import { customerAggregate } from '../customers/customerAggregate';
import { customerEvent } from '../customers/customerEvents';
import { stateOfZip } from '../rating/zipStates';
import { appendToRentersPolicy } from './appendToRentersPolicy';
import { storeRentersDeclarations } from './rentersDocuments';
import { RENTERS_POLICY_STREAM } from './rentersPolicyEvents';
import {
  readRentersPolicy,
  rentersPolicyParts,
  type RentersAddressChanged,
  type RentersContactChanged,
  type RentersInsuredAdded,
  type RentersPolicyParts,
} from './rentersPolicyRecord';
import type { RentersPolicyRef } from './rentersPolicyScope';

// The edits of the renters policy edit screen. Each is one event on the policy's stream, appended through
// appendToRentersPolicy (which catches "took effect" events up first) with the caller's metadata. The
// version the screen showed, when sent, must still be the stream's (409 otherwise); without it the last
// write wins. Bad input is refused (422) before anything is written. An edit of what the declarations page
// shows (an address, an additional insured) makes the changed declarations in the same transaction.

type Decide = (parts: RentersPolicyParts, trx: Trx) => Promise<NewEvent[]> | NewEvent[];

async function edit(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  expectedVersion: number | undefined,
  decide: Decide,
  // Whether the edit changes what the declarations page shows (the insureds and their addresses).
  declarations: 'unchanged' | 'changed' = 'changed',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const parts = rentersPolicyParts(await readRentersPolicy(trx, ref.policyNumber));
    if (!parts) throw notFound('renters policy');
    if (expectedVersion !== undefined && expectedVersion !== parts.version)
      throw new VersionConflictError(RENTERS_POLICY_STREAM, ref.policyNumber, expectedVersion);
    const events = await decide(parts, trx);
    await appendToRentersPolicy(trx, metadata, ref.policyNumber, events);
    if (declarations === 'changed')
      await storeRentersDeclarations(trx, metadata, ref.policyNumber, { changed: true });
  });
}

// The primary contact. The customer's phone follows, since the search row reads it from the customer.
export function changeRentersContact(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  input: RentersContactRequest,
) {
  return edit(
    db,
    metadata,
    ref,
    input.policy_version,
    async (parts, trx) => {
      const data: RentersContactChanged = {
        number: input.number,
        numberType: input.number_type,
        extension: input.extension,
        additionalInfo: input.additional_info,
      };
      await followOnCustomer(trx, metadata, ref, parts.contact.number, input.number);
      return [{ type: 'renters.contactChanged', data: { ...data } }];
    },
    'unchanged',
  );
}

async function followOnCustomer(
  trx: Trx,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  from: string,
  to: string,
): Promise<void> {
  const c = await trx.selectFrom('customers').selectAll().where('id', '=', ref.customerId).executeTakeFirst();
  if (!c || c.phone === to) return;
  await execute(
    trx,
    customerAggregate,
    String(ref.customerId),
    [
      customerEvent.contactChanged({
        reason: `Primary contact changed on renters policy ${ref.policyNumber}`,
        policyNumber: ref.policyNumber,
        changes: { phone: { from: c.phone ?? from, to } },
        contact: {
          email: c.email,
          phone: to,
          addressLine1: c.address_line_1,
          addressLine2: c.address_line_2,
          city: c.city,
          zip: c.zip,
        },
      }),
    ],
    metadata,
  );
}

// A mailing, property or interested party address. Staff-entered addresses are unconfirmed until staff
// confirm them with the policyholder (hasUnconfirmedAddress, rentersAddressConfirmation.ts). The property
// stays in the policy's state: the policy is numbered and rated by it.
export function changeRentersAddress(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  input: RentersAddressRequest,
) {
  return edit(db, metadata, ref, input.policy_version, (parts) => {
    if (input.address_type === 'PROPERTY') {
      const state = parts.issued.propertyAddress.state;
      if (input.state_code !== state)
        throw new Invalid({
          'data.state_code': [
            `The insured property must stay in ${state}, the state the policy is rated and numbered in.`,
          ],
        });
      if (stateOfZip(input.zip_code) !== state)
        throw new Invalid({ 'data.zip_code': [`The ZIP code must be in ${state}.`] });
    }
    const data: RentersAddressChanged = {
      addressType: input.address_type,
      confirmed: false,
      address: {
        line1: input.line_1,
        line2: input.line_2,
        city: input.city,
        state: input.state_code,
        zip: input.zip_code,
      },
      ...(input.address_type === 'INTPARTY' ? { name: input.name } : {}),
    };
    return [{ type: 'renters.addressChanged', data: { ...data } }];
  });
}

export async function addRentersInsured(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  input: RentersInsuredAddRequest,
): Promise<string> {
  const insuredId = randomUUID();
  await edit(db, metadata, ref, input.policy_version, (parts) => {
    if (parts.insureds.size >= RENTERS_MAX_ADDITIONAL_INSUREDS)
      throw new Invalid({
        data: [`A policy may name at most ${RENTERS_MAX_ADDITIONAL_INSUREDS} additional insureds.`],
      });
    const data: RentersInsuredAdded = {
      insuredId,
      firstName: input.name_first,
      lastName: input.name_last,
      email: input.email,
      phone: input.phone,
    };
    return [{ type: 'renters.additionalInsuredAdded', data: { ...data } }];
  });
  return insuredId;
}

export function removeRentersInsured(
  db: Db,
  metadata: EventMetadata,
  ref: RentersPolicyRef,
  input: { id: number; policy_version?: number | undefined },
) {
  return edit(db, metadata, ref, input.policy_version, (parts) => {
    const named = [...parts.insureds].find(([, insured]) => insured.id === input.id);
    if (!named) throw notFound('additional insured');
    return [{ type: 'renters.additionalInsuredRemoved', data: { insuredId: named[0] } }];
  });
}
