import { SANDBOX_DEMO_PASSWORD } from './runMode';

// What a production start refuses (docs/operations.md "Production settings"), each said with the setting
// to fix: a secret it would otherwise make up or that anyone could guess, and anything of the demo.
export interface ProductionSettings {
  ACCESS_TOKEN_SECRET?: string | undefined;
  DEMO_PASSWORD?: string | undefined;
  SEED_DEMO?: string | undefined;
}

// Secrets written in docs, examples and tests: known to anyone who reads them.
const PUBLISHED_SECRETS = new Set([SANDBOX_DEMO_PASSWORD, 'change-me', 'changeme', 'secret']);

// A secret of one repeated run or a handful of characters is a placeholder, not a secret.
function looksMadeUp(secret: string): boolean {
  if (PUBLISHED_SECRETS.has(secret.toLowerCase())) return true;
  if (new Set(secret).size < 12) return true;
  return /^(.{1,8})\1+$/.test(secret);
}

export function productionProblems(settings: ProductionSettings): string[] {
  const problems: string[] = [];
  const secret = settings.ACCESS_TOKEN_SECRET;
  if (secret === undefined)
    problems.push(
      'ACCESS_TOKEN_SECRET is missing: set it to a random value of at least 32 characters (it signs sessions and change previews), e.g. `openssl rand -base64 48`.',
    );
  else if (looksMadeUp(secret))
    problems.push(
      'ACCESS_TOKEN_SECRET looks made up (too few different characters, a repeated run, or a published value): set it to a random value, e.g. `openssl rand -base64 48`.',
    );
  if (settings.DEMO_PASSWORD !== undefined)
    problems.push(
      "DEMO_PASSWORD is set: it is the sandbox demo logins' password, and production has no demo logins. Unset it.",
    );
  if (settings.SEED_DEMO === 'true')
    problems.push('SEED_DEMO=true: production never holds the demo business. Unset it.');
  return problems;
}
