import { sql } from 'kysely';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { customerAggregate } from './customerAggregate';
import { customerEvent, type CustomerDetails } from './customerEvents';

const same = (a: CustomerDetails, b: CustomerDetails): boolean =>
  (Object.keys(a) as (keyof CustomerDetails)[]).every((k) => a[k] === b[k]);

// The policyholder of a purchase: the customer of the same entity with the same e-mail (case-insensitive)
// when there is one, brought up to date with what checkout confirmed; otherwise a new customer. Reuse stays
// within the entity so one agency's purchase never changes another agency's customer (docs/purchase.md).
export async function customerForPurchase(
  trx: Trx,
  metadata: EventMetadata,
  entityId: number,
  quoteUuid: string,
  details: CustomerDetails,
): Promise<number> {
  const existing = await trx
    .selectFrom('customers')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where(sql<string>`lower(email)`, '=', details.email.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  if (existing) {
    const current: CustomerDetails = {
      firstName: existing.first_name,
      lastName: existing.last_name,
      email: existing.email,
      phone: existing.phone,
      addressLine1: existing.address_line_1,
      addressLine2: existing.address_line_2,
      city: existing.city,
      state: existing.state,
      zip: existing.zip,
    };
    if (!same(current, details)) {
      await execute(
        trx,
        customerAggregate,
        String(existing.id),
        [customerEvent.updated({ ...details, quoteUuid })],
        metadata,
      );
    }
    return existing.id;
  }
  const { rows } = await sql<{ id: number }>`select nextval('customer_id_seq')::int as id`.execute(trx);
  const id = rows[0]!.id;
  await execute(
    trx,
    customerAggregate,
    String(id),
    [customerEvent.created({ id, entityId, quoteUuid, ...details })],
    metadata,
  );
  return id;
}
