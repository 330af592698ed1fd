import type { ReactNode } from 'react';
import { SaveErrorAlert } from '../../../ui/feedback/SaveErrorAlert';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { useReloadRecord } from './useRentersEdit';

export interface RentersEditDialogProps {
  matterId: number;
  title: string;
  submitLabel: string;
  // The edit (useRentersEdit): its state drives the buttons and the error shown.
  save: { isPending: boolean; isError: boolean; error: unknown; mutate(input: undefined): void };
  onClose(): void;
  children: ReactNode;
}

// The frame of an edit of the renters record: a failed save is explained on top, and a 409 (someone
// changed the policy meanwhile) offers to reload the record and close, so the next edit starts from it.
export function RentersEditDialog(props: RentersEditDialogProps) {
  const { matterId, title, submitLabel, save, onClose, children } = props;
  const reload = useReloadRecord(matterId);
  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      busy={save.isPending}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
    >
      {save.isError && (
        <SaveErrorAlert error={save.error} record="the policy" onReload={() => void reload().then(onClose)} />
      )}
      {children}
    </FormDialog>
  );
}
