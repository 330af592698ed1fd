import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import type { Customer, EncodedCustomerId } from '../../../api/schemas/quotePurchase';
import { entityScope, type Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { ActionRefused } from '../actionRefused';

// The same refusal for a customer that does not exist and one outside the caller's scope, so ids of other
// agencies' customers are not confirmed.
const UNKNOWN = 'The customer was not found.';

// Actions `customer` and `encodedCustomerId`: staff see every customer, agency users those with a policy
// issued for their entity or one below it (the customer's policies decide, not who typed the quote).
export async function requireCustomerInScope(db: Db, principal: Principal, customerId: number) {
  const scope = entityScope(principal);
  let query = db.selectFrom('customers').selectAll('customers').where('customers.id', '=', customerId);
  if (scope.kind === 'subtree') {
    // A customer is the agency's when it holds a pet or a renters policy of the agency's subtree.
    query = query.where(({ exists, or, selectFrom }) =>
      or([
        exists(
          selectFrom('policies')
            .innerJoin('entities', 'entities.id', 'policies.entity_id')
            .select('policies.policy_number')
            .whereRef('policies.customer_id', '=', 'customers.id')
            .where('entities.path', 'like', `${scope.path}%`),
        ),
        exists(
          selectFrom('renters_policies')
            .innerJoin('entities', 'entities.id', 'renters_policies.entity_id')
            .select('renters_policies.policy_number')
            .whereRef('renters_policies.customer_id', '=', 'customers.id')
            .where('entities.path', 'like', `${scope.path}%`),
        ),
      ]),
    );
  }
  const customer = await query.executeTakeFirst();
  if (!customer) throw new ActionRefused(UNKNOWN);
  return customer;
}

export async function viewCustomer(db: Db, principal: Principal, customerId: number): Promise<Customer> {
  const c = await requireCustomerInScope(db, principal, customerId);
  return {
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    address_line_1: c.address_line_1,
    address_line_2: c.address_line_2,
    city: c.city,
    state: c.state,
    zip: c.zip,
    phone: c.phone,
    email: c.email,
  };
}

// The customer id for links that leave the portal (payment pages, documents): opaque, URL-safe and signed.
// The id is enciphered as one AES block (so the value shows nothing of it) and the block is signed with an
// HMAC; both keys are derived from the server's secret, which is never used as they are.
const keyOf = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
const MARK = Buffer.from('cust');

function sign(secret: string, block: Buffer): string {
  return createHmac('sha256', keyOf(secret, 'customer-id-signature'))
    .update(block)
    .digest('base64url')
    .slice(0, 22);
}

export function encodeCustomerId(secret: string, id: number): string {
  const plain = Buffer.alloc(16);
  MARK.copy(plain, 0);
  plain.writeBigUInt64BE(BigInt(id), 4);
  const cipher = createCipheriv('aes-256-ecb', keyOf(secret, 'customer-id-cipher'), null).setAutoPadding(
    false,
  );
  const block = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `${block.toString('base64url')}.${sign(secret, block)}`;
}

// The id an encoded value stands for, or null when it was not made with this secret.
export function decodeCustomerId(secret: string, encoded: string): number | null {
  const [blockPart, sig] = encoded.split('.');
  if (!blockPart || !sig) return null;
  const block = Buffer.from(blockPart, 'base64url');
  if (block.length !== 16) return null;
  const expected = Buffer.from(sign(secret, block));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const decipher = createDecipheriv('aes-256-ecb', keyOf(secret, 'customer-id-cipher'), null).setAutoPadding(
    false,
  );
  const plain = Buffer.concat([decipher.update(block), decipher.final()]);
  if (!plain.subarray(0, 4).equals(MARK)) return null;
  return Number(plain.readBigUInt64BE(4));
}

export async function encodedCustomerId(
  db: Db,
  principal: Principal,
  secret: string,
  customerId: number,
): Promise<EncodedCustomerId> {
  const c = await requireCustomerInScope(db, principal, customerId);
  return { customer_id: c.id, encoded_customer_id: encodeCustomerId(secret, c.id) };
}
