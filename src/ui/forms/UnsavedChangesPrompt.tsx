import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { unsavedChanges, useAnyUnsavedChanges } from './unsavedChanges';

// Asks before a navigation would throw away a form's unsaved changes: a link, the menu, Back, or closing or
// reloading the tab (which only the browser's own dialog may ask about). Staying on the same path and query
// (a hash link) loses nothing, so it is never held; nor is the way to sign-in after a session ended, since
// nothing can be saved without one. A save under way holds nothing either: an add screen goes to the record it
// created from the save's own success handler, while the save still counts as running.
export function UnsavedChangesPrompt() {
  const dirty = useAnyUnsavedChanges();
  const queryClient = useQueryClient();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChanges.any() &&
      queryClient.isMutating() === 0 &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave and discard changes"
      cancelLabel="Stay on this page"
      danger
      onConfirm={() => {
        unsavedChanges.discardAll();
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    >
      You have changes on this screen that are not saved. If you leave now, they are lost.
    </ConfirmDialog>
  );
}
