// Whether this server runs the real business or a sandbox (docs/operations.md "Production or sandbox"). A
// server deployed as production must never turn out to be a sandbox, whose clock a request may move and whose
// database holds the demo's published logins: any one setting that says production makes it production, and
// a sandbox is only what nothing says otherwise of (the README's `npm start` on a fresh clone) or what
// PORTAL_MODE=sandbox asks for where nothing says production.
export type RunMode = 'production' | 'sandbox';

// The demo logins' password a fresh sandbox publishes in the README.
export const SANDBOX_DEMO_PASSWORD = 'demo-portal-2026';

export interface ModeSettings {
  NODE_ENV?: string | undefined;
  APP_ENV?: string | undefined;
  PORTAL_MODE?: string | undefined;
}

// The environment codes that name production: SPEC's PR, and the words operators write for it.
const PRODUCTION_CODES = new Set(['pr', 'prod', 'production']);

export const isProductionCode = (code: string | undefined) =>
  code !== undefined && PRODUCTION_CODES.has(code.trim().toLowerCase());

// The settings that say production, by name, as a refusal quotes them.
export function productionSignals(env: ModeSettings): string[] {
  const said: string[] = [];
  if (env.PORTAL_MODE === 'production') said.push('PORTAL_MODE=production');
  if (env.NODE_ENV?.trim().toLowerCase() === 'production') said.push(`NODE_ENV=${env.NODE_ENV}`);
  if (isProductionCode(env.APP_ENV)) said.push(`APP_ENV=${env.APP_ENV}`);
  return said;
}

// The mode, or why the settings contradict one another (a sandbox asked for where another setting says
// production is refused rather than guessed: guessing sandbox is the fault this rule exists to prevent).
export function runModeOf(env: ModeSettings): { mode: RunMode } | { contradiction: string } {
  const production = productionSignals(env);
  if (env.PORTAL_MODE === 'sandbox' && production.length > 0)
    return {
      contradiction: `PORTAL_MODE=sandbox contradicts ${production.join(' and ')}: a server deployed as production is production. Unset those to run a sandbox.`,
    };
  return { mode: production.length > 0 ? 'production' : 'sandbox' };
}

// The environment code the footer shows (SPEC §9: PR in production): APP_ENV when given, else the mode's own.
export function environmentCodeOf(mode: RunMode, appEnv: string | undefined): string {
  const given = appEnv?.trim();
  if (given) return given;
  return mode === 'production' ? 'PR' : 'SANDBOX';
}
