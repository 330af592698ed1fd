import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MACHINES } from '../src/machines/registry';
import { listTransitions } from '../src/machines/transitions';
import { COVERAGE_DIR, type CoverageFile } from '../tests/model/coverageFile';

// Compares what each model test drove (test-results/model-coverage/<machine>.json) with every
// transition of the machine's definition. Fails below 100% or when a machine has no model test.
let failed = false;

for (const [name, machine] of Object.entries(MACHINES)) {
  const all = listTransitions(machine);
  const file = join(COVERAGE_DIR, `${name}.json`);
  if (!existsSync(file)) {
    console.error(`${name}: no coverage file (${file}); write a model test for it`);
    failed = true;
    continue;
  }
  const { covered } = JSON.parse(readFileSync(file, 'utf8')) as CoverageFile;
  const done = all.filter((t) => covered.includes(t));
  const percent = all.length ? Math.floor((done.length / all.length) * 100) : 100;
  console.info(`${name}: ${done.length}/${all.length} transitions (${percent}%)`);
  const missing = all.filter((t) => !covered.includes(t));
  for (const t of missing) console.error(`  not covered: ${t}`);
  // A covered key the definition no longer has means the coverage file is stale.
  const unknown = covered.filter((t) => !all.includes(t));
  for (const t of unknown) console.error(`  stale (not in the definition): ${t}`);
  if (missing.length || unknown.length) failed = true;
}

process.exit(failed ? 1 : 0);
