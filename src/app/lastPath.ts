import { sessionStore } from '../api/storage';

// SPEC §2: a route the user may not open sends them back to the previous path. Kept per tab in
// session storage, so a typed-in address after a reload still has somewhere to go back to.
const KEY = 'portal.lastPath';

export const lastPath = {
  get: (): string | null => sessionStore()?.getItem(KEY) ?? null,
  set: (path: string): void => sessionStore()?.setItem(KEY, path),
  clear: (): void => sessionStore()?.removeItem(KEY),
};
