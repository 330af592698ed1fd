import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Where each model test leaves the transitions it drove and the paths it drove them along
// (<machine>.json, and <machine>.<part>.json from a second test of the machine); scripts/model-coverage.ts
// reads them (and draws them with --report).
export const COVERAGE_DIR = join(process.cwd(), 'test-results', 'model-coverage');

// One event of a generated path and the transitions of the definition it took.
export interface PathStep {
  event: string;
  // The event's payload, shortened: what tells apart two steps of the same type.
  detail?: string;
  transitions: string[];
}

export interface CoveragePath {
  // Which generator or driver made the path: "shortest", "simple", "API on pglite", …
  suite: string;
  description: string;
  steps: PathStep[];
}

export interface CoverageFile {
  machine: string;
  covered: string[];
  // Absent in files written before paths were recorded.
  paths?: CoveragePath[];
}

// What a model test drove: every transition taken, and per generated path the events in order. Tests run
// their paths one after another, so the step goes to the path begun last.
export class CoverageLog {
  readonly covered = new Set<string>();
  readonly paths: CoveragePath[] = [];
  private current: CoveragePath | null = null;

  begin(suite: string, description: string): void {
    this.current = { suite, description, steps: [] };
    this.paths.push(this.current);
  }

  took(event: { type: string }, transitions: Iterable<string>): void {
    const taken = [...transitions];
    for (const t of taken) this.covered.add(t);
    const { type, ...payload } = event;
    const detail = Object.keys(payload).length ? shorten(JSON.stringify(payload)) : undefined;
    this.current?.steps.push({ event: type, ...(detail ? { detail } : {}), transitions: taken });
  }
}

const DETAIL_LENGTH = 48;
const shorten = (text: string) =>
  text.length > DETAIL_LENGTH ? `${text.slice(0, DETAIL_LENGTH - 1)}…` : text;

// A short name for a path of `createTestModel`: its own description repeats the whole context and every
// event's payload, which the steps already show.
export function reachedDescription(path: { state: { value: unknown } }): string {
  const { value } = path.state;
  return `reaches ${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

// `part` names another test of the same machine (one driving the API), so two test files running at once
// never write the same file; `readCoverage` joins the parts.
export function writeCoverage(
  machine: string,
  covered: Iterable<string>,
  paths: readonly CoveragePath[] = [],
  part?: string,
): void {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  const file: CoverageFile = { machine, covered: [...new Set(covered)].sort(), paths: [...paths] };
  const name = part ? `${machine}.${part}.json` : `${machine}.json`;
  writeFileSync(join(COVERAGE_DIR, name), `${JSON.stringify(file)}\n`);
}

// Adds to what the machine's own model test records (never narrows it).
export function addCoverage(machine: string, part: string, ...logs: CoverageLog[]): void {
  writeCoverage(
    machine,
    logs.flatMap((log) => [...log.covered]),
    logs.flatMap((log) => log.paths),
    part,
  );
}

// The machine's file and its parts joined; null when no test wrote any.
export function readCoverage(dir: string, machine: string): CoverageFile | null {
  if (!existsSync(dir)) return null;
  const names = readdirSync(dir)
    .filter((name) => name.startsWith(`${machine}.`) && name.endsWith('.json'))
    .sort((a, b) => (a === `${machine}.json` ? -1 : b === `${machine}.json` ? 1 : a.localeCompare(b)));
  if (!names.length) return null;
  const files = names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CoverageFile);
  return {
    machine,
    covered: [...new Set(files.flatMap((f) => f.covered))].sort(),
    paths: files.flatMap((f) => f.paths ?? []),
  };
}
