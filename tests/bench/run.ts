import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { testDatabases, type TestDatabase } from '../support/testServer';
import { apiFigures, endpointsOf, nwpFigure } from './apiFigures';
import { startBenchServer, type BenchServer } from './benchServer';
import { billingDayFigures, simulatedYearFigures } from './billingFigures';
import { figureTable, reportMarkdown, writeReport, type BenchReport, type Figure } from './budgets';
import { bulkApproveFigures, rebuildFigure } from './commandFigures';
import { CONNECTIONS, SECONDS } from './loadTest';
import { measureLoginTiming } from './loginTiming';
import { measurePortal } from './portalBudgets';
import { sqlFigures } from './sqlFigures';

// `npm run bench` (issue 10): the API on a large book (1,000,000 policies on PostgreSQL when TEST_DATABASE_URL
// is set, 100,000 on the embedded PGlite; BENCH_POLICIES_PG / BENCH_POLICIES_PGLITE change them), the SQL
// under each search, bulk approve, a projection rebuild (BENCH_REBUILD=skip leaves it out), and the portal's
// budgets. Every figure sits beside a reference measured in the same run. Writes bench/results/latest.md and
// the README's table. The book is made on the first run and kept under data/bench (or its own schema).
const ROOT = resolve(import.meta.dirname, '../..');
const SIZES: Record<TestDatabase, number> = {
  pglite: Number(process.env.BENCH_POLICIES_PGLITE ?? 100_000),
  postgres: Number(process.env.BENCH_POLICIES_PG ?? 1_000_000),
};
// Issue 10's budgets hold at these sizes; a smaller book is measured against them all the same.
const P99_BUDGET_MS: Record<TestDatabase, number> = { pglite: 50, postgres: 25 };

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function seedFigures(server: BenchServer): Figure[] {
  if (!server.seeded) return [];
  const { seconds, events, statements, statementSeconds } = server.seeded;
  return [
    {
      figure: `${server.database} · seed:large`,
      value: seconds / 60,
      unit: 'min',
      ...(server.database === 'postgres' ? { budget: { kind: 'at most', value: 30 } as const } : {}),
      note: `${fmt(server.policies)} policies, ${fmt(events)} events (${fmt(events / (seconds - statementSeconds))} events/s), ${fmt(statements)} statements in ${fmt(statementSeconds)} s`,
    },
  ];
}

type Section = BenchReport['sections'][number];
const databaseName = (database: TestDatabase) => (database === 'postgres' ? 'PostgreSQL' : 'PGlite');
const machine = () =>
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
// Days the simulated stretch of business runs on the embedded book (a year unless BENCH_YEAR_DAYS says;
// 0 leaves it out).
const YEAR_DAYS = Number(process.env.BENCH_YEAR_DAYS ?? 365);

// The billing figures of a book (tests/bench/billingFigures.ts): the day's billing run on every database,
// and on the embedded one a simulated stretch of business days. Measured last, since they bill the book.
async function billingSection(server: BenchServer): Promise<Section> {
  console.info(`${server.database}: the daily billing run`);
  const figures = await billingDayFigures(server);
  if (server.database === 'pglite' && YEAR_DAYS > 0) {
    console.info(`${server.database}: ${YEAR_DAYS} business days`);
    figures.push(...(await simulatedYearFigures(server, YEAR_DAYS)));
  }
  return {
    heading: `${BILLING_HEADING} ${databaseName(server.database)}, ${fmt(server.policies)} policies`,
    figures,
    notes: [
      `Measured ${machine()}. The book is billed by its generator to its book date (every instalment due before it collected, terms ended before it closed); the run bills the first day the book has not billed, so each bench run bills the next day.`,
    ],
  };
}
const BILLING_HEADING = 'Billing:';

async function benchDatabase(database: TestDatabase): Promise<Section[]> {
  console.info(`${database}: opening the benchmark's book of ${fmt(SIZES[database])} policies`);
  const server = await startBenchServer(database, SIZES[database]);
  try {
    if (process.env.BENCH_ONLY === 'billing') return [await billingSection(server)];
    const figures: Figure[] = [...seedFigures(server)];
    const budget = P99_BUDGET_MS[database];
    console.info(`${database}: endpoints`);
    figures.push(...(await apiFigures(server, budget)));
    figures.push(await nwpFigure(server));
    console.info(`${database}: SQL under the searches`);
    figures.push(...(await sqlFigures(server, await endpointsOf(server, budget))));
    console.info(`${database}: bulk approve`);
    figures.push(...(await bulkApproveFigures(server)));
    if (process.env.BENCH_REBUILD !== 'skip') {
      console.info(`${database}: projection rebuild`);
      figures.push(await rebuildFigure(server));
    }
    // Earlier runs' failed logins would count towards the throttle the timing must stay under.
    await sql`delete from login_attempts`.execute(server.server.database.db);
    const login = await measureLoginTiming(server);
    return [
      {
        heading: `${databaseName(database)}, ${fmt(server.policies)} policies`,
        figures,
        notes: [
          `Login answer time, median of 40 one at a time: right password ${login.right.toFixed(1)} ms, wrong password ${login.wrongPassword.toFixed(1)} ms, unknown e-mail ${login.unknownEmail.toFixed(1)} ms (unknown ÷ wrong ${(login.unknownEmail / login.wrongPassword).toFixed(2)}: timing does not tell which accounts exist).`,
        ],
      },
      await billingSection(server),
    ];
  } finally {
    await server.close();
  }
}

// BENCH_DATABASES=postgres (or pglite) measures one of them.
const only = process.env.BENCH_DATABASES?.split(',');
const databases = testDatabases().filter((d) => !only || only.includes(d));
// BENCH_ONLY=seed makes (or tops up) the books and stops: a million policies take a while, and the figures
// can then be measured on the book by later runs.
if (process.env.BENCH_ONLY === 'seed') {
  for (const database of databases) {
    const server = await startBenchServer(database, SIZES[database]);
    console.info(figureTable(seedFigures(server)));
    await server.close();
  }
  process.exit(0);
}
const sections: Section[] = [];
for (const database of databases) sections.push(...(await benchDatabase(database)));
// BENCH_ONLY=billing measures the billing figures alone: their sections replace those of an earlier run in
// bench/results/latest.md and the README, and the other figures stay as they were.
if (process.env.BENCH_ONLY === 'billing') {
  const results = resolve(ROOT, 'bench/results/latest.md');
  writeFileSync(results, mergeSections(readFileSync(results, 'utf8'), sections, '## '));
  const readme = resolve(ROOT, 'README.md');
  writeFileSync(readme, mergeSections(readFileSync(readme, 'utf8'), sections, '#### ', '<!-- bench:end -->'));
  for (const section of sections) console.info(`\n## ${section.heading}\n\n${figureTable(section.figures)}`);
  process.exit(0);
}
console.info('portal');
const portal = await measurePortal();
sections.push({
  heading: 'Portal (production build, headless Chromium)',
  figures: portal.figures,
  notes: portal.notes,
});

const report: BenchReport = {
  title: 'Benchmark results',
  context: [
    `Measured ${machine()}.`,
    `API load: autocannon, ${CONNECTIONS} connections unless noted, ${SECONDS} s per endpoint, against 127.0.0.1. Ratios are to GET /healthz of the same run (the framework's own ceiling here).`,
    'Books made by `npm run seed:large` (seed 1): 60% pet sales (one or two pets), 40% renters, over two years, by a hierarchy of agencies (one per 500 policies, at most 2,000), with 24 months of commission statements.',
    // What was special about this run (other load on the machine, parts left out), in the person's words.
    ...(process.env.BENCH_NOTE ? [process.env.BENCH_NOTE] : []),
  ],
  sections,
};
writeReport(resolve(ROOT, 'bench/results/latest.md'), report);
updateReadme(reportMarkdown(report));
for (const section of sections) console.info(`\n## ${section.heading}\n\n${figureTable(section.figures)}`);

// Each section replaces the one of the same database under the billing heading (`level` is the heading's
// markdown), or is added at the end (before `end` when given).
function mergeSections(text: string, fresh: readonly Section[], level: string, end?: string): string {
  let out = text;
  for (const section of fresh) {
    const notes = section.notes?.length ? `\n${section.notes.map((n) => `- ${n}`).join('\n')}\n` : '';
    const body = `${level}${section.heading}\n\n${figureTable(section.figures)}\n${notes}`;
    const prefix = `\n${level}${section.heading.slice(0, section.heading.indexOf(',') + 1)}`;
    const from = out.indexOf(prefix);
    if (from >= 0) {
      const ends = [out.indexOf(`\n${level}`, from + 1), out.indexOf('\n<!-- ', from + 1)].filter(
        (n) => n >= 0,
      );
      const to = ends.length > 0 ? Math.min(...ends) : out.length;
      out = `${out.slice(0, from + 1)}${body}${to < out.length ? '\n' : ''}${out.slice(to + 1)}`;
    } else {
      const at = end ? out.indexOf(end) : -1;
      out = at < 0 ? `${out.trimEnd()}\n\n${body}` : `${out.slice(0, at)}${body}\n${out.slice(at)}`;
    }
  }
  return out;
}

// The README shows the latest results between its bench markers.
function updateReadme(markdown: string): void {
  const path = resolve(ROOT, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) return;
  const body = markdown.replace(/^# .*\n/, '').replace(/^## /gm, '#### ');
  writeFileSync(path, `${readme.slice(0, from + start.length)}\n${body}\n${readme.slice(to)}`);
}
