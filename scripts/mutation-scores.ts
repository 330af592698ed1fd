import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The gate of `npm run test:mutation` (docs/mutation-testing.md): each money module, billing included, must
// score at least 90% on its own; a module's weak tests cannot hide behind another's strong ones in an
// overall score. The statecharts are mutated and reported too, without a gate yet (their score is in the doc).
const REPORT = resolve(import.meta.dirname, '../reports/mutation/mutation.json');
const LEAST = 90;

interface Mutant {
  status: string;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

// Stryker's score: killed and timed-out mutants over every valid one (no coverage counts as survived).
const DETECTED = new Set(['Killed', 'Timeout']);
const INVALID = new Set(['CompileError', 'RuntimeError', 'Ignored']);

export function scoreOf(mutants: readonly Mutant[]): { score: number; valid: number } {
  const valid = mutants.filter((m) => !INVALID.has(m.status));
  const detected = valid.filter((m) => DETECTED.has(m.status)).length;
  return { score: valid.length === 0 ? 100 : (100 * detected) / valid.length, valid: valid.length };
}

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
const rows = Object.entries(report.files)
  .map(([file, { mutants }]) => ({ file, money: !file.includes('src/machines/'), ...scoreOf(mutants) }))
  .sort((a, b) => Number(b.money) - Number(a.money) || a.file.localeCompare(b.file));
for (const row of rows) {
  const mark = row.money ? (row.score >= LEAST ? 'ok  ' : 'LOW ') : '    ';
  console.info(`${mark}${row.score.toFixed(1).padStart(6)}%  ${String(row.valid).padStart(4)}  ${row.file}`);
}
const low = rows.filter((r) => r.money && r.score < LEAST);
if (low.length > 0) {
  console.error(`${low.length} money module(s) below ${LEAST}%: ${low.map((r) => r.file).join(', ')}`);
  process.exit(1);
}
console.info(`Every money module scores at least ${LEAST}%.`);
