import { allOf, anyOf, type AccessCheck } from '../../../api/access';
import type { Principal } from '../../access/principal';
import type { PolicyLine, PolicyRef } from '../../domain/billing/policyRef';
import { requireMatter } from '../../domain/matters/matterScope';
import { requireRentersPolicy } from '../../domain/rentersPolicies/rentersPolicyScope';
import type { Db } from '../../store/db';

// The two lines' policies as the money routes reach them: a policy's billing, "Pay now" and a refund asked
// for again. A policy outside the caller's scope answers 404, as its other matters do.
//
// Viewing needs what the policy's screen needs. Moving money (taking a payment, giving it back): for pet
// policies quote_policy is the only privilege there is ("search and edit", SPEC §6); for renters,
// renters_update_pmnt, the privilege that lets a user change the policy's payment method, on top of the
// edit screen's renters_policy_ax.
const RENTERS_VIEW = anyOf('renters_policy_ax');
export const MONEY_ACCESS: Readonly<Record<PolicyLine, { view: AccessCheck; pay: AccessCheck }>> = {
  pet: { view: anyOf('quote_policy'), pay: anyOf('quote_policy') },
  renters: { view: RENTERS_VIEW, pay: allOf(RENTERS_VIEW, anyOf('renters_update_pmnt')) },
};

export interface PolicyLineRoutes {
  line: PolicyLine;
  // The policy's path, with its :matterId.
  path: string;
  access: { view: AccessCheck; pay: AccessCheck };
  find(db: Db, principal: Principal, matterId: number): Promise<PolicyRef>;
}

export const POLICY_LINES: readonly PolicyLineRoutes[] = [
  {
    line: 'pet',
    path: '/v2/policies/:matterId',
    access: MONEY_ACCESS.pet,
    find: async (db, principal, matterId) => ({
      line: 'pet',
      policyNumber: (await requireMatter(db, principal, matterId)).policyNumber,
    }),
  },
  {
    line: 'renters',
    path: '/v2/renters/policies/:matterId',
    access: MONEY_ACCESS.renters,
    find: async (db, principal, matterId) => ({
      line: 'renters',
      policyNumber: (await requireRentersPolicy(db, principal, matterId)).policyNumber,
    }),
  },
];

// One line's routes, for a route whose wire differs between the lines (renters billing is snake_case).
export function lineRoutes(line: PolicyLine): PolicyLineRoutes {
  const found = POLICY_LINES.find((l) => l.line === line);
  if (!found) throw new Error(`No money routes for the ${line} line`);
  return found;
}
