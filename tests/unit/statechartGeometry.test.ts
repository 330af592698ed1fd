import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { MACHINES } from '../../src/machines/registry';
import { layoutStatechart } from '../../src/ui/statechart/statechartLayout';
import { generatedStatechart, NESTED_STATECHARTS } from '../support/statechartFixtures';
import { geometryProblems } from '../support/statechartGeometry';

// The geometry of each statechart's diagram as drawn, its lines sampled along their curves (see
// statechartGeometry.ts): (a) a line stays inside the deepest state holding both its ends; (b) it crosses the
// border of each state it leaves or enters exactly once and no other border, starting and ending on its
// states' borders, and passes over no state's name or row and no other transition's label; (c) a label lies
// inside its state and covers no other state, label, name or row. Checked for every machine defined under
// src/machines, registered or not (so a new one is covered as soon as it exists), for made-up machines with
// nested and parallel states, and for generated ones.

const found = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });
const DEFINED: [string, AnyStateMachine][] = Object.entries(found).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]): [string, AnyStateMachine][] =>
    value instanceof StateMachine ? [[`${file.replace(/^.*\/machines\//, '')} ${name}`, value]] : [],
  ),
);

const CASES: [string, AnyStateMachine][] = [
  ...DEFINED,
  ...Object.entries(NESTED_STATECHARTS).map(([name, m]): [string, AnyStateMachine] => [`made-up ${name}`, m]),
];

it('checks every machine of the registry', () => {
  const checked = new Set(DEFINED.map(([, machine]) => machine));
  for (const [name, machine] of Object.entries(MACHINES)) expect(checked.has(machine), name).toBe(true);
});

describe.each(CASES)('the diagram of %s', (_name, machine) => {
  const found = geometryProblems(machine);

  it('keeps each line inside the deepest state holding both its ends', () => {
    expect(found.outsideContainer).toEqual([]);
  });

  it('crosses the border of each state a line leaves or enters once, and no other border', () => {
    expect(found.borders).toEqual([]);
  });

  it('draws no line over a state’s name or row, or over another transition’s label', () => {
    expect(found.overText).toEqual([]);
  });

  it('puts each label inside its state, clear of other states, labels, names and rows', () => {
    expect(found.labels).toEqual([]);
  });

  it('draws each start arrow inside its state, onto its initial state and over nothing else', () => {
    expect(found.initials).toEqual([]);
  });

  it('lays the machine out the same way every time', () => {
    expect(layoutStatechart(machine)).toEqual(found.diagram);
  });
});

describe('the made-up nested machines', () => {
  it('have lines that cross compound states’ borders, up and down the page', () => {
    // Else the checks above would prove nothing about nesting.
    const { diagram } = geometryProblems(NESTED_STATECHARTS.claim!);
    const line = (key: string) => diagram.edges.find((e) => e.key === key)!.paths[0]!;
    const review = diagram.nodes.find((n) => n.id === 'review')!;
    const down = line('intake.checking --claim.complete[0]--> review.triage');
    const up = line('review.assessing --claim.moreInfo[0]--> intake.draft');
    // Into review by its top border, and out of it by the top too, right of its name.
    for (const [path, step] of [
      [down, 1],
      [up, -1],
    ] as const) {
      const k = path.findIndex((p) => Math.abs(p.y - review.y) < 0.5);
      expect(path[k - step]!.y).toBeLessThan(review.y);
      expect(path[k + step]!.y).toBeGreaterThan(review.y);
      expect(path[k]!.x).toBeGreaterThan(review.title.x + review.title.width);
      expect(path[k]!.x).toBeLessThan(review.x + review.width);
    }
  });
});

describe('generated nested machines', () => {
  const SEEDS = Array.from({ length: 40 }, (_, k) => k + 1);

  it.each(SEEDS)('seed %i: no line or label out of place', (seed) => {
    const { outsideContainer, borders, overText, labels, initials } = geometryProblems(
      generatedStatechart(seed),
    );
    expect([...outsideContainer, ...borders, ...overText, ...labels, ...initials]).toEqual([]);
  });
});
