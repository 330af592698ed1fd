import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

// A secret as `openssl rand -base64 48` makes one.
const SECRET = 'q9V3xk2LmZp7Rt0Yw8Bn4Hc6Jd1Fs5Ga2Ue9Io3Pl7Kj0Mh4Nb8Vc6Xz1Qw5Er2Ty';

describe('configuration', () => {
  it('is the demo sandbox when nothing says otherwise (a fresh clone)', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      demoPassword: 'demo-portal-2026',
      mode: 'sandbox',
      environmentCode: 'SANDBOX',
      seedDemo: true,
    });
  });

  it('generates a sandbox token secret once, keeps it in the data dir and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).accessTokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).accessTokenSecret).toBe(first);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).accessTokenSecret).toBe(first);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o077).toBe(0);
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ACCESS_TOKEN_SECRET: 'short' })).toThrow(
      /ACCESS_TOKEN_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORTAL_MODE: 'demo' })).toThrow(/PORTAL_MODE/);
  });

  // Finding: with no APP_ENV the server ran as PR yet treated anything but the literal `production` as a
  // sandbox. Any one setting that says production makes it production, in any spelling an operator writes.
  it.each([
    { NODE_ENV: 'production' },
    { APP_ENV: 'production' },
    { APP_ENV: 'Production' },
    { APP_ENV: 'prod' },
    { APP_ENV: 'PR' },
    { APP_ENV: ' pr ' },
    { PORTAL_MODE: 'production' },
  ])('is production when %o says so', (env) => {
    const config = loadConfig({ DATA_DIR: tempDir(), ACCESS_TOKEN_SECRET: SECRET, ...env });
    expect(config.mode).toBe('production');
    expect(config.seedDemo).toBe(false);
  });

  it('shows APP_ENV as the environment code, PR in production when none is given', () => {
    const dir = tempDir();
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET }).environmentCode,
    ).toBe('PR');
    expect(loadConfig({ DATA_DIR: dir, APP_ENV: 'QA' })).toMatchObject({
      mode: 'sandbox',
      environmentCode: 'QA',
    });
  });

  it('refuses a sandbox asked for where another setting says production', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORTAL_MODE: 'sandbox', NODE_ENV: 'production' })).toThrow(
      /PORTAL_MODE=sandbox contradicts NODE_ENV=production/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORTAL_MODE: 'sandbox', APP_ENV: 'PR' })).toThrow(
      /contradicts APP_ENV=PR/,
    );
  });

  it('refuses a production start without its secret, naming what is missing, and makes none up', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(
      /Refusing to start in production[\s\S]*ACCESS_TOKEN_SECRET is missing/,
    );
    expect(() => readFileSync(join(dir, 'secrets.json'))).toThrow();
  });

  it.each([
    ['a repeated run', 'x'.repeat(64)],
    ['a repeated word', 'secret12'.repeat(5)],
    ['few different characters', 'abcabcabcdddeeefffggghhhiiijjjkkk'],
  ])('refuses a production token secret of %s', (_, secret) => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', ACCESS_TOKEN_SECRET: secret }),
    ).toThrow(/ACCESS_TOKEN_SECRET looks made up/);
  });

  it('refuses the demo in production: its password, its seed', () => {
    const base = { DATA_DIR: tempDir(), NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET };
    expect(() => loadConfig({ ...base, DEMO_PASSWORD: 'demo-portal-2026' })).toThrow(/DEMO_PASSWORD is set/);
    expect(() => loadConfig({ ...base, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true/);
    // Every problem at once, so one start says all there is to fix.
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        APP_ENV: 'PR',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: 'demo-portal-2026',
      }),
    ).toThrow(/ACCESS_TOKEN_SECRET is missing[\s\S]*DEMO_PASSWORD is set[\s\S]*SEED_DEMO=true/);
  });
});
