import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  FAILED_REFUNDS_PAGE_SIZE,
  failedRefundsQuery,
  refreshAfterRetry,
  retryRefund,
} from '../../api/calls/refunds';
import { errorMessage } from '../../api/httpErrors';
import { POLICY_LINES, type FailedRefund, type PolicyLine } from '../../api/schemas/refunds';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { formatDateTime, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { reasonText, retryOutcomeText } from '../../ui/policy/refundText';

const LINE_LABELS: Record<PolicyLine, string> = { pet: 'Pet', renters: 'Renters' };

// Where the policy of a refund opens: a renters policy's address names its customer.
const policyLink = (row: FailedRefund) =>
  row.line === 'pet'
    ? `/policies/${row.matterId}`
    : `/renters/customers/${row.customerId}/policies/${row.matterId}`;

const HEADERS = ['Failed', 'Policy', 'Line', 'Amount', 'Why it failed', 'Attempts'];

// /accounting/failed-refunds (docs/payments.md "Refund statuses"): the refunds the payment service refused, of
// the policies the user may take payments for, newest first; each can be asked for again, and the row leaves
// the queue once the refund goes through.
export function FailedRefundsScreen() {
  const [line, setLine] = useState<PolicyLine | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery(failedRefundsQuery({ page, ...(line ? { line } : {}) }));
  const client = useQueryClient();
  const [said, setSaid] = useState<ReturnType<typeof retryOutcomeText> | null>(null);
  const retry = useMutation({
    mutationFn: retryRefund,
    onMutate: () => setSaid(null),
    onSuccess: async (refund, asked) => {
      const outcome = retryOutcomeText(refund);
      const policy = list.data?.data.find((r) => r.key === asked.key)?.policyNumber;
      setSaid(policy ? { ...outcome, text: `Policy ${policy}: ${outcome.text}` } : outcome);
      await refreshAfterRetry(client, asked);
    },
    onError: (error) => setSaid({ tone: 'error', text: errorMessage(error) }),
  });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const lastPage = meta ? Math.max(1, Math.ceil(meta.total / FAILED_REFUNDS_PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Failed refunds"
        description="Refunds the payment service refused. The money is held as the customer’s credit until the refund goes through; once the cause is put right, ask again."
      />
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label="Line"
          name="line"
          placeholder="Pet and renters"
          options={POLICY_LINES.map((l) => ({ value: l, label: LINE_LABELS[l] }))}
          value={line}
          onChange={(event) => {
            setLine(event.target.value as PolicyLine | '');
            setPage(1);
          }}
          className="w-48"
        />
      </div>
      {said && (
        <div className="mt-4">
          <Alert tone={said.tone}>{said.text}</Alert>
        </div>
      )}

      {/* Focusable: on a narrow screen the table scrolls sideways, and the keyboard must be able to scroll it.
          Relative, so the visually hidden header text stays inside the box instead of widening the page. */}
      <div
        role="region"
        aria-label="Failed refunds"
        tabIndex={0}
        className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Failed refunds, newest first</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {HEADERS.map((header) => (
                <th key={header} scope="col" className="px-4 py-3">
                  {header}
                </th>
              ))}
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(row.failedAt)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <Link to={policyLink(row)} className="font-medium text-indigo-700 hover:underline">
                    {row.policyNumber}
                  </Link>
                </td>
                <td className="px-4 py-3">{LINE_LABELS[row.line]}</td>
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatMoney(row.amount)}</td>
                <td className="px-4 py-3 text-slate-700">{reasonText(row.reason)}</td>
                <td className="px-4 py-3 tabular-nums">{row.attempts}</td>
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="secondary"
                    className="whitespace-nowrap"
                    busy={retry.isPending && retry.variables?.key === row.key}
                    aria-label={`Ask again for the refund of ${formatMoney(row.amount)} on policy ${row.policyNumber}`}
                    onClick={() =>
                      retry.mutate({
                        line: row.line,
                        matterId: row.matterId,
                        key: row.key,
                        attempt: row.nextAttempt,
                      })
                    }
                  >
                    Ask again
                  </Button>
                </td>
              </tr>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={HEADERS.length + 1} className="px-4 py-8 text-center text-slate-600">
                  No failed refunds{line ? ` of ${LINE_LABELS[line].toLowerCase()} policies` : ''}: every
                  refund asked for has gone through or is under way.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {list.isError && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {meta && meta.total > 0 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
          <p>
            {meta.page.from}–{meta.page.to} of {meta.total}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
