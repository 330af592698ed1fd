import { useState } from 'react';
import type { JobsOverview } from '../../api/schemas/jobs';
import { addDays, formatBusinessDate } from '../../calendar';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';

// The business date, the runner and mail delivery, and in a sandbox the clock moved forward ("Move to date"),
// which runs the work of every day it skips. The move sent names the date it ends on (today's plus the days).
// It cannot be taken back, so it asks first, saying what the skipped days will do.
export function JobsOverviewPanel({
  overview,
  moving,
  onMove,
}: {
  overview: JobsOverview;
  moving: boolean;
  onMove: (to: string) => void;
}) {
  const [days, setDays] = useState('1');
  const [asking, setAsking] = useState(false);
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= 366;
  const to = valid ? addDays(overview.business_date, n) : null;
  return (
    <section
      aria-label="Business clock"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
    >
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Business date</p>
        <p className="mt-1 text-lg font-semibold text-slate-900">
          {formatBusinessDate(overview.business_date)}
        </p>
        <p className="text-sm text-slate-600">
          {overview.runner === 'on' ? 'Jobs run in the background.' : 'The job runner is off (JOBS=off).'}
        </p>
      </div>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Mail</p>
        <p className="mt-1 text-sm text-slate-700">
          {overview.mail.configured
            ? `Delivered over SMTP; ${overview.mail.unsent} waiting.`
            : `SMTP_URL is not set: mail stays in the outbox (${overview.mail.unsent} waiting).`}
        </p>
      </div>
      {overview.sandbox && (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (to) setAsking(true);
          }}
        >
          <TextField
            label="Move forward (days)"
            name="days"
            type="number"
            min={1}
            max={366}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            hint={
              to
                ? `To ${formatBusinessDate(to)}. Sandbox only: runs the skipped days.`
                : 'Sandbox only: runs the skipped days.'
            }
            errors={valid ? [] : ['Enter 1 to 366 days.']}
            className="w-40"
          />
          <Button type="submit" busy={moving} disabled={!valid}>
            Move to date
          </Button>
        </form>
      )}
      {asking && to && (
        <ConfirmDialog
          open
          title={`Move the business date to ${formatBusinessDate(to)}?`}
          confirmLabel={`Move ${n === 1 ? '1 day' : `${n} days`}`}
          onConfirm={() => {
            setAsking(false);
            onMove(to);
          }}
          onClose={() => setAsking(false)}
        >
          <p>
            The work of each day skipped runs as it would have on that day: instalments are collected,
            declined payments retried, notices mailed, renewals offered, cancellations take effect and unpaid
            policies lapse.
          </p>
          <p className="mt-2">The clock cannot be moved back.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
