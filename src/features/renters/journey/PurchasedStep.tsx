import { Link } from 'react-router-dom';
import { portalRoute } from '../../../api/portalRoutes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { RENTERS_JOURNEY_START } from '../../../machines/rentersQuoteSteps';
import { Alert } from '../../../ui/feedback/Alert';
import { formatBusinessDate } from '../../../calendar';
import { formatCode, formatMoney } from '../../../ui/format';
import { useAccess } from '../../../ui/useAccess';

// The policy the purchase issued: number (a link to its screen for a user who may open it), status, term
// interval, premium and the next bill.
export function PurchasedStep({ quote }: { quote: RentersQuoteView }) {
  const { can } = useAccess();
  const policy = quote.policy;
  if (!policy) return <Alert tone="error">The purchase has no policy yet.</Alert>;
  const policyHref =
    policy.customer_id !== null && policy.matter_id !== null
      ? `/renters/customers/${policy.customer_id}/policies/${policy.matter_id}`
      : null;
  const nextBill = quote.premium?.next_bill ?? null;
  return (
    <div className="space-y-6">
      <Alert tone="success" title="Policy issued">
        The renters policy is bought and in force from {formatBusinessDate(policy.effective_at)}.
        {quote.rewrite_of && <span data-testid="rewrite-of"> This policy replaces {quote.rewrite_of}.</span>}
      </Alert>
      <section aria-labelledby="policy-title" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="policy-title" className="mb-4 text-base font-semibold text-slate-900">
          Policy
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
          <dt className="text-slate-500">Policy number</dt>
          <dd data-testid="policy-number" className="font-semibold text-slate-900">
            {policyHref && can(portalRoute('renters-policy').check) ? (
              <Link
                to={policyHref}
                className="text-indigo-700 hover:underline"
                aria-label={`Open policy ${policy.policy_number}`}
              >
                {policy.policy_number}
              </Link>
            ) : (
              policy.policy_number
            )}
          </dd>
          <dt className="text-slate-500">Status</dt>
          <dd data-testid="policy-status">{formatCode(policy.status_code)}</dd>
          <dt className="text-slate-500">Term</dt>
          <dd>
            {formatBusinessDate(policy.effective_at)} – {formatBusinessDate(policy.expiration_at)} (
            {policy.term_interval === 'monthly' ? 'monthly' : 'annual'})
          </dd>
          <dt className="text-slate-500">Term premium</dt>
          <dd>{formatMoney(policy.term_premium)}</dd>
          <dt className="text-slate-500">Next bill</dt>
          <dd data-testid="next-bill">
            {nextBill
              ? `${formatMoney(nextBill.amount)} on ${formatBusinessDate(nextBill.due_date)}`
              : 'None: paid in full'}
          </dd>
        </dl>
      </section>
      <Link to={RENTERS_JOURNEY_START} className="text-sm font-medium text-indigo-700 hover:underline">
        Start another renters quote
      </Link>
    </div>
  );
}
