import { entityScope, type Principal } from '../../access/principal';
import { notFound } from '../domainErrors';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

// A renters customer, if the caller may see one of their renters policies: staff see every customer with
// a renters policy, agency users those with a policy of their entity or below (as rentersPolicyScope.ts
// decides for one policy). Unknown and out of scope both answer 404.
export async function requireRentersCustomer(
  db: Db | Trx,
  principal: Principal,
  customerId: number,
): Promise<{ customerId: number }> {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('renters_policies as p')
    .innerJoin('entities', 'entities.id', 'p.entity_id')
    .select('p.customer_id')
    .where('p.customer_id', '=', customerId);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  const row = await query.limit(1).executeTakeFirst();
  if (!row) throw notFound('customer');
  return { customerId: row.customer_id };
}
