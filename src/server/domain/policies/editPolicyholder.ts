import { businessDate, systemClock, type Clock } from '../../../calendar';
import type { PolicyholderEdit } from '../../../api/schemas/policies';
import type { Principal } from '../../access/principal';
import { Invalid, Refused } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata } from '../../store/eventStore';
import { customerAggregate } from '../customers/customerAggregate';
import { policyAggregate } from './policyAggregate';
import { customerEvent, type ContactDetails } from '../customers/customerEvents';
import { stateOfZip } from '../rating/zipStates';
import { policyEvent, type FieldChange } from './policyEvents';
import { findPolicyInScope, loadLifecycle, stateName } from './policyRecord';

const FIELDS = ['email', 'phone', 'addressLine1', 'addressLine2', 'city', 'zip'] as const;

// PATCH /v2/policies/{matterId}/policyholder: the policyholder's contact details and mailing address, changed
// through one policy. The change is `policy.policyholderChanged` on the policy (its events list shows it, the
// lifecycle decides whether it is allowed, the client's version guards it) and `customer.contactChanged` on
// the customer, whose read table every policy of the customer shows. Nothing differing: nothing recorded.
export async function editPolicyholder(
  db: Db,
  principal: Principal,
  matterId: number,
  edit: PolicyholderEdit,
  metadata: EventMetadata,
  clock: Clock = systemClock,
): Promise<void> {
  const p = await findPolicyInScope(db, principal, matterId);
  const current: ContactDetails = {
    email: p.email,
    phone: p.phone,
    addressLine1: p.address_line_1,
    addressLine2: p.address_line_2,
    city: p.city,
    zip: p.zip,
  };
  const given = { ...edit, addressLine2: edit.addressLine2 === '' ? null : edit.addressLine2 };
  if (FIELDS.every((f) => given[f] === undefined)) {
    throw new Invalid({ data: ['Give at least one contact detail to change.'] });
  }
  if (given.zip !== undefined) await checkZip(db, p.customer_id, given.zip);

  const next: ContactDetails = { ...current };
  const changes: Record<string, FieldChange> = {};
  for (const field of FIELDS) {
    const value = given[field];
    if (value === undefined || value === current[field]) continue;
    changes[field] = { from: current[field], to: value };
    (next as Record<string, string | null>)[field] = value;
  }

  await db.transaction().execute(async (trx) => {
    const lifecycle = await loadLifecycle(trx, p.policy_number, businessDate(clock.now()));
    if (edit.version !== undefined && edit.version !== lifecycle.version) {
      throw new VersionConflictError(policyAggregate.streamType, p.policy_number, edit.version);
    }
    if (Object.keys(changes).length === 0) return;
    if (!lifecycle.snapshot.can({ type: 'policy.policyholderChanged' })) {
      throw new Refused(`The policy is ${stateName(lifecycle.state)}; its policyholder cannot be changed.`);
    }
    await execute(
      trx,
      policyAggregate,
      p.policy_number,
      [
        ...lifecycle.due,
        policyEvent.policyholderChanged({ customerId: p.customer_id, reason: edit.reason, changes }),
      ],
      metadata,
      lifecycle.version,
    );
    await execute(
      trx,
      customerAggregate,
      String(p.customer_id),
      [
        customerEvent.contactChanged({
          reason: edit.reason,
          policyNumber: p.policy_number,
          changes,
          contact: next,
        }),
      ],
      metadata,
    );
  });
}

// The mailing address stays in the state every policy of the customer is filed in.
async function checkZip(db: Db, customerId: number, zip: string): Promise<void> {
  const states = await db
    .selectFrom('policies')
    .select('state')
    .distinct()
    .where('customer_id', '=', customerId)
    .execute();
  const state = stateOfZip(zip);
  const wanted = states.map((s) => s.state).join(' and ');
  if (state === null || states.some((s) => s.state !== state)) {
    throw new Invalid({ zip: [`The zip code must be in ${wanted}, where the policy is filed.`] });
  }
}
