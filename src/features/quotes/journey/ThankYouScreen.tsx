import { Link } from 'react-router-dom';
import { portalRoute } from '../../../api/portalRoutes';
import { Alert } from '../../../ui/feedback/Alert';
import { ButtonLink } from '../../../ui/forms/ButtonLink';
import { formatBusinessDate } from '../../../calendar';
import { JourneyFrame, QuoteLoading } from './JourneyFrame';
import { formatMoney } from '../../../ui/format';
import { ReceiptButton } from './ReceiptButton';
import { useJourneyQuote } from './useJourneyQuote';
import { useAccess } from '../../../ui/useAccess';

// /quotes/journey/thank-you/{uuid}: the purchase is done. One policy per pet, each linked to its screen for
// a user who may open it, what was charged, and each policy's receipt.
export function ThankYouScreen() {
  const { query, quote, elsewhere } = useJourneyQuote();
  const { can } = useAccess();
  const mayOpen = can(portalRoute('policy').check);
  if (!quote || elsewhere) return <QuoteLoading title="Thank you" error={query.error} />;
  const totals = quote.totals;
  const payment = quote.payment;
  const charged =
    totals && payment
      ? payment.period === 'ANNUAL'
        ? `${formatMoney(totals.annual_total)} paid for the year`
        : `${formatMoney(totals.monthly_downpayment)} paid today, then ${formatMoney(totals.monthly_installment)} a month`
      : null;
  return (
    <JourneyFrame
      title="Thank you"
      state={quote.step}
      quote={quote}
      actions={
        <>
          <ButtonLink to="/quotes/journey">New quote</ButtonLink>
          <Link
            to="/quotes"
            className="inline-flex items-center rounded-md px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Quotes
          </Link>
        </>
      }
    >
      <div className="space-y-6">
        <Alert tone="success" title="The policies are issued">
          {quote.policies.length === 1 ? 'One policy was' : `${quote.policies.length} policies were`} issued
          {quote.customer ? ` to ${quote.customer.first_name} ${quote.customer.last_name}` : ''}
          {quote.customer ? `; the documents go to ${quote.customer.email}.` : '.'}
        </Alert>
        <section
          aria-labelledby="policies-title"
          className="rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          <h2
            id="policies-title"
            className="border-b border-slate-200 px-6 py-4 text-base font-semibold text-slate-900"
          >
            Policies
          </h2>
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-6 py-3">
                  Pet
                </th>
                <th scope="col" className="px-6 py-3">
                  Policy number
                </th>
                <th scope="col" className="px-6 py-3">
                  Plan
                </th>
                <th scope="col" className="px-6 py-3">
                  Term
                </th>
                <th scope="col" className="px-6 py-3 text-right">
                  Annual premium
                </th>
                <th scope="col" className="px-6 py-3 text-right">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {quote.policies.map((policy) => (
                <tr key={policy.policy_number}>
                  <td className="px-6 py-3 font-medium text-slate-900">{policy.pet_name}</td>
                  <td className="px-6 py-3 font-mono text-slate-800" data-testid="policy-number">
                    {mayOpen ? (
                      <Link
                        to={`/policies/${policy.matter_id}`}
                        className="text-indigo-700 hover:underline"
                        aria-label={`Open policy ${policy.policy_number}`}
                      >
                        {policy.policy_number}
                      </Link>
                    ) : (
                      policy.policy_number
                    )}
                  </td>
                  <td className="px-6 py-3 text-slate-700">{policy.plan_name}</td>
                  <td className="px-6 py-3 text-slate-700">
                    {formatBusinessDate(policy.effective_date)} – {formatBusinessDate(policy.expiration_date)}
                  </td>
                  <td className="px-6 py-3 text-right text-slate-900">
                    {formatMoney(policy.annual_premium)}
                  </td>
                  <td className="px-6 py-3 text-right">
                    <ReceiptButton policyNumber={policy.policy_number} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section
          aria-labelledby="premium-title"
          className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="premium-title" className="text-base font-semibold text-slate-900">
            Premium
          </h2>
          <dl className="mt-3 grid gap-4 text-sm md:grid-cols-3">
            <div>
              <dt className="text-slate-500">Payment</dt>
              <dd className="font-medium text-slate-900">{charged ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Paid with</dt>
              <dd className="font-medium text-slate-900">
                {payment
                  ? `${payment.method === 'card' ? 'Card' : 'Bank account'} ending ${payment.last4}`
                  : '—'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Annual total</dt>
              <dd className="font-medium text-slate-900">
                {totals
                  ? formatMoney(payment?.period === 'MONTHLY' ? totals.monthly_total : totals.annual_total)
                  : '—'}
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </JourneyFrame>
  );
}
