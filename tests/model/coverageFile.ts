import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Where each model test leaves the transitions it drove; scripts/model-coverage.ts reads them.
export const COVERAGE_DIR = join(process.cwd(), 'test-results', 'model-coverage');

export interface CoverageFile {
  machine: string;
  covered: string[];
}

export function writeCoverage(machine: string, covered: Iterable<string>): void {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  const file: CoverageFile = { machine, covered: [...new Set(covered)].sort() };
  writeFileSync(join(COVERAGE_DIR, `${machine}.json`), `${JSON.stringify(file, null, 2)}\n`);
}
