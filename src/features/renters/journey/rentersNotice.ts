import { useSyncExternalStore } from 'react';

// What the journey says after a 409 reloaded the quote: kept outside the screens, because the reload may
// move the agent to another step's screen, which must still say why.
let current: string | null = null;
const listeners = new Set<() => void>();

export const rentersNotice = {
  set(message: string | null) {
    current = message;
    listeners.forEach((listener) => listener());
  },
};

export function useRentersNotice(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
