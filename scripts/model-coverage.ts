import { join } from 'node:path';
import { MACHINES } from '../src/machines/registry';
import { COVERAGE_DIR } from '../tests/model/coverageFile';
import { percent, summarizeCoverage } from './modelReport/coverageSummary';
import { REPORT_DIR, writeModelReport } from './modelReport/writeModelReport';

// Compares what each model test drove (test-results/model-coverage/<machine>.json) with every
// transition of the machine's definition. Fails below 100% or when a machine has no model test.
// `--report` also writes test-results/model-report/index.html: each statechart drawn with its transitions
// marked covered or not, the table of transitions and the generated paths (docs/qa-transition-explorer.md).
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--report');
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}; the only one is --report.`);
  process.exit(2);
}

let failed = false;
const summaries = summarizeCoverage(COVERAGE_DIR, MACHINES);

for (const s of summaries) {
  if (!s.recorded) {
    console.error(
      `${s.name}: no coverage file (${join(COVERAGE_DIR, `${s.name}.json`)}); write a model test for it`,
    );
    failed = true;
    continue;
  }
  const all = s.transitions.length;
  console.info(`${s.name}: ${s.covered.size}/${all} transitions (${percent(s.covered.size, all)}%)`);
  for (const t of s.missing) console.error(`  not covered: ${t}`);
  for (const t of s.stale) console.error(`  stale (not in the definition): ${t}`);
  if (s.missing.length || s.stale.length) failed = true;
}

if (args.includes('--report')) {
  console.info(`Report: ${writeModelReport(summaries, REPORT_DIR)}`);
}

process.exit(failed ? 1 : 0);
