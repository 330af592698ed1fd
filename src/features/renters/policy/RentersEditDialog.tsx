import type { ReactNode } from 'react';
import { SaveErrorAlert } from '../../../ui/feedback/SaveErrorAlert';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { useGuardedClose } from '../../../ui/forms/useGuardedClose';
import { useReloadRecord } from './useRentersEdit';

export interface RentersEditDialogProps {
  matterId: number;
  title: string;
  submitLabel: string;
  // The edit (useRentersEdit): its state drives the buttons and the error shown.
  save: { isPending: boolean; isError: boolean; error: unknown; mutate(input: undefined): void };
  // The form's values differ from those it opened with: closing asks before they are lost.
  dirty: boolean;
  onClose(): void;
  children: ReactNode;
}

// The frame of an edit of the renters record: a failed save is explained on top, and a 409 (someone
// changed the policy meanwhile) offers to reload the record and close, so the next edit starts from it.
export function RentersEditDialog(props: RentersEditDialogProps) {
  const { matterId, title, submitLabel, save, dirty, onClose, children } = props;
  const reload = useReloadRecord(matterId);
  const guard = useGuardedClose(dirty, onClose);
  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      busy={save.isPending}
      onSubmit={() => save.mutate(undefined)}
      onClose={guard.requestClose}
    >
      {/* Reloading after a 409 is the user's own choice to drop the typing: it closes without asking. */}
      {save.isError && (
        <SaveErrorAlert error={save.error} record="the policy" onReload={() => void reload().then(onClose)} />
      )}
      {children}
      {guard.confirmation}
    </FormDialog>
  );
}
