import { useSyncExternalStore } from 'react';

// What the journey says after reloading a quote that changed elsewhere (a 409). Kept outside the screen
// because the reloaded quote may be at another step, whose screen shows it.
let notice: string | null = null;
const listeners = new Set<() => void>();

export const journeyNotice = {
  set(message: string | null): void {
    notice = message;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): string | null => notice,
};

export function useJourneyNotice(): string | null {
  return useSyncExternalStore(journeyNotice.subscribe, journeyNotice.get, journeyNotice.get);
}
