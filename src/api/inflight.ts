// SPEC §7: requests in flight are counted; the layout shows a progress bar while any are.
// Shaped for React's useSyncExternalStore.
type Listener = () => void;

let count = 0;
const listeners = new Set<Listener>();

function publish(next: number): void {
  count = Math.max(0, next);
  for (const listener of listeners) listener();
}

export const inflight = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): number => count,
  start: (): void => publish(count + 1),
  end: (): void => publish(count - 1),
};
