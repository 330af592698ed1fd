import { localStore } from './storage';

// The agent entity a staff user acts for (SPEC §1/§6), sent as the agentEntityCode header.
export const AGENT_ENTITY_KEY = 'portal.agentEntityCode';

// SPEC §3/§5: four digits, dash, four digits, dash, two letters; anything else is dropped.
export const AGENT_ENTITY_CODE_PATTERN = /^\d{4}-\d{4}-[A-Za-z]{2}$/;

export function isAgentEntityCode(value: unknown): value is string {
  return typeof value === 'string' && AGENT_ENTITY_CODE_PATTERN.test(value);
}

export const actingEntityStore = {
  // Only a well-formed code is ever returned, so a tampered value never reaches the server.
  get(): string | null {
    const stored = localStore()?.getItem(AGENT_ENTITY_KEY) ?? null;
    return isAgentEntityCode(stored) ? stored : null;
  },
  set(code: string): void {
    if (isAgentEntityCode(code)) localStore()?.setItem(AGENT_ENTITY_KEY, code);
    else localStore()?.removeItem(AGENT_ENTITY_KEY);
  },
  clear(): void {
    localStore()?.removeItem(AGENT_ENTITY_KEY);
  },
};
