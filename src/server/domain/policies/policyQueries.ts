import { entityScope, type Principal } from '../../access/principal';
import { notFound } from '../domainErrors';
import type { Db } from '../../store/db';

// A policy, if the caller may see it: staff see every policy, agency users those issued for their entity or
// one below it. Anything else is 404, as for an unknown number (docs/conventions.md).
export async function requirePolicyInScope(db: Db, principal: Principal, policyNumber: string) {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('policies')
    .innerJoin('entities', 'entities.id', 'policies.entity_id')
    .select(['policies.policy_number', 'policies.quote_uuid'])
    .where('policies.policy_number', '=', policyNumber);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  const policy = await query.executeTakeFirst();
  if (!policy) throw notFound('policy');
  return policy;
}
