import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { anyOf } from '../../../../api/access';
import { rentersRewriteQuery } from '../../../../api/calls/rentersRewrite';
import {
  REWRITE_PRIVILEGE,
  rentersRewriteEligibilityMachine,
  type RewriteCheck,
} from '../../../../machines/rentersRewriteEligibility';
import { useAccess } from '../../../../ui/useAccess';
import { rentersPolicyPath, rentersRewriteStartPath } from './rentersRewritePaths';

// Rewrite of a cancelled or non-renewing policy, or the link to the policy that rewrote it.
export interface RentersRewriteActionProps {
  matterId: number;
  policyNumber: string;
  statusCode: string;
  nonRenew: boolean;
  rewrittenAs: string | null;
  rewriteOf: string | null;
}

const mayRewrite = anyOf(REWRITE_PRIVILEGE);

// The eligibility statechart (docs/decisions/008) is fed the record as shown, then the server's answer, which
// is the one that counts (it knows the state on today's date); the link shows only while it says eligible.
export function RentersRewriteAction(props: RentersRewriteActionProps) {
  const { matterId, policyNumber, statusCode, nonRenew, rewrittenAs, rewriteOf } = props;
  const access = useAccess();
  const answer = useQuery(rentersRewriteQuery(matterId)).data;
  const [snapshot, send] = useMachine(rentersRewriteEligibilityMachine);
  const hasRewritePrivilege = access.can(mayRewrite);

  const check: RewriteCheck | null = answer
    ? {
        policyNumber,
        statusCode: answer.source.status_code,
        nonRenew: answer.source.non_renew,
        rewrittenAs: answer.rewritten_as?.policy_number ?? null,
        hasRewritePrivilege,
      }
    : access.ready
      ? { policyNumber, statusCode, nonRenew, rewrittenAs, hasRewritePrivilege }
      : null;
  const key = check && JSON.stringify(check);
  useEffect(() => {
    if (key) send({ type: 'rewrite.checked', check: JSON.parse(key) as RewriteCheck });
  }, [key, send]);

  const newPolicy = answer?.rewritten_as;
  // Cancelled or non-renewing but blocked by the policy itself (a rewrite already under way, a date): say why,
  // quietly. A user without the privilege is told nothing here: what they may do is not a property of the
  // policy, and a rewrite they could not start is not offered at all.
  const ended =
    (answer?.source.status_code ?? statusCode) === 'CANCELLED' || (answer?.source.non_renew ?? nonRenew);
  const why = answer?.blockers[0] ?? snapshot.context.blockers[0];
  let action: ReactNode = null;
  if (newPolicy) {
    action = (
      <Link
        to={rentersPolicyPath(newPolicy.customer_id, newPolicy.matter_id)}
        className="text-sm font-medium text-indigo-700 hover:underline"
      >
        Rewritten as {newPolicy.policy_number}
      </Link>
    );
  } else if (snapshot.matches('eligible') && answer?.eligible) {
    // The server has the last word: a stale record never offers a rewrite the server would refuse.
    action = (
      <Link
        to={rentersRewriteStartPath(policyNumber, matterId)}
        className="inline-flex items-center rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
      >
        Rewrite policy
      </Link>
    );
  } else if (snapshot.matches('ineligible') && ended && why && hasRewritePrivilege) {
    action = <p className="text-sm text-slate-500">Not rewritable: {why}</p>;
  }
  if (!action && !rewriteOf) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 self-center" data-testid="renters-rewrite">
      {rewriteOf && <span className="text-sm text-slate-500">Replaces {rewriteOf}</span>}
      {action}
    </div>
  );
}
