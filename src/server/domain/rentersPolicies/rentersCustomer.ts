import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { statusCodeOf } from '../../../machines/rentersPolicyStatus';
import { rentersPolicyFacts, rentersStatusOn } from '../../../machines/rentersRecordFlags';
import type {
  RentersCustomer,
  RentersCustomerAddress,
  RentersCustomerEditRequest,
} from '../../../api/schemas/rentersCustomer';
import type { RentersRecordAddress } from '../../../api/schemas/rentersPolicyRecord';
import { entityScope, type Principal } from '../../access/principal';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata } from '../../store/eventStore';
import { customerAggregate } from '../customers/customerAggregate';
import { CUSTOMER_STREAM, customerEvent, type CustomerNames } from '../customers/customerEvents';
import { Invalid, notFound } from '../domainErrors';
import { readRentersPolicy, rentersPolicyParts } from './rentersPolicyRecord';
import { rentersPolicyStatusEvent } from './rentersPolicyEvents';

// The renters customer of SPEC §3's renters wire (GET/POST /v2/renters/customers/{customerId}), made from what
// the portal keeps (docs/renters-policy-record.md "The customer"): the name and e-mail from the customer's
// read row (`customers`, the customer stream), the contact and addresses from the customer's renters policies
// in the caller's scope, folded from their streams as the policy record is.

// The customer's guid: a name-based UUID (RFC 9562 version 5) of the customer id in the portal's namespace, so
// it stays the same for the customer's life and names no other record. The portal keeps no other UUID of a
// customer.
const CUSTOMER_NAMESPACE = '7f1c7c8e-3b7a-5d0e-9c55-1d2e6b0a4f31';

export function customerGuid(customerId: number): string {
  const namespace = Buffer.from(CUSTOMER_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(`renters-customer:${customerId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The customer's renters policies the caller may see, newest sale first: staff see every one, agency users
// those of their entity or below (as rentersPolicyScope.ts decides for one policy).
function policiesInScope(db: Db, principal: Principal, customerId: number) {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('renters_policies as p')
    .innerJoin('entities', 'entities.id', 'p.entity_id')
    .select(['p.policy_number', 'p.matter_id', 'p.term_interval'])
    .where('p.customer_id', '=', customerId);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  return query.orderBy('p.sold_on', 'desc').orderBy('p.matter_id', 'desc').execute();
}

const addressOut = (
  a: RentersRecordAddress,
  confirmed: boolean,
  owner: string | null = null,
): RentersCustomerAddress => ({
  address_type: a.typeCode,
  line_1: a.line1,
  line_2: a.line2,
  city: a.city,
  state: a.stateCode,
  zip_code: a.zipCode,
  // The portal asks no name of the insured property.
  property_name: null,
  // The interested party of a renters policy is the property's owner or manager (the landlord).
  property_owner: owner,
  confirmed,
});

export async function viewRentersCustomer(
  db: Db,
  principal: Principal,
  customerId: number,
  today: string,
): Promise<{ customer: RentersCustomer; version: number }> {
  // A customer without a renters policy in the caller's scope is as unknown as one that does not exist.
  const rows = await policiesInScope(db, principal, customerId);
  if (rows.length === 0) throw notFound('customer');
  const c = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
  if (!c) throw notFound('customer');
  const policies: RentersCustomer['policies'] = [];
  const addresses: RentersCustomerAddress[] = [];
  const seen = new Set<string>();
  const add = (address: RentersCustomerAddress) => {
    const key = JSON.stringify({ ...address, confirmed: undefined });
    if (seen.has(key)) return;
    seen.add(key);
    addresses.push(address);
  };
  let contacts: RentersCustomer['contacts'] = [];
  for (const [index, row] of rows.entries()) {
    const events = await readRentersPolicy(db, row.policy_number);
    const parts = rentersPolicyParts(events);
    if (!parts) continue;
    const facts = rentersPolicyFacts(events.map(rentersPolicyStatusEvent));
    const { state } = rentersStatusOn(facts, today);
    const confirmed = (type: RentersRecordAddress['typeCode']) => !facts.unconfirmedAddresses.includes(type);
    policies.push({
      policy_number: row.policy_number,
      matter_id: row.matter_id,
      status_code: statusCodeOf(state) ?? 'ACTIVE',
      effective_at: facts.term?.effectiveDate ?? parts.issued.effectiveDate,
      expiration_at: facts.term?.expirationDate ?? parts.issued.expirationDate,
      term_interval: row.term_interval === 'monthly' ? 'monthly' : 'annual',
    });
    // The customer's mailing address and phone are those of the newest policy; each policy adds its property
    // and interested party, an address shown once however many policies name it.
    if (index === 0) {
      add(addressOut(parts.mailing, confirmed('MAILING')));
      contacts = [
        {
          type: 'PRIMARY',
          number_type: parts.contact.numberType,
          number: parts.contact.number,
          additional_info: parts.contact.additionalInfo ?? null,
          extension: parts.contact.extension,
        },
      ];
    }
    add(addressOut(parts.property, confirmed('PROPERTY')));
    if (parts.interestedParty)
      add(addressOut(parts.interestedParty.address, confirmed('INTPARTY'), parts.interestedParty.name));
  }
  return {
    customer: {
      id: c.id,
      guid: customerGuid(c.id),
      email: c.email,
      name_first: c.first_name,
      name_last: c.last_name,
      full_name: `${c.first_name} ${c.last_name}`,
      // No welcome e-mail is sent to a renters customer yet, so none was ever sent.
      welcome_email_sent: null,
      addresses,
      contacts,
      policies,
    },
    version: c.version,
  };
}

const FIELDS = [
  ['name_first', 'firstName'],
  ['name_last', 'lastName'],
  ['email', 'email'],
] as const;

// POST /v2/renters/customers/{customerId}: the name and e-mail, changed on the customer stream
// (`customer.edited`), which the customer's read row, its policies' records and the searches show. The
// e-mail is how a later purchase finds the customer within its agency, so it may not be another customer's
// of the same agency. Nothing differing: nothing recorded.
export async function editRentersCustomer(
  db: Db,
  principal: Principal,
  customerId: number,
  input: RentersCustomerEditRequest,
  metadata: EventMetadata,
): Promise<void> {
  if ((await policiesInScope(db, principal, customerId)).length === 0) throw notFound('customer');
  await db.transaction().execute(async (trx) => {
    const c = await trx.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
    if (!c) throw notFound('customer');
    if (input.version !== undefined && input.version !== c.version)
      throw new VersionConflictError(CUSTOMER_STREAM, String(customerId), input.version);
    const current: CustomerNames = { firstName: c.first_name, lastName: c.last_name, email: c.email };
    const next: CustomerNames = { ...current };
    const changes: Record<string, { from: string; to: string }> = {};
    for (const [wire, field] of FIELDS) {
      const value = input[wire];
      if (value === undefined || value === current[field]) continue;
      changes[field] = { from: current[field], to: value };
      next[field] = value;
    }
    if (changes.email && changes.email.to.toLowerCase() !== current.email.toLowerCase()) {
      const other = await trx
        .selectFrom('customers')
        .select('id')
        .where('entity_id', '=', c.entity_id)
        .where('id', '<>', customerId)
        .where(sql<string>`lower(email)`, '=', next.email.toLowerCase())
        .executeTakeFirst();
      if (other)
        throw new Invalid({ 'data.email': ['Another customer of this agency has this email address.'] });
    }
    if (Object.keys(changes).length === 0) return;
    await execute(
      trx,
      customerAggregate,
      String(customerId),
      [customerEvent.edited({ ...next, changes })],
      metadata,
      c.version,
    );
  });
}
