// Build constants of the portal (SPEC §9).
export const CLIENT_VERSION = '2.0.11';
export const CLIENT_ID_HEADER = 'x-client-id';
export const CLIENT_ID = `agent-portal/${CLIENT_VERSION}`;
export const AGENT_ENTITY_HEADER = 'agententitycode';
export const DEFAULT_ENVIRONMENT = 'PR';
