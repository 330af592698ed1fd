import { entityScope, type Principal } from '../../access/principal';
import { notFound } from '../domainErrors';
import type { Db } from '../../store/db';

// A pet policy (a matter), if the caller may see it: staff see every one, agency users those of their entity
// or below. Unknown and out of scope both answer 404, so other agencies' ids are not confirmed.
export interface MatterRef {
  policyNumber: string;
  matterId: number;
  quoteUuid: string;
}

async function find(
  db: Db,
  principal: Principal,
  where: { matterId: number } | { policyNumber: string },
): Promise<MatterRef> {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('policies')
    .innerJoin('entities', 'entities.id', 'policies.entity_id')
    .select(['policies.policy_number', 'policies.matter_id', 'policies.quote_uuid']);
  query =
    'matterId' in where
      ? query.where('policies.matter_id', '=', where.matterId)
      : query.where('policies.policy_number', '=', where.policyNumber);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('policy');
  return { policyNumber: row.policy_number, matterId: row.matter_id, quoteUuid: row.quote_uuid };
}

export const requireMatter = (db: Db, principal: Principal, matterId: number) =>
  find(db, principal, { matterId });

export const requirePolicyNumber = (db: Db, principal: Principal, policyNumber: string) =>
  find(db, principal, { policyNumber });
