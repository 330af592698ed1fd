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

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      demoPassword: 'demo-portal-2026',
      appEnv: 'PR',
    });
  });

  it('generates the token secret once, keeps it in the data dir and reuses it', () => {
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
  });
});
