import type { Db } from '../../store/db';
import { readStream, type Trx } from '../../store/eventStore';
import { CUSTOMER_STREAM, type CustomerEdited, type CustomerNames } from './customerEvents';

// The name and e-mail of the customer's latest `customer.edited` logged after `position` (a policy's issue
// event), or null when staff changed none since: what a policy of the customer shows and hands on (its record,
// a rewrite's journey) in place of the sale's.
export async function namesEditedAfter(
  db: Db | Trx,
  customerId: number,
  position: string,
): Promise<CustomerNames | null> {
  const after = BigInt(position);
  // readStream only selects, which a Kysely outside a transaction does the same way.
  const edited = (await readStream(db as Trx, CUSTOMER_STREAM, String(customerId))).findLast(
    (e) => e.type === 'customer.edited' && BigInt(e.position) > after,
  );
  if (!edited) return null;
  const { firstName, lastName, email } = edited.data as unknown as CustomerEdited;
  return { firstName, lastName, email };
}
