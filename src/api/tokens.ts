import { localStore } from './storage';

// SPEC §9: access and refresh tokens live in local storage under separate keys.
export const ACCESS_TOKEN_KEY = 'portal.accessToken';
export const REFRESH_TOKEN_KEY = 'portal.refreshToken';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

export const tokenStore = {
  access: (): string | null => localStore()?.getItem(ACCESS_TOKEN_KEY) ?? null,
  refresh: (): string | null => localStore()?.getItem(REFRESH_TOKEN_KEY) ?? null,
  hasAny(): boolean {
    return !!(this.access() || this.refresh());
  },
  save(tokens: StoredTokens): void {
    localStore()?.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
    localStore()?.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  },
  clear(): void {
    localStore()?.removeItem(ACCESS_TOKEN_KEY);
    localStore()?.removeItem(REFRESH_TOKEN_KEY);
  },
};
