import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry';
import { listTransitions } from '../../src/machines/transitions';
import { escapeXml } from '../../src/ui/statechart/svgElement';
import { summarizeCoverage } from '../../scripts/modelReport/coverageSummary';
import { writeModelReport } from '../../scripts/modelReport/writeModelReport';
import type { CoverageFile } from '../model/coverageFile';

// The coverage script and its report on a made-up coverage directory: every machine but one has a file, each
// missing its last transition (but one, whose second file has it); session's is in the format written before
// paths were recorded; one names a transition its machine no longer has.
const root = mkdtempSync(join(tmpdir(), 'model-report-'));
const coverageDir = join(root, 'test-results', 'model-coverage');
const UNRECORDED = 'recordLifecycle';
const OLD_FORMAT = 'session';
const STALE = 'rentersCancel';
const STALE_KEY = 'editing --change.gone[0]--> idle';

mkdirSync(coverageDir, { recursive: true });
for (const [name, machine] of Object.entries(MACHINES)) {
  if (name === UNRECORDED) continue;
  const keys = listTransitions(machine);
  const covered = keys.slice(0, -1);
  const file: CoverageFile = {
    machine: name,
    covered: name === STALE ? [...covered, STALE_KEY] : covered,
    paths: [
      {
        suite: 'shortest',
        description: 'reaches somewhere',
        steps: [{ event: 'first.event', detail: '{"n":1}', transitions: [keys[0]!] }],
      },
      { suite: 'simple', description: 'the rest', steps: [{ event: 'rest', transitions: covered.slice(1) }] },
    ],
  };
  if (name === OLD_FORMAT) delete file.paths;
  writeFileSync(join(coverageDir, `${name}.json`), JSON.stringify(file));
}

// A second test of policyLifecycle (one driving the API) took the last transition, in a file of its own.
const policyKeys = listTransitions(MACHINES.policyLifecycle!);
const apiPart: CoverageFile = {
  machine: 'policyLifecycle',
  covered: [policyKeys.at(-1)!],
  paths: [
    {
      suite: 'API on pglite',
      description: 'path 1',
      steps: [{ event: 'last', transitions: [policyKeys.at(-1)!] }],
    },
  ],
};
writeFileSync(join(coverageDir, 'policyLifecycle.api.json'), JSON.stringify(apiPart));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the model coverage summary', () => {
  const summaries = summarizeCoverage(coverageDir, MACHINES);
  const of = (name: string) => summaries.find((s) => s.name === name)!;

  it('compares each file with the definition', () => {
    expect(summaries.map((s) => s.name)).toEqual(Object.keys(MACHINES));
    const pet = of('petQuoteJourney');
    const keys = listTransitions(MACHINES.petQuoteJourney!);
    expect(pet.missing).toEqual([keys.at(-1)]);
    expect(pet.covered.size).toBe(keys.length - 1);
    expect(pet.coveredBy.get(keys[0]!)).toEqual([1]);
    expect(pet.coveredBy.get(keys[1]!)).toEqual([2]);
    expect(pet.coveredBy.get(keys.at(-1)!)).toEqual([]);
    expect(of(UNRECORDED).recorded).toBe(false);
    expect(of(STALE).stale).toEqual([STALE_KEY]);
    expect(of(OLD_FORMAT).paths).toEqual([]);
    const policy = of('policyLifecycle');
    expect(policy.missing).toEqual([]);
    expect(policy.paths.map((p) => p.suite)).toEqual(['shortest', 'simple', 'API on pglite']);
    expect(policy.coveredBy.get(policyKeys.at(-1)!)).toEqual([3]);
    expect(of(OLD_FORMAT).covered.size).toBe(listTransitions(MACHINES.session!).length - 1);
  });

  it('writes one HTML file with every machine, its diagram and every transition', () => {
    const file = writeModelReport(summaries, join(root, 'report'));
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    for (const [name, machine] of Object.entries(MACHINES)) {
      expect(html).toContain(`<section id="m-${name}"`);
      expect(html).toContain(`aria-label="Diagram of ${name}"`);
      for (const key of listTransitions(machine)) {
        expect(html).toContain(`data-key="${escapeXml(key)}"`);
        expect(html).toContain(`data-transition="${escapeXml(key)}"`);
      }
    }
    expect(html).toContain('No model test wrote coverage for this machine.');
    expect(html).toContain(`<code>${escapeXml(STALE_KEY)}</code>`);
    expect(html).toContain('<a href="#m-petQuoteJourney-p1">P1</a>');
    expect(html).toContain('<li id="m-petQuoteJourney-p2">');
    expect(html).toContain('data-status="uncovered"');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('scripts/model-coverage.ts', () => {
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(process.cwd(), 'scripts', 'model-coverage.ts'), ...args],
      { cwd: root, encoding: 'utf8' },
    );

  it('fails below 100% and writes no report unless asked', () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('petQuoteJourney: 30/31 transitions (96%)');
    expect(result.stderr).toContain(`${UNRECORDED}: no coverage file`);
    expect(result.stderr).toContain(`stale (not in the definition): ${STALE_KEY}`);
    expect(existsSync(join(root, 'test-results', 'model-report'))).toBe(false);
  }, 60_000);

  it('writes the report with --report, still failing, and refuses other options', () => {
    const result = run('--report');
    expect(result.status).toBe(1);
    const html = readFileSync(join(root, 'test-results', 'model-report', 'index.html'), 'utf8');
    expect(html).toContain('<section id="m-commissionStatement"');
    expect(run('--reprot').status).toBe(2);
  }, 60_000);
});
