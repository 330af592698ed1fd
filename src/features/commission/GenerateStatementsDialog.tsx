import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { monthOf } from '../../calendar';
import { useBusinessToday } from '../../api/calls/calendar';
import { generateStatements, statementKeys } from '../../api/calls/commissionStatements';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import type { GenerateStatementsResult } from '../../api/schemas/commissionStatements';
import { Alert } from '../../ui/feedback/Alert';
import { FormDialog } from '../../ui/forms/FormDialog';
import { TextField } from '../../ui/forms/TextField';
import { useGuardedClose } from '../../ui/forms/useGuardedClose';

export interface GenerateStatementsDialogProps {
  onClose(): void;
}

function summary(result: GenerateStatementsResult): string {
  const parts = [
    `${result.created} created`,
    `${result.recalculated} recalculated`,
    `${result.unchanged} unchanged`,
  ];
  return `Statements of ${result.month}: ${parts.join(', ')}.`;
}

// The admin action of statement generation (docs/commission.md "Statement generation"): the statement of a
// month of every entity in the caller's scope computed from the policy logs, or brought up to date; safe to
// run again. Approved statements whose figures changed are kept as approved and listed, so nobody is
// surprised.
export function GenerateStatementsDialog({ onClose }: GenerateStatementsDialogProps) {
  // The business month of the server's clock, not the browser's.
  const thisMonth = monthOf(useBusinessToday());
  const [month, setMonth] = useState(thisMonth);
  // The month the dialog opened with, or the one last generated: the dialog stays open to show the result,
  // and a month already run is nothing to lose.
  const [settled, setSettled] = useState(month);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: (chosen: string) => generateStatements(chosen),
    onSuccess: (_result, chosen) => {
      setSettled(chosen);
      return queryClient.invalidateQueries({ queryKey: statementKeys.all });
    },
  });
  const guard = useGuardedClose(month !== settled, onClose);
  const errors = fieldErrorsOf(run.error);
  return (
    <FormDialog
      open
      title="Generate statements"
      busy={run.isPending}
      submitLabel="Generate"
      onSubmit={() => run.mutate(month)}
      onClose={guard.requestClose}
    >
      <p className="text-sm text-slate-600">
        Computes the month&apos;s statement of every agency within your reach from its policy events and the
        rate rules in force. Pending statements are brought up to date; approved and paid ones are left as
        they are.
      </p>
      <TextField
        label="Month"
        name="month"
        type="month"
        value={month}
        max={thisMonth}
        onChange={(event) => setMonth(event.target.value)}
        errors={errors['data.month']}
      />
      {run.error && !errors['data.month'] && <Alert tone="error">{errorMessage(run.error)}</Alert>}
      {run.data && (
        <Alert tone="success" title={summary(run.data)}>
          {run.data.kept.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {run.data.kept.map((kept) => (
                <li key={kept.id}>
                  {kept.entity_code}: {kept.reason}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {guard.confirmation}
    </FormDialog>
  );
}
