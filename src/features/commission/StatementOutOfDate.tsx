import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recalculateStatement, statementKeys } from '../../api/calls/commissionStatements';
import { ApiError, errorMessage } from '../../api/httpErrors';
import { STATEMENT_ACCESS, type Statement } from '../../api/schemas/commissionStatements';
import { formatBusinessDate } from '../../calendar';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { formatMoney } from '../../ui/format';
import { useAccess } from '../../ui/useAccess';
import { formatChange } from './format';

interface StatementOutOfDateProps {
  statement: Statement;
  refresh(): Promise<unknown>;
  onRecalculated(next: Statement): void;
}

// A statement that lacks commissionable events recorded in its month after it was calculated
// (docs/decisions/014): what it lacks, what recalculating changes, and Recalculate for whoever may approve.
// The server refuses to approve it until then, so this says why Approve is not offered.
export function StatementOutOfDate({ statement, refresh, onRecalculated }: StatementOutOfDateProps) {
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const recalculate = useMutation({
    mutationFn: () => recalculateStatement(statement.entity_id, statement.id, statement.version),
    onSuccess: async (next) => {
      queryClient.setQueryData(statementKeys.one(statement.entity_id, statement.id), next);
      onRecalculated(next);
      await queryClient.invalidateQueries({ queryKey: statementKeys.search });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
  const stale = statement.out_of_date;
  if (!stale) return null;
  const events = `${stale.missing_events} commissionable event${stale.missing_events === 1 ? '' : 's'}`;
  const mayRecalculate = statement.can.recalculate && can(STATEMENT_ACCESS.review);
  return (
    <div
      data-testid="statement-out-of-date"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      role="status"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">This statement is out of date</p>
          <p>
            {events} arrived after it was calculated: recalculating changes its amount by{' '}
            <strong>{formatChange(stale.difference)}</strong>, to {formatMoney(stale.amount_after)}.{' '}
            {statement.state === 'pending'
              ? 'It cannot be approved until it is recalculated.'
              : 'It was approved without them: unapprove it to recalculate.'}
          </p>
        </div>
        {mayRecalculate && (
          <Button variant="primary" busy={recalculate.isPending} onClick={() => recalculate.mutate()}>
            Recalculate
          </Button>
        )}
      </div>
      <ul className="mt-2 list-disc space-y-0.5 pl-5" aria-label="Lines missing from the statement">
        {stale.missing_lines.map((line) => (
          <li key={line.event_id}>
            {line.policy_number} · {line.event_code} on {formatBusinessDate(line.on)}:{' '}
            {formatMoney(line.amount)} <span className="text-amber-800">({line.explanation})</span>
          </li>
        ))}
      </ul>
      {recalculate.error && (
        <div className="mt-2">
          <Alert tone="error" title="The statement was not recalculated">
            {errorMessage(recalculate.error)}
          </Alert>
        </div>
      )}
    </div>
  );
}
