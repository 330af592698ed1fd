import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadPaymentReport } from '../../api/calls/commissionStatements';
import type { BulkCommand, StatementFilterInput, StatementRow } from '../../api/schemas/commissionStatements';
import { commandRefusal } from '../../machines/commissionStatement';
import { Alert } from '../../ui/feedback/Alert';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { useFileDownloads } from '../../ui/feedback/useFileDownloads';
import { Button } from '../../ui/forms/Button';
import { BULK_WORDS } from './bulkWords';
import { commandFitsFilter, monthLabel } from './statementFilterValues';
import { useBulkRun, type BulkRun, type BulkScope } from './useBulkRun';

const plural = (n: number) => `${n} statement${n === 1 ? '' : 's'}`;

export interface BulkActionBarProps {
  // The commands this user may run here (privileges checked by the screen; the server checks again).
  commands: readonly BulkCommand[];
  // The payment report of the selection or the filter (payments screen).
  report: boolean;
  selected: readonly StatementRow[];
  // Every statement the filter matches is selected (the select-all banner), not just ticked rows.
  allMatching: boolean;
  // How many statements the filter matches now; undefined while unknown or refused.
  matching: number | undefined;
  filter: StatementFilterInput;
  onClearSelection(): void;
  // After a run: refresh the search and drop the selection.
  onFinished(): void;
}

type Pending = { command: BulkCommand; scope: BulkScope };

// Bulk actions over the selected statements or every statement matching the filter: a confirm step naming
// the count, a progress bar while a run goes through its steps, and what moved and what was refused (each
// refusal with its entity, month and reason). A selection of "all matching" runs as a filter run. Acting on
// the ticked rows is the primary action; acting on every match is secondary, and always says its count.
export function BulkActionBar(props: BulkActionBarProps) {
  const { commands, report, selected, allMatching, matching, filter, onClearSelection, onFinished } = props;
  const [pending, setPending] = useState<Pending | null>(null);
  const bulk = useBulkRun(onFinished);
  const { running, notice, download } = useFileDownloads();
  const busy = bulk.run?.status === 'running';
  const ids = selected.map((r) => r.id);
  const canSelected = (command: BulkCommand) =>
    selected.some((row) => commandRefusal(BULK_WORDS[command].machine, row.state) === null);
  const filterCommands = commands.filter((c) => commandFitsFilter(BULK_WORDS[c].machine, filter));
  // What the "selected" buttons act on: the ticked rows, or every match while the count is known.
  const selectedCount = allMatching ? (matching ?? 0) : selected.length;
  const selectionScope = (): BulkScope =>
    allMatching ? { kind: 'filter', filter, expected: matching ?? 0 } : { kind: 'selected', ids };
  const canSelection = (command: BulkCommand) =>
    allMatching ? matching !== undefined && filterCommands.includes(command) : canSelected(command);

  if (commands.length === 0 && !report) return null;

  const confirm = () => {
    if (!pending) return;
    setPending(null);
    void bulk.start(pending.command, pending.scope);
  };
  const reportOf = (scope: 'selected' | 'filter') =>
    download(`report-${scope}`, 'The payment report failed.', () =>
      downloadPaymentReport(scope === 'selected' ? { ids } : { filter }),
    );

  return (
    <section aria-label="Bulk actions" className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">
            {allMatching ? (
              <>
                All <span className="font-semibold text-slate-900">{selectedCount}</span> matching selected
              </>
            ) : selected.length > 0 ? (
              <>
                <span className="font-semibold text-slate-900">{selected.length}</span> selected
              </>
            ) : matching === 0 ? (
              'Nothing to act on: no statement matches the filters.'
            ) : (
              'Select statements, or act on all matching'
            )}
          </span>
          {(allMatching || selected.length > 0) && (
            <>
              <button
                type="button"
                onClick={onClearSelection}
                className="text-sm font-medium text-indigo-700 hover:underline"
              >
                Clear selection
              </button>
              {commands.map((command) => (
                <Button
                  key={command}
                  disabled={busy || !canSelection(command)}
                  onClick={() => setPending({ command, scope: selectionScope() })}
                >
                  {BULK_WORDS[command].verb} selected
                </Button>
              ))}
              {report && (
                <Button
                  variant="secondary"
                  busy={running === 'report-selected' || (allMatching && running === 'report-filter')}
                  onClick={() => void reportOf(allMatching ? 'filter' : 'selected')}
                >
                  Payment report of selected
                </Button>
              )}
            </>
          )}
        </div>
        {matching !== undefined && matching > 0 && (
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            {filterCommands.map((command) => (
              <Button
                key={command}
                variant="secondary"
                disabled={busy}
                onClick={() => setPending({ command, scope: { kind: 'filter', filter, expected: matching } })}
              >
                {BULK_WORDS[command].verb} all {matching} matching
              </Button>
            ))}
            {report && (
              <Button
                variant="secondary"
                busy={running === 'report-filter'}
                onClick={() => void reportOf('filter')}
              >
                Payment report of all {matching} matching
              </Button>
            )}
          </div>
        )}
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {bulk.run && <BulkRunPanel run={bulk.run} onStop={bulk.stop} onDismiss={bulk.dismiss} />}
      {pending && (
        <ConfirmDialog
          open
          title={`${BULK_WORDS[pending.command].verb} ${
            pending.scope.kind === 'selected'
              ? plural(pending.scope.ids.length)
              : `all ${plural(matching ?? 0)}`
          }?`}
          confirmLabel={`${BULK_WORDS[pending.command].verb} ${
            pending.scope.kind === 'selected' ? pending.scope.ids.length : (matching ?? 0)
          }`}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        >
          {pending.scope.kind === 'selected' ? (
            <p>
              The {plural(pending.scope.ids.length)} you selected will be {BULK_WORDS[pending.command].done}.
            </p>
          ) : (
            <p>
              Every statement matching the current filters ({matching} now, on every page) will be{' '}
              {BULK_WORDS[pending.command].done}.
            </p>
          )}
          <p className="mt-2">
            Statements that cannot be {BULK_WORDS[pending.command].done} are listed afterwards with the
            reason.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

interface BulkRunPanelProps {
  run: BulkRun;
  onStop(): void;
  onDismiss(): void;
}

function BulkRunPanel({ run, onStop, onDismiss }: BulkRunPanelProps) {
  const words = BULK_WORDS[run.command];
  const percent = run.total > 0 ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0;
  if (run.status === 'running') {
    return (
      <div
        role="status"
        aria-label="Bulk progress"
        className="rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900"
      >
        <div className="flex items-center justify-between gap-4">
          <p>
            {words.doing}… {run.affected} {words.done}
            {run.total > 0 && ` · ${run.processed} of ${run.total} looked at`}
          </p>
          <Button variant="secondary" onClick={onStop}>
            Stop
          </Button>
        </div>
        <div
          role="progressbar"
          aria-label={`${words.doing} statements`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-indigo-100"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-all"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
  }
  const refused = run.refused.length;
  const tone =
    run.status === 'failed' || (refused > 0 && run.affected === 0)
      ? 'error'
      : refused > 0
        ? 'info'
        : 'success';
  const title =
    run.status === 'failed'
      ? `${words.verb} stopped with an error: ${run.affected} ${words.done}`
      : `${run.affected === 1 ? '1 statement' : `${run.affected} statements`} ${words.done}${
          run.status === 'stopped' ? ' before you stopped the run' : ''
        }${refused > 0 ? `, ${refused} refused` : ''}`;
  return (
    <div data-testid="bulk-result">
      <Alert tone={tone} title={title}>
        {run.error && <p>{run.error}</p>}
        {refused > 0 && (
          <>
            <p>These statements could not be {words.done}:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-label="Refused statements">
              {run.refused.map((r) => (
                <li key={r.id}>
                  {/* An id the server does not know (or not in the caller's scope) comes back unnamed. */}
                  {r.entity_code ? (
                    <span className="font-mono text-xs">{r.entity_code}</span>
                  ) : (
                    `Statement ${r.id}`
                  )}
                  {r.statement_month && ` · ${monthLabel(r.statement_month)}`}: {r.message}
                </li>
              ))}
            </ul>
            {run.command === 'mark-paid' && (
              <p className="mt-2">
                A statement is paid only into a verified account:{' '}
                <Link to="/accounting/bank-verification" className="font-medium underline">
                  verify the agency’s bank account
                </Link>
                .
              </p>
            )}
          </>
        )}
        <button type="button" onClick={onDismiss} className="mt-2 text-sm font-medium underline">
          Dismiss
        </button>
      </Alert>
    </div>
  );
}
