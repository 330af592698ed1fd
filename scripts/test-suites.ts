import { spawn } from 'node:child_process';

// `npm test`: every suite in order (unit, model, api, hours, e2e), stopping at the first that fails, then each suite's
// time, so a slow suite shows where the minutes went. `npm test -- api e2e` runs only the suites named.
const SUITES = ['unit', 'model', 'api', 'hours', 'e2e'] as const;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(SUITES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are ${SUITES.join(', ')}.`);
  process.exit(2);
}
const chosen = asked.length > 0 ? SUITES.filter((name) => asked.includes(name)) : SUITES;

function run(suite: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', `test:${suite}`], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const times: { suite: string; seconds: number; result: string }[] = [];
let failed = 0;
for (const suite of chosen) {
  const started = performance.now();
  const code = await run(suite);
  const seconds = (performance.now() - started) / 1000;
  times.push({ suite, seconds, result: code === 0 ? 'passed' : `failed (exit ${code})` });
  if (code !== 0) {
    failed = code;
    break;
  }
}

const total = times.reduce((sum, t) => sum + t.seconds, 0);
console.info('\nTest suites');
for (const t of times)
  console.info(`  ${t.suite.padEnd(6)} ${t.seconds.toFixed(0).padStart(6)} s  ${t.result}`);
for (const suite of chosen.slice(times.length)) console.info(`  ${suite.padEnd(6)}      -    not run`);
console.info(`  ${'total'.padEnd(6)} ${total.toFixed(0).padStart(6)} s`);
process.exit(failed);
