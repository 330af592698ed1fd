import { useQuery } from '@tanstack/react-query';
import { reconciliationQuery } from '../../api/calls/reconciliation';
import type { DiscrepancyKind, ReconciliationRun } from '../../api/schemas/reconciliation';
import { formatBusinessDate, formatDateTime } from '../../calendar';
import { Alert } from '../../ui/feedback/Alert';
import { formatMoney } from '../../ui/format';

// What each kind of discrepancy means, in a few words (docs/reconciliation.md says what to do about each).
const KIND_LABELS: Record<DiscrepancyKind, string> = {
  charge_not_recorded: 'Charge not recorded',
  collection_without_charge: 'Collection without a charge',
  collection_differs: 'Collection differs from its charge',
  purchase_charge_differs: 'Purchase charge differs',
  refund_not_recorded: 'Refund not recorded',
  refund_without_service_refund: 'Refund never made',
  refund_differs: 'Refund differs',
  ledger_collected_differs: 'Ledger collected differs',
  ledger_refunded_differs: 'Ledger refunded differs',
  schedule_differs: 'Schedule differs from the price sold',
  cancellation_refund_differs: 'Cancellation refund differs',
  balance_due_differs: 'Balance due differs',
};

const cents = (value: number | null) => formatMoney(value === null ? null : value / 100);

function Discrepancies({ run }: { run: ReconciliationRun }) {
  return (
    <>
      {/* Focusable: on a narrow screen the table scrolls sideways, and the keyboard must be able to scroll it. */}
      <div
        role="region"
        aria-label="Discrepancies"
        tabIndex={0}
        className="relative mt-3 overflow-x-auto rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Discrepancies of the last reconciliation</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Policy
              </th>
              <th scope="col" className="px-3 py-2">
                Discrepancy
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Expected
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Found
              </th>
              <th scope="col" className="px-3 py-2">
                What to do
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {run.discrepancies.map((d, index) => (
              <tr key={`${d.line}:${d.policy_number}:${d.kind}:${index}`}>
                <td className="whitespace-nowrap px-3 py-2">
                  <span className="font-medium text-slate-900">{d.policy_number}</span>
                  <span className="block text-xs text-slate-500">{d.line === 'pet' ? 'Pet' : 'Renters'}</span>
                </td>
                <td className="px-3 py-2 font-medium text-slate-900">{KIND_LABELS[d.kind]}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {cents(d.expected_cents)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {cents(d.found_cents)}
                </td>
                <td className="min-w-80 px-3 py-2 text-slate-700">{d.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {run.count > run.discrepancies.length && (
        <p className="mt-2 text-sm text-slate-600">
          The first {run.discrepancies.length} of {run.count} are listed; <code>npm run reconcile</code> lists
          them all.
        </p>
      )}
    </>
  );
}

// The last daily reconciliation of the money (docs/reconciliation.md): its day, how many billed policies it
// compared, and what disagreed, or plainly that nothing did.
export function ReconciliationPanel() {
  const last = useQuery(reconciliationQuery);
  const run = last.data;
  return (
    <section
      aria-labelledby="reconciliation-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="reconciliation-heading" className="text-base font-semibold text-slate-900">
        Reconciliation of the money
      </h2>
      {last.isError && <Alert tone="error">The last reconciliation could not be loaded.</Alert>}
      {last.isSuccess && run === null && (
        <p className="mt-1 text-sm text-slate-600">
          Not run yet: it runs with each business day’s work, after billing.
        </p>
      )}
      {run && (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Last run for {formatBusinessDate(run.business_date)} (finished {formatDateTime(run.finished_at)}):{' '}
            {run.policies} billed {run.policies === 1 ? 'policy' : 'policies'} compared with the payment
            service, the prices sold and their cancellations.
          </p>
          <div className="mt-3">
            {run.count === 0 ? (
              <Alert tone="success">No discrepancies</Alert>
            ) : (
              <Alert tone="error" title={`${run.count} ${run.count === 1 ? 'discrepancy' : 'discrepancies'}`}>
                The money does not reconcile: each line names the policy, the amounts that disagree and what
                to do.
              </Alert>
            )}
          </div>
          {run.count > 0 && <Discrepancies run={run} />}
        </>
      )}
    </section>
  );
}
