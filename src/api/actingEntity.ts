import { localStore } from './storage';

// The agent entity a staff user chose to act for (SPEC §1/§6), sent as the agentEntityCode header.
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

// SPEC §7 sends the header on most calls, not only after a switch: until the user chooses an entity, calls
// carry the entity the session acts for on its own (the user's), as GET /v2/my/entities named it. Kept in
// memory only, never stored: a reload or another sign-in starts without it until the session answers
// again, so a code can never outlive the session that named it (a stored one once priced a checkout for
// the previous user's agency). A chosen entity, and the quote journey's meta.agent.entityCode, win.
let sessionCode: string | null = null;

export const sessionEntityStore = {
  get(): string | null {
    return sessionCode;
  },
  set(code: string): void {
    sessionCode = isAgentEntityCode(code) ? code : null;
  },
  clear(): void {
    sessionCode = null;
  },
};

// The code a call carries: the chosen entity's, else the session's own.
export function agentEntityCodeToSend(): string | null {
  return actingEntityStore.get() ?? sessionEntityStore.get();
}
