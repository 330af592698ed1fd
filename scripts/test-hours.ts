import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

// `npm run test:hours` (part of `npm test`): the suites whose answers depend on the day, run again as if the
// run had started at the hours where the business day (America/Chicago) and UTC's disagree or a day is not
// 24 hours long (docs/conventions.md "Tests at every hour"). Each run moves this process's wall clock
// (tests/support/wallClock.ts), so the tests, the server under test and PGlite all read that hour; the
// PostgreSQL server keeps its own clock, so these runs use PGlite alone.
export const AWKWARD_HOURS: readonly { at: string; why: string }[] = [
  {
    at: '2026-11-30T18:30:00-06:00',
    why: '6:30 PM Central on a month’s last day: 00:30 UTC of the next month',
  },
  { at: '2026-12-31T23:30:00-06:00', why: '11:30 PM Central on the year’s last evening' },
  { at: '2027-03-14T01:30:00-06:00', why: 'the night summer time begins: the day has 23 hours' },
  { at: '2027-06-30T19:30:00-05:00', why: '7:30 PM Central in summer time on a month’s last day: 00:30 UTC' },
  { at: '2027-11-07T01:30:00-05:00', why: 'the night summer time ends: 1:30 AM comes twice' },
];

// The unit files that name a day, a month, a year, a time or a clock. A file that names none of them asserts
// nothing an hour could change, and running it five times more costs minutes of every run.
const NAMES_TIME = /Date|today|Today|clock|Clock|[Tt]ime|[Mm]onth|[Dd]ay|[Yy]ear|[Hh]our/;
function datedUnitFiles(): string[] {
  return readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') || name.endsWith('.test.tsx'))
    .map((name) => join('tests/unit', name))
    .filter((file) => NAMES_TIME.test(readFileSync(file, 'utf8')))
    .sort();
}

// The files that take a day: today's business day, a month, a due date, a period, a sale's day.
export const DATED_FILES: readonly string[] = [
  ...datedUnitFiles(),
  'tests/api/billingLedger.test.ts',
  'tests/api/billingLedgerProperties.test.ts',
  'tests/api/billingOwedOnTheDay.test.ts',
  'tests/api/billingRun.test.ts',
  'tests/api/cancellationCollected.test.ts',
  'tests/api/commissionRules.test.ts',
  'tests/api/commissionStatementFreshness.test.ts',
  'tests/api/dashboard.test.ts',
  'tests/api/demoYear.test.ts',
  'tests/api/moneyResumedAfterStop.test.ts',
  'tests/api/paymentMethodTruth.test.ts',
  'tests/api/petBillingShares.test.ts',
  'tests/api/petRenewalBilling.test.ts',
  'tests/api/policyCancel.test.ts',
  'tests/api/policyDates.test.ts',
  'tests/api/premiumAdjustments.test.ts',
  'tests/api/purchaseBusinessDay.test.ts',
  'tests/api/reconciliation.test.ts',
  'tests/api/rentersBilling.test.ts',
  'tests/api/rentersCancellationCollected.test.ts',
  'tests/api/rentersLapseSettlement.test.ts',
  'tests/api/rentersPolicies.test.ts',
  'tests/api/rentersPoliciesSearch.test.ts',
  'tests/api/rentersPolicyChanges.test.ts',
  'tests/api/rentersQuotes.test.ts',
  'tests/api/reportsNwp.test.ts',
  'tests/api/specConformance/petPolicies.test.ts',
  'tests/api/staffDeclinesDunning.test.ts',
];

interface JsonReport {
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

// The failed tests of a run, a line each with the first line of its failure, so that the end of a long log
// says what failed at which hour.
function failuresOf(reportFile: string): string[] {
  if (!existsSync(reportFile)) return ['    (no report was written)'];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failed.length === 0 && file.message) lines.push(`    ${name}: ${file.message.split('\n')[0]}`);
    for (const test of failed)
      lines.push(`    ${name} > ${test.fullName}: ${(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
  }
  return lines;
}

function runAt(at: string, reportFile: string): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_WALL_CLOCK: at };
  delete env.TEST_DATABASE_URL;
  const args = ['vitest', 'run', '--project', 'unit', '--project', 'api', '--project', 'api-isolated'];
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  return new Promise((resolve) => {
    const child = spawn('npx', [...args, ...reporters, ...DATED_FILES], { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const only = process.argv[2];
const hours = only ? AWKWARD_HOURS.filter((h) => h.at === only) : AWKWARD_HOURS;
if (hours.length === 0) {
  console.error(`No awkward hour is ${only}; they are ${AWKWARD_HOURS.map((h) => h.at).join(', ')}.`);
  process.exit(2);
}
const reports = mkdtempSync(join(tmpdir(), 'test-hours-'));
const results: string[] = [];
let failed = 0;
for (const hour of hours) {
  console.info(`\nThe dated suites as if started at ${hour.at} (${hour.why})`);
  const started = performance.now();
  const reportFile = join(reports, `${hour.at.replace(/[^0-9T-]/g, '')}.json`);
  const code = await runAt(hour.at, reportFile);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  results.push(`  ${hour.at}  ${seconds.padStart(4)} s  ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (code !== 0) {
    failed = code;
    results.push(...failuresOf(reportFile));
  }
}
rmSync(reports, { recursive: true, force: true });
console.info(`\nThe dated suites at awkward hours\n${results.join('\n')}`);
process.exit(failed);
