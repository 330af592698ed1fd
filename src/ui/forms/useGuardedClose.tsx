import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { useDirtyForm } from './unsavedChanges';

export interface GuardedClose {
  // Every way the form closes goes through this (its Cancel or Close button, Escape, a click outside the
  // dialog): at once when nothing changed, otherwise after the user agreed to discard the changes.
  requestClose(): void;
  // The question. Render it inside the dialog it guards: Headless UI then stacks it on top, so Escape or a
  // click outside answers the question ("Keep editing") instead of closing the dialog beneath.
  confirmation: ReactNode;
}

export interface GuardedCloseOptions {
  // While changed, leaving the screen asks too (the shared unsaved-changes prompt). Off for a form inside
  // a guarded dialog that reports its changes to it: the dialog holds them for both, so that discarding
  // them there clears them before the dialog closes, even when closing changes the URL.
  guardLeaving?: boolean;
}

// Asks before a dialog (or an inline form that can be cancelled) throws away what the user changed in it.
// `dirty` is the form's own judgement of "changed".
export function useGuardedClose(
  dirty: boolean,
  close: () => void,
  { guardLeaving = true }: GuardedCloseOptions = {},
): GuardedClose {
  const [asking, setAsking] = useState(false);
  const { markDirty, markClean } = useDirtyForm();
  useEffect(() => {
    if (dirty && guardLeaving) markDirty();
    else markClean();
  }, [dirty, guardLeaving, markDirty, markClean]);
  const requestClose = () => {
    if (dirty) setAsking(true);
    else close();
  };
  const confirmation = (
    <ConfirmDialog
      open={asking}
      title="Discard your changes?"
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      danger
      onConfirm={() => {
        setAsking(false);
        // At once, not after a render: closing may navigate (a dialog kept in the URL), and the prompt must
        // already let that through.
        markClean();
        close();
      }}
      onClose={() => setAsking(false)}
    >
      What you changed here is not saved yet. If you discard it, it is lost.
    </ConfirmDialog>
  );
  return { requestClose, confirmation };
}
