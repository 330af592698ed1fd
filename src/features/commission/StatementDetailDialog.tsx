import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  downloadStatement,
  runStatementCommand,
  statementKeys,
  statementQuery,
} from '../../api/calls/commissionStatements';
import { ApiError, errorMessage } from '../../api/httpErrors';
import {
  STATEMENT_ACCESS,
  type BulkCommand,
  type Statement,
  type StatementHistoryItem,
  type StatementLine,
} from '../../api/schemas/commissionStatements';
import { Alert } from '../../ui/feedback/Alert';
import { useFileDownloads } from '../../ui/feedback/useFileDownloads';
import { Button } from '../../ui/forms/Button';
import { formatBusinessDate } from '../../calendar';
import { formatMoney } from '../../ui/format';
import { DataTable } from '../../ui/table/DataTable';
import { useAccess } from '../../ui/useAccess';
import { BULK_WORDS } from './bulkWords';
import { formatChange, formatTimestamp } from './format';
import { OverridesEditor } from './OverridesEditor';
import { PaymentMarkConfirm, type PaymentMark } from './PaymentMarkConfirm';
import { StatementBadges } from './StatementBadges';
import { StatementOutOfDate } from './StatementOutOfDate';
import { monthLabel } from './statementFilterValues';
import { PrintButton } from '../../ui/forms/PrintButton';
import { useGuardedClose } from '../../ui/forms/useGuardedClose';

export interface StatementDetailDialogProps {
  entityId: number;
  statementId: number;
  onClose(): void;
}

// One statement, opened from a row of either statement screen: its figures and the change from the month
// before, the commands its state and the user's privileges allow, the file downloads, the lines with how
// each was worked out, the overrides and the history.
export function StatementDetailDialog({ entityId, statementId, onClose }: StatementDetailDialogProps) {
  const query = useQuery(statementQuery(entityId, statementId));
  const statement = query.data;
  // An override being added or edited, and changed, is asked about before the statement closes.
  const [overridesDirty, setOverridesDirty] = useState(false);
  const guard = useGuardedClose(overridesDirty, onClose);
  return (
    <Dialog open onClose={guard.requestClose} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-start justify-center">
          <DialogPanel className="w-full max-w-5xl rounded-xl bg-slate-50 shadow-xl">
            <div className="flex items-start justify-between gap-4 rounded-t-xl border-b border-slate-200 bg-white px-6 py-4">
              <div>
                <DialogTitle className="text-lg font-semibold text-slate-900">
                  {statement
                    ? `Statement ${statement.entity.entity_code} · ${monthLabel(statement.statement_month)}`
                    : 'Commission statement'}
                </DialogTitle>
                {statement && <p className="text-sm text-slate-600">{statement.entity.entity_name}</p>}
              </div>
              <div className="flex items-center gap-2">
                {statement && <PrintButton what="the statement" />}
                <button
                  type="button"
                  onClick={guard.requestClose}
                  className="rounded-md px-2 py-1 text-xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                  aria-label="Close the statement"
                >
                  ×
                </button>
              </div>
            </div>
            <div className="space-y-6 p-6">
              {query.error ? (
                <Alert tone="error" title="The statement could not be opened">
                  {errorMessage(query.error)}
                </Alert>
              ) : statement ? (
                <StatementBody
                  statement={statement}
                  refresh={() => query.refetch()}
                  onOverridesDirty={setOverridesDirty}
                />
              ) : (
                <p className="text-sm text-slate-500">Loading the statement…</p>
              )}
            </div>
            {guard.confirmation}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

const COMMANDS: readonly { command: BulkCommand; flag: keyof Statement['can'] }[] = [
  { command: 'approve', flag: 'approve' },
  { command: 'unapprove', flag: 'unapprove' },
  { command: 'mark-paid', flag: 'markPaid' },
  { command: 'mark-unpaid', flag: 'markUnpaid' },
];

interface StatementBodyProps {
  statement: Statement;
  refresh(): Promise<unknown>;
  onOverridesDirty(dirty: boolean): void;
}

function StatementBody({ statement, refresh, onOverridesDirty }: StatementBodyProps) {
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<PaymentMark | null>(null);
  const files = useFileDownloads();
  const key = statementKeys.one(statement.entity_id, statement.id);
  // Every search shows this statement's figures and statuses too.
  const refreshSearches = () => queryClient.invalidateQueries({ queryKey: statementKeys.search });
  const changed = async () => {
    await Promise.all([refresh(), refreshSearches()]);
  };

  const command = useMutation({
    mutationFn: (c: BulkCommand) =>
      runStatementCommand(statement.entity_id, statement.id, c, statement.version),
    onMutate: () => setNotice(null),
    onSuccess: async (next, c) => {
      setAsking(null);
      queryClient.setQueryData(key, next);
      setNotice(`The statement was ${BULK_WORDS[c].done}.`);
      await refreshSearches();
    },
    // A refusal or a stale version (409): show the reason with the statement as it is now.
    onError: (error) => {
      setAsking(null);
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
  const allowed: Record<BulkCommand, boolean> = {
    approve: can(STATEMENT_ACCESS.review),
    unapprove: can(STATEMENT_ACCESS.unapprove),
    'mark-paid': can(STATEMENT_ACCESS.payments),
    'mark-unpaid': can(STATEMENT_ACCESS.payments),
  };
  const commands = COMMANDS.filter((c) => statement.can[c.flag] && allowed[c.command]);
  const mayDownload = statement.can.download && can(STATEMENT_ACCESS.download);
  const fetchFile = (format: 'pdf' | 'csv') =>
    files.download(format, 'The download failed.', async () => {
      const file = await downloadStatement(statement.entity_id, statement.id, format);
      await changed();
      return file;
    });
  const noBankAccount = statement.state === 'approved' && !statement.has_verified_bank_account;
  const canEditOverrides = statement.can.editOverrides && can(STATEMENT_ACCESS.review);

  return (
    <>
      <section
        aria-label="Statement summary"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <StatementBadges review={statement.review_status} payment={statement.payment_status} />
          <div className="flex flex-wrap gap-2">
            {commands.map(({ command: c }) => (
              <Button
                key={c}
                variant={c === 'approve' || c === 'mark-paid' ? 'primary' : 'secondary'}
                busy={command.isPending && command.variables === c}
                disabled={command.isPending}
                onClick={() => (c === 'mark-paid' || c === 'mark-unpaid' ? setAsking(c) : command.mutate(c))}
              >
                {BULK_WORDS[c].verb}
              </Button>
            ))}
            {mayDownload && (
              <>
                <Button
                  variant="secondary"
                  busy={files.running === 'pdf'}
                  onClick={() => void fetchFile('pdf')}
                >
                  Download PDF
                </Button>
                <Button
                  variant="secondary"
                  busy={files.running === 'csv'}
                  onClick={() => void fetchFile('csv')}
                >
                  Download CSV
                </Button>
              </>
            )}
          </div>
        </div>
        {asking && (
          <PaymentMarkConfirm
            statement={statement}
            mark={asking}
            busy={command.isPending}
            onConfirm={() => command.mutate(asking)}
            onClose={() => setAsking(null)}
          />
        )}
        <div className="space-y-3">
          {notice && <Alert tone="success">{notice}</Alert>}
          {command.error && (
            <Alert tone="error" title="The statement did not change">
              {errorMessage(command.error)}
            </Alert>
          )}
          {files.notice && <Alert tone={files.notice.tone}>{files.notice.text}</Alert>}
          <StatementOutOfDate
            statement={statement}
            refresh={refresh}
            onRecalculated={(next) =>
              setNotice(
                `The statement was recalculated: ${next.lines.length} line${next.lines.length === 1 ? '' : 's'}, ${formatMoney(next.amount)}.`,
              )
            }
          />
          {noBankAccount && (
            <Alert tone="info" title="It cannot be marked paid yet">
              {statement.entity.entity_name} has no verified bank account, and commission is paid only into a
              verified account.{' '}
              <Link to="/accounting/bank-verification" className="font-medium underline">
                Verify the agency’s bank account
              </Link>
              .
            </Alert>
          )}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
          <Fact label="Amount (lines)">{formatMoney(statement.amount)}</Fact>
          <Fact label="Override total">{formatMoney(statement.override_total)}</Fact>
          <Fact label="Payment total">
            <span className="text-base font-semibold" data-testid="payment-total">
              {formatMoney(statement.payment_total)}
            </span>
          </Fact>
          <Fact
            label={
              statement.previous ? `Change from ${monthLabel(statement.previous.statement_month)}` : 'Change'
            }
          >
            {statement.change_from_previous === null || !statement.previous ? (
              <span className="text-slate-500">No statement the month before</span>
            ) : (
              <span>
                <span
                  className={
                    statement.change_from_previous < 0
                      ? 'font-medium text-red-700'
                      : 'font-medium text-emerald-700'
                  }
                >
                  {formatChange(statement.change_from_previous)}
                </span>
                <span className="block text-xs text-slate-500">
                  was {formatMoney(statement.previous.payment_total)}
                </span>
              </span>
            )}
          </Fact>
          <Fact label="Statement date">{formatBusinessDate(statement.statement_on)}</Fact>
          <Fact label="Reviewed">
            {statement.reviewed_at ? (
              <>
                {formatTimestamp(statement.reviewed_at)}
                {statement.reviewer && (
                  <span className="block text-xs text-slate-500">{statement.reviewer}</span>
                )}
              </>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Paid on">
            {statement.paid_on ? (
              <>
                {formatBusinessDate(statement.paid_on)}
                {statement.payment_amount !== null && (
                  <span className="block text-xs text-slate-500">
                    {formatMoney(statement.payment_amount)}
                  </span>
                )}
              </>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Downloaded">{formatTimestamp(statement.downloaded_on)}</Fact>
        </dl>
      </section>

      <section aria-label="Statement lines" className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900">
          Lines <span className="font-normal text-slate-500">({statement.lines.length})</span>
        </h3>
        <DataTable
          caption="Statement lines"
          columns={LINE_COLUMNS}
          rows={statement.lines}
          rowKey={(line) => line.event_id}
          empty="No commissionable events in this month."
        />
      </section>

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <OverridesEditor
          statement={statement}
          canEdit={canEditOverrides}
          onChanged={changed}
          onDirtyChange={onOverridesDirty}
        />
      </div>

      <section aria-label="Statement history" className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900">History</h3>
        <StatementHistory items={statement.history} />
      </section>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

const line = createColumnHelper<StatementLine>();
const LINE_COLUMNS = [
  line.accessor('policy_number', {
    header: 'Policy',
    cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
  }),
  line.accessor('event_name', {
    header: 'Event',
    cell: (c) => (
      <span className="whitespace-nowrap">
        {c.getValue()} <span className="font-mono text-xs text-slate-500">{c.row.original.event_code}</span>
      </span>
    ),
  }),
  line.accessor('on', {
    header: 'Date',
    cell: (c) => <span className="tabular-nums">{formatBusinessDate(c.getValue())}</span>,
  }),
  line.accessor('premium', {
    header: 'Premium',
    cell: (c) => <span className="block text-right tabular-nums">{formatMoney(c.getValue())}</span>,
  }),
  line.accessor('rule_id', { header: 'Rule', cell: (c) => c.getValue() ?? '—' }),
  line.accessor('amount', {
    header: 'Amount',
    cell: (c) => (
      <span className={`block text-right tabular-nums font-medium ${c.getValue() < 0 ? 'text-red-700' : ''}`}>
        {formatMoney(c.getValue())}
      </span>
    ),
  }),
  line.accessor('explanation', {
    header: 'Explanation',
    cell: (c) => <span className="block min-w-[16rem] whitespace-normal text-slate-600">{c.getValue()}</span>,
  }),
];

// Newest first: what happened, who and when.
function StatementHistory({ items }: { items: readonly StatementHistoryItem[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">No history recorded yet.</p>;
  return (
    <ol
      aria-label="History"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {[...items].reverse().map((item) => (
        <li
          key={item.version}
          className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2 text-sm"
        >
          <span>
            <span className="font-medium text-slate-900">{item.label}</span>
            {item.detail && <span className="text-slate-600"> — {item.detail}</span>}
          </span>
          <span className="text-xs text-slate-500">
            {formatTimestamp(item.at)} · {item.by ?? 'System'}
          </span>
        </li>
      ))}
    </ol>
  );
}
