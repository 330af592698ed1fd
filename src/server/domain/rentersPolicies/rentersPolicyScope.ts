import { entityScope, type Principal } from '../../access/principal';
import { notFound } from '../domainErrors';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

// A renters policy, if the caller may see it: staff see every one, agency users those of their entity or
// below. Unknown and out of scope both answer 404, so other agencies' policies are not confirmed.
export interface RentersPolicyRef {
  policyNumber: string;
  matterId: number;
  customerId: number;
  entityId: number;
}

async function find(
  db: Db | Trx,
  principal: Principal,
  where: { matterId: number } | { policyNumber: string },
): Promise<RentersPolicyRef> {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('renters_policies as p')
    .innerJoin('entities', 'entities.id', 'p.entity_id')
    .select(['p.policy_number', 'p.matter_id', 'p.customer_id', 'p.entity_id']);
  query =
    'matterId' in where
      ? query.where('p.matter_id', '=', where.matterId)
      : query.where('p.policy_number', '=', where.policyNumber);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('renters policy');
  return {
    policyNumber: row.policy_number,
    matterId: row.matter_id,
    customerId: row.customer_id,
    entityId: row.entity_id,
  };
}

export const requireRentersPolicy = (db: Db | Trx, principal: Principal, matterId: number) =>
  find(db, principal, { matterId });

export const requireRentersPolicyNumber = (db: Db | Trx, principal: Principal, policyNumber: string) =>
  find(db, principal, { policyNumber });
