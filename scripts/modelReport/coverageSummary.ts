import type { AnyStateMachine } from 'xstate';
import { listTransitions } from '../../src/machines/transitions';
import { statechartModel, type TransitionInfo } from '../../src/ui/statechart/statechartModel';
import { readCoverage, type CoveragePath } from '../../tests/model/coverageFile';

// Per machine: every transition of its definition, which the model tests took and along which of their
// generated paths, and what the coverage file names that the definition no longer has.
export interface MachineCoverage {
  name: string;
  machine: AnyStateMachine;
  transitions: TransitionInfo[];
  // False when no model test wrote a file for the machine.
  recorded: boolean;
  covered: ReadonlySet<string>;
  missing: string[];
  stale: string[];
  paths: CoveragePath[];
  // Transition key → the numbers (from 1) of the paths that took it.
  coveredBy: ReadonlyMap<string, number[]>;
}

export function percent(done: number, all: number): number {
  return all ? Math.floor((done / all) * 100) : 100;
}

export function summarizeCoverage(
  dir: string,
  machines: Readonly<Record<string, AnyStateMachine>>,
): MachineCoverage[] {
  return Object.entries(machines).map(([name, machine]) => {
    const keys = listTransitions(machine);
    const file = readCoverage(dir, name);
    const coveredKeys = file?.covered ?? [];
    const paths = file?.paths ?? [];
    const coveredBy = new Map<string, number[]>(keys.map((k) => [k, []]));
    paths.forEach((path, i) => {
      const taken = new Set(path.steps.flatMap((s) => s.transitions));
      for (const key of taken) coveredBy.get(key)?.push(i + 1);
    });
    return {
      name,
      machine,
      transitions: statechartModel(machine).transitions,
      recorded: file !== null,
      covered: new Set(coveredKeys.filter((k) => keys.includes(k))),
      missing: keys.filter((k) => !coveredKeys.includes(k)),
      // A covered key the definition no longer has means the coverage file is stale.
      stale: coveredKeys.filter((k) => !keys.includes(k)),
      paths,
      coveredBy,
    };
  });
}
