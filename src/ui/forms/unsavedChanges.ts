import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';

// Which forms on screen hold changes not yet saved. One prompt (UnsavedChangesPrompt, in the signed-in
// layout) reads it: react-router supports a single navigation blocker at a time, and a screen can have
// several forms (an entity's details, settings and locations).
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
let anyDirty = false;

function setDirty(id: string, dirty: boolean) {
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  const next = dirtyForms.size > 0;
  if (next === anyDirty) return;
  anyDirty = next;
  for (const listener of listeners) listener();
}

export const unsavedChanges = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  any: (): boolean => anyDirty,
  // After the user chose to leave: the forms are about to unmount, and must not hold the next screen.
  discardAll(): void {
    for (const id of [...dirtyForms]) setDirty(id, false);
  },
};

export const useAnyUnsavedChanges = () => useSyncExternalStore(unsavedChanges.subscribe, unsavedChanges.any);

export interface DirtyForm {
  dirty: boolean;
  // Spread on the <form>: any edit of its controls (they bubble input/change events) marks it changed.
  formProps: { onInput(): void; onChange(): void };
  // Call once the changes are saved (or deliberately thrown away).
  markClean(): void;
  markDirty(): void;
}

// Tracks whether a form has changes the user has not saved, so leaving the screen asks first.
export function useDirtyForm(): DirtyForm {
  const id = useId();
  const [dirty, setLocal] = useState(false);
  useEffect(() => () => setDirty(id, false), [id]);
  // The shared set changes at once, not after a render: a save that navigates on success (add → the new
  // record) calls markClean and navigate in the same tick, and the prompt must already let it through.
  const markDirty = useCallback(() => {
    setDirty(id, true);
    setLocal(true);
  }, [id]);
  const markClean = useCallback(() => {
    setDirty(id, false);
    setLocal(false);
  }, [id]);
  return { dirty, formProps: { onInput: markDirty, onChange: markDirty }, markClean, markDirty };
}

// For a form that knows its own state (an `edited` draft that is null until the user changes something).
export function useUnsavedGuard(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    setDirty(id, dirty);
    return () => setDirty(id, false);
  }, [id, dirty]);
}
