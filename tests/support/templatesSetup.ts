import './wallClock';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase } from './databaseTemplates';

// Global setup of the suites that start servers: a folder for this run's database templates
// (tests/support/databaseTemplates.ts), removed with the template databases when the run ends.
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-templates-'));
  process.env.TEST_TEMPLATES_DIR = dir;
  return async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.database'))) {
        await dropDatabase(baseUrl, readFileSync(join(dir, file), 'utf8'));
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
