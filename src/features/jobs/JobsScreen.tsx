import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  JOBS_KEY,
  JOBS_PAGE_SIZE,
  jobsOverviewQuery,
  jobsQuery,
  moveClock,
  retryJob,
} from '../../api/calls/jobs';
import { JOB_STATUSES, type JobStatus } from '../../api/schemas/jobs';
import { formatBusinessDate, formatDateTime } from '../../calendar';
import { Alert } from '../../ui/feedback/Alert';
import { toast } from '../../ui/feedback/toastStore';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { PageHeader } from '../../ui/PageHeader';
import { JobsOverviewPanel } from './JobsOverviewPanel';
import { ReconciliationPanel } from './ReconciliationPanel';
import { outcomeText } from './jobOutcomeWords';

const STATUS_LABELS: Record<JobStatus, string> = {
  due: 'Due',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

const STATUS_TONES: Record<JobStatus, string> = {
  due: 'bg-slate-100 text-slate-700',
  running: 'bg-indigo-50 text-indigo-700',
  done: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

// /admin/jobs (docs/jobs.md): what each business day's daily work did, for root administrators; a failed
// piece can be run again, and in a sandbox the clock moved forward.
export function JobsScreen() {
  const [status, setStatus] = useState<JobStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery(jobsQuery({ page, ...(status ? { status } : {}) }));
  const overview = useQuery(jobsOverviewQuery);
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: retryJob,
    onSuccess: (run) => {
      toast.success(`${run.title} for ${formatBusinessDate(run.business_date)} will run again.`);
      void client.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  const move = useMutation({
    mutationFn: moveClock,
    onSuccess: (answer) => {
      const failed = answer.worked.filter((w) => w.status === 'failed').length;
      toast.success(
        `The business date is now ${formatBusinessDate(answer.business_date)}: ${answer.worked.length} jobs ran` +
          (failed > 0 ? `, ${failed} failed.` : '.'),
      );
      void client.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const lastPage = meta ? Math.max(1, Math.ceil(meta.total / JOBS_PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Jobs"
        description="The work each business day triggers, once a day and in order; a day the clock skipped is caught up."
      />
      {overview.data && (
        <JobsOverviewPanel
          overview={overview.data}
          moving={move.isPending}
          onMove={(to) => move.mutate(to)}
        />
      )}
      {overview.isError && <Alert tone="error">The job runner’s state could not be loaded.</Alert>}
      <ReconciliationPanel />

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <SelectField
          label="Status"
          name="status"
          placeholder="Any status"
          options={JOB_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as JobStatus | '');
            setPage(1);
          }}
          className="w-48"
        />
      </div>

      {/* Focusable: on a narrow screen the table scrolls sideways, and the keyboard must be able to scroll it.
          Relative, so the visually hidden header text stays inside the box instead of widening the page. */}
      <div
        role="region"
        aria-label="Daily work by business day"
        tabIndex={0}
        className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Daily work by business day</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Business date
              </th>
              <th scope="col" className="px-4 py-3">
                Work
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Outcome
              </th>
              <th scope="col" className="px-4 py-3">
                Tries
              </th>
              <th scope="col" className="px-4 py-3">
                Finished
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((run) => (
              <tr key={run.id}>
                <td className="whitespace-nowrap px-4 py-3">{formatBusinessDate(run.business_date)}</td>
                <td className="px-4 py-3 font-medium text-slate-900">{run.title}</td>
                <td className="px-4 py-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[run.status]}`}
                  >
                    {STATUS_LABELS[run.status]}
                  </span>
                </td>
                <td className="px-4 py-3 text-slate-700">
                  {run.status === 'done' ? outcomeText(run) : (run.error ?? '')}
                </td>
                <td className="px-4 py-3 tabular-nums">{run.attempts}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  {run.finished_at ? formatDateTime(run.finished_at) : ''}
                </td>
                <td className="px-4 py-3 text-right">
                  {run.status === 'failed' && (
                    <Button
                      variant="secondary"
                      busy={retry.isPending && retry.variables === run.id}
                      onClick={() => retry.mutate(run.id)}
                      aria-label={`Retry ${run.title} for ${formatBusinessDate(run.business_date)}`}
                    >
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-slate-600">
                  No jobs {status ? `that are ${STATUS_LABELS[status].toLowerCase()}` : 'yet'}.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {list.isError && <Alert tone="error">The jobs could not be loaded.</Alert>}
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
