import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { MACHINES } from '../../src/machines/registry';
import { listTransitions } from '../../src/machines/transitions';
import { diagramScene } from '../../src/ui/statechart/diagramScene';
import { StatechartSvg } from '../../src/ui/statechart/StatechartSvg';
import { NESTED_STATECHARTS } from '../support/statechartFixtures';
import {
  layoutStatechart,
  type DiagramNode,
  type Point,
  type Rect,
} from '../../src/ui/statechart/statechartLayout';
import { describeGuard } from '../../src/ui/statechart/statechartModel';
import { escapeXml, svgString } from '../../src/ui/statechart/svgElement';

// The diagram of every registered statechart, and of a made-up one with what they do not use yet (nested and
// parallel states, transitions into, out of and within compound states, a transition on the machine itself,
// combined guards): each state and transition drawn exactly once, nothing drawn over anything else.
const nested = NESTED_STATECHARTS.nested!;

const CASES: [string, AnyStateMachine][] = [...Object.entries(MACHINES), ['a nested example', nested]];

function statePaths(node: AnyStateNode): string[] {
  return Object.values(node.states).flatMap((child) => [child.path.join('.'), ...statePaths(child)]);
}

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const within = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const onBorder = (p: Point, r: Rect) =>
  p.x >= r.x - 0.5 &&
  p.x <= r.x + r.width + 0.5 &&
  (Math.abs(p.y - r.y) < 0.5 || Math.abs(p.y - (r.y + r.height)) < 0.5);

describe.each(CASES)('the diagram of %s', (_name, machine) => {
  const diagram = layoutStatechart(machine);
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const ancestors = (node: DiagramNode): string[] =>
    node.parent === null
      ? []
      : [node.parent, ...ancestors(byId.get(node.parent) ?? { ...node, parent: null })];

  it('draws every state once', () => {
    const ids = diagram.nodes.map((n) => n.id).filter((id) => id !== '');
    expect(ids.length).toBe(new Set(ids).size);
    expect([...ids].sort()).toEqual(statePaths(machine.root).sort());
  });

  it('draws every transition once, under the key listTransitions gives it', () => {
    expect(diagram.edges.map((e) => e.key)).toEqual(listTransitions(machine));
    for (const edge of diagram.edges) {
      if (edge.row) {
        expect(edge.paths, edge.key).toEqual([]);
        expect(within(edge.row, byId.get(edge.source)!), edge.key).toBe(true);
      } else {
        expect(edge.paths.length, edge.key).toBe(edge.targets.length);
        expect(edge.paths.length, edge.key).toBeGreaterThan(0);
        expect(edge.label?.lines[0], edge.key).toBe(edge.event.slice(diagram.eventPrefix.length));
      }
    }
  });

  it('keeps state boxes apart, children inside their parents', () => {
    for (const a of diagram.nodes) {
      for (const b of diagram.nodes) {
        if (a === b) continue;
        if (ancestors(a).includes(b.id)) expect(within(a, b), `${a.id} in ${b.id}`).toBe(true);
        else if (!ancestors(b).includes(a.id)) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
      }
    }
  });

  it('puts labels where they cover neither a state nor another label', () => {
    const labels = diagram.edges.flatMap((e) => (e.label ? [{ key: e.key, rect: e.label }] : []));
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) expect(overlap(a.rect, b.rect), `${a.key} / ${b.key}`).toBe(false);
      for (const node of diagram.nodes) {
        const container = node.kind === 'compound' || node.kind === 'parallel';
        const clear = !overlap(a.rect, node) || (container && within(a.rect, node));
        expect(clear, `${a.key} over ${node.id}`).toBe(true);
      }
    }
  });

  it('starts each line at its source and ends it at its target', () => {
    for (const edge of diagram.edges) {
      edge.paths.forEach((path, n) => {
        expect(onBorder(path[0]!, byId.get(edge.source)!), `${edge.key} starts`).toBe(true);
        expect(onBorder(path.at(-1)!, byId.get(edge.targets[n]!)!), `${edge.key} ends`).toBe(true);
      });
    }
    for (const initial of diagram.initials) {
      expect(onBorder(initial.path.at(-1)!, byId.get(initial.target)!)).toBe(true);
    }
  });

  it('fits everything in its width and height', () => {
    const page = { x: 0, y: 0, width: diagram.width, height: diagram.height };
    for (const node of diagram.nodes) expect(within(node, page), node.id).toBe(true);
    for (const edge of diagram.edges) {
      if (edge.label) expect(within(edge.label, page), edge.key).toBe(true);
      for (const p of edge.paths.flat()) expect(within({ ...p, width: 0, height: 0 }, page)).toBe(true);
    }
  });

  it('draws each transition as SVG and as React, coloured by coverage', () => {
    const keys = listTransitions(machine);
    const covered = new Set(keys.filter((_, i) => i % 2 === 0));
    const svg = svgString(diagramScene(diagram, { idPrefix: 'x', title: 'A statechart', covered }));
    for (const key of keys) {
      const status = covered.has(key) ? 'covered' : 'uncovered';
      expect(svg).toContain(`data-transition="${escapeXml(key)}" data-status="${status}"`);
    }
    expect(svg).toContain('<title id="x-title">A statechart</title>');
    const react = renderToStaticMarkup(
      createElement(StatechartSvg, { diagram, idPrefix: 'y', title: 'Live', covered: null }),
    );
    for (const key of keys) expect(react).toContain(`data-transition="${escapeXml(key)}"`);
    expect(react).not.toContain('data-status="covered"');
    expect(react).toContain('stroke-width');
  });
});

describe('the nested example', () => {
  const diagram = layoutStatechart(nested);
  const edge = (key: string) => diagram.edges.find((e) => e.key === key)!;

  it('lists transitions that stay inside a state as rows of it', () => {
    expect(edge('(root) --RESET[0]--> idle').row?.lines).toEqual(['RESET → idle']);
    expect(edge('working --RESTART[0]--> working.loading').row?.lines).toEqual(['RESTART → loading']);
    expect(edge('working.loading --RETRY[0]--> working.loading').row?.lines).toEqual(['↻ RETRY']);
    expect(edge('working.ready --TICK[0]--> (self)').row?.lines).toEqual(['↻ TICK']);
    // The machine is drawn as a box only because it has a transition of its own.
    expect(diagram.nodes.map((n) => n.id)).toContain('');
  });

  it('names combined guards', () => {
    expect(edge('idle --SKIP[0]--> done').label?.lines).toEqual(['SKIP', '[ok && !ready]']);
    expect(edge('working.loading --LOADED[0]--> working.ready').label?.lines).toEqual([
      'LOADED',
      '[ok || ready]',
    ]);
    expect(describeGuard(undefined)).toBeNull();
    expect(describeGuard({ type: 'isAllowed', params: { x: 1 } })).toBe('isAllowed');
  });

  it('starts every compound state at its initial child', () => {
    expect(diagram.initials.map((i) => `${i.container || '(root)'} → ${i.target}`).sort()).toEqual([
      '(root) → idle',
      'both.a → both.a.a1',
      'both.b → both.b.b1',
      'working → working.loading',
    ]);
  });
});
