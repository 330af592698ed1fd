import { rewriteAllowedFrom } from '../../../machines/rentersPolicyStatus';
import {
  REWRITE_PRIVILEGE,
  isRewriteEligible,
  rewriteBlockers,
  type RewriteCheck,
} from '../../../machines/rentersRewriteEligibility';
import type { Principal } from '../../access/principal';
import { Forbidden, Refused } from '../domainErrors';
import type { Trx } from '../../store/eventStore';
import { requireRentersPolicyNumber } from '../rentersPolicies/rentersPolicyScope';
import { rentersRewriteFacts, type RentersRewriteFacts } from './rentersRewriteSource';

// The server's side of rewrite eligibility (docs/decisions/008): the same predicate as the eligibility
// machine, fed what the policy's stream shows on the day, and the policy's own lifecycle must allow it.

export const holdsRewritePrivilege = (principal: Principal): boolean =>
  principal.isRoot || principal.privilegeCodes.includes(REWRITE_PRIVILEGE);

export interface RewriteVerdict {
  eligible: boolean;
  blockers: string[];
  check: RewriteCheck;
}

export function rewriteVerdict(facts: RentersRewriteFacts, principal: Principal): RewriteVerdict {
  const check: RewriteCheck = {
    policyNumber: facts.source.policyNumber,
    statusCode: facts.source.statusCode,
    nonRenew: facts.source.nonRenew,
    rewrittenAs: facts.rewrittenAs,
    hasRewritePrivilege: holdsRewritePrivilege(principal),
  };
  return {
    eligible: isRewriteEligible(check) && rewriteAllowedFrom(facts.state),
    blockers: rewriteBlockers(check),
    check,
  };
}

// Before a rewrite quote is opened: the old policy in the caller's scope (404, so other agencies' numbers
// are not confirmed), then the privilege (403), then eligibility on the day (409 naming the blockers).
export async function requireRewritablePolicy(
  trx: Trx,
  principal: Principal,
  policyNumber: string,
  today: string,
): Promise<RentersRewriteFacts> {
  await requireRentersPolicyNumber(trx, principal, policyNumber);
  if (!holdsRewritePrivilege(principal)) throw new Forbidden('You may not rewrite renters policies.');
  const facts = await rentersRewriteFacts(trx, policyNumber, today);
  const verdict = rewriteVerdict(facts, principal);
  if (!verdict.eligible) {
    const why = verdict.blockers.length > 0 ? verdict.blockers : ['The policy cannot be rewritten now.'];
    throw new Refused(`${policyNumber} cannot be rewritten. ${why.join(' ')}`);
  }
  return facts;
}

// Before a rewrite's purchase charges anything: the old policy must still be open to a rewrite (another
// quote may have rewritten it since, or it was reinstated). Its machine would refuse the link anyway, but
// only after the charge.
export async function requireStillRewritable(trx: Trx, policyNumber: string, today: string): Promise<void> {
  const facts = await rentersRewriteFacts(trx, policyNumber, today);
  if (rewriteAllowedFrom(facts.state)) return;
  throw new Refused(
    facts.rewrittenAs !== null
      ? `${policyNumber} was already rewritten as ${facts.rewrittenAs}; this quote can no longer be bought.`
      : `${policyNumber} is no longer cancelled or non-renewing; this quote can no longer be bought.`,
  );
}
