import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineCoverage } from './coverageSummary';
import { renderReport } from './renderReport';

export const REPORT_DIR = join(process.cwd(), 'test-results', 'model-report');

// One self-contained HTML file (inline SVG and CSS), opened straight from disk.
export function writeModelReport(summaries: readonly MachineCoverage[], dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.html');
  writeFileSync(file, renderReport(summaries, new Date()));
  return file;
}
