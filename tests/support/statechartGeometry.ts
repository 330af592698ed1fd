import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { pathCurves, type Curve } from '../../src/ui/statechart/diagramScene';
import {
  layoutStatechart,
  type Point,
  type Rect,
  type StatechartDiagram,
} from '../../src/ui/statechart/statechartLayout';
import { LABEL, textWidth } from '../../src/ui/statechart/textMetrics';

// Checks a statechart diagram's geometry as it is drawn: each line is sampled along its curves a pixel or so
// apart and the samples are compared with the state boxes, the states' names and rows, and the labels.
// Each check returns what it found wrong, as sentences; none for a good diagram.

const EPS = 0.5;

type Where = 'in' | 'out' | 'border';

function whereIs(p: Point, r: Rect): Where {
  const inside =
    p.x > r.x + EPS && p.x < r.x + r.width - EPS && p.y > r.y + EPS && p.y < r.y + r.height - EPS;
  if (inside) return 'in';
  const outside =
    p.x < r.x - EPS || p.x > r.x + r.width + EPS || p.y < r.y - EPS || p.y > r.y + r.height + EPS;
  return outside ? 'out' : 'border';
}

function sampleCurve(c: Curve): Point[] {
  const hull = [c.from, c.c1, c.c2, c.to];
  const length = hull.slice(1).reduce((sum, p, k) => sum + Math.hypot(p.x - hull[k]!.x, p.y - hull[k]!.y), 0);
  const steps = Math.max(8, Math.ceil(length));
  const points: Point[] = [];
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const u = 1 - t;
    const at = (k: 'x' | 'y') =>
      u * u * u * c.from[k] + 3 * u * u * t * c.c1[k] + 3 * u * t * t * c.c2[k] + t * t * t * c.to[k];
    points.push({ x: at('x'), y: at('y') });
  }
  return points;
}

// Points along a line as `diagramScene` draws it.
export function samplePath(points: readonly Point[]): Point[] {
  return pathCurves(points).flatMap(sampleCurve);
}

// How often a run of points goes into or out of a box (points on its border aside), and where it starts and
// ends.
export function borderCrossings(samples: readonly Point[], r: Rect) {
  const sides = samples.map((p) => whereIs(p, r)).filter((w) => w !== 'border');
  let crossings = 0;
  for (let k = 1; k < sides.length; k++) if (sides[k] !== sides[k - 1]) crossings++;
  return { crossings, first: sides[0] ?? 'border', last: sides.at(-1) ?? 'border' };
}

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - EPS &&
  b.x < a.x + a.width - EPS &&
  a.y < b.y + b.height - EPS &&
  b.y < a.y + a.height - EPS;
const within = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - EPS &&
  inner.y >= outer.y - EPS &&
  inner.x + inner.width <= outer.x + outer.width + EPS &&
  inner.y + inner.height <= outer.y + outer.height + EPS;
const named = (id: string) => id || '(machine)';

export interface GeometryProblems {
  diagram: StatechartDiagram;
  // (a) a line outside the deepest state holding both its ends;
  outsideContainer: string[];
  // (b) a line crossing a state's border other than once where it leaves or enters it, or not starting and
  // ending on its states' borders;
  borders: string[];
  // a line over a state's name, a row inside a state, or another transition's label;
  overText: string[];
  // (c) a label outside its state, or over another state, label, name or row;
  labels: string[];
  // a start dot's arrow outside its state, into another state, or over a name or row.
  initials: string[];
}

export function geometryProblems(machine: AnyStateMachine): GeometryProblems {
  const diagram = layoutStatechart(machine);
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const parents = new Map<string, string | null>();
  const walk = (node: AnyStateNode, parent: string | null) => {
    const id = node.path.join('.');
    parents.set(id, parent);
    for (const child of Object.values(node.states)) walk(child, id);
  };
  walk(machine.root, null);
  // The ids from the machine ('') down to `id`, `id` included.
  const chain = (id: string): string[] => {
    const parent = parents.get(id);
    return parent === null || parent === undefined ? [id] : [...chain(parent), id];
  };
  const commonHolder = (source: string, target: string): string => {
    const a = chain(source);
    const b = chain(target);
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    return a[k - 1]!;
  };
  const page = { x: 0, y: 0, width: diagram.width, height: diagram.height };
  // The machine is drawn as a box only when it has rows of its own; otherwise the page holds everything.
  const boxOf = (id: string): Rect => byId.get(id) ?? page;
  const texts = [
    ...diagram.nodes.map((n) => ({ what: `the name of ${named(n.id)}`, rect: n.title })),
    ...diagram.edges.flatMap((e) =>
      e.row
        ? [{ what: `the row ${e.key}`, rect: { ...e.row, width: textWidth(e.row.lines[0]!, LABEL) } }]
        : [],
    ),
  ];
  const labels = diagram.edges.flatMap((e) => (e.label ? [{ key: e.key, rect: e.label }] : []));
  const found: GeometryProblems = {
    diagram,
    outsideContainer: [],
    borders: [],
    overText: [],
    labels: [],
    initials: [],
  };

  for (const edge of diagram.edges) {
    edge.paths.forEach((path, n) => {
      const target = edge.targets[n]!;
      const what = `${edge.key} (to ${target})`;
      const samples = samplePath(path);
      const holder = commonHolder(edge.source, target);
      const outside = samples.filter((p) => whereIs(p, boxOf(holder)) === 'out').length;
      if (outside) found.outsideContainer.push(`${what} leaves ${named(holder)} at ${outside} points`);

      if (whereIs(samples[0]!, byId.get(edge.source)!) !== 'border') {
        found.borders.push(`${what} does not start on the border of ${edge.source}`);
      }
      if (whereIs(samples.at(-1)!, byId.get(target)!) !== 'border') {
        found.borders.push(`${what} does not end on the border of ${target}`);
      }
      const fromInside = new Set(chain(edge.source).slice(0, -1));
      const toInside = new Set(chain(target).slice(0, -1));
      for (const node of diagram.nodes) {
        const first = fromInside.has(node.id) ? 'in' : 'out';
        const last = toInside.has(node.id) ? 'in' : 'out';
        const seen = borderCrossings(samples, node);
        const expected = first === last ? 0 : 1;
        if (seen.crossings !== expected || seen.first !== first || seen.last !== last) {
          found.borders.push(
            `${what} crosses the border of ${named(node.id)} ${seen.crossings} times (${seen.first} to ` +
              `${seen.last}), expected ${expected} (${first} to ${last})`,
          );
        }
      }

      const avoid = [
        ...texts,
        ...labels
          .filter((l) => l.key !== edge.key)
          .map((l) => ({ what: `the label of ${l.key}`, rect: l.rect })),
      ];
      for (const text of avoid) {
        const over = samples.filter((p) => whereIs(p, text.rect) === 'in').length;
        if (over) found.overText.push(`${what} runs over ${text.what}`);
      }
    });
  }

  labels.forEach(({ key, rect }, i) => {
    const edge = diagram.edges.find((e) => e.key === key)!;
    const holder = commonHolder(edge.source, edge.targets[0]!);
    if (!within(rect, boxOf(holder))) found.labels.push(`the label of ${key} is not inside ${named(holder)}`);
    const holders = new Set(chain(holder));
    for (const node of diagram.nodes) {
      if (!holders.has(node.id) && overlap(rect, node))
        found.labels.push(`the label of ${key} covers ${node.id}`);
    }
    for (const other of labels.slice(i + 1)) {
      if (overlap(rect, other.rect)) found.labels.push(`the labels of ${key} and ${other.key} overlap`);
    }
    for (const text of texts) {
      if (overlap(rect, text.rect)) found.labels.push(`the label of ${key} covers ${text.what}`);
    }
  });

  for (const initial of diagram.initials) {
    const what = `the start arrow of ${named(initial.container)}`;
    const samples = samplePath(initial.path);
    if (samples.some((p) => whereIs(p, boxOf(initial.container)) === 'out')) {
      found.initials.push(`${what} leaves its state`);
    }
    if (whereIs(samples.at(-1)!, byId.get(initial.target)!) !== 'border') {
      found.initials.push(`${what} does not end on ${initial.target}`);
    }
    const holders = new Set(chain(initial.container));
    for (const node of diagram.nodes) {
      if (holders.has(node.id)) continue;
      if (samples.some((p) => whereIs(p, node) === 'in')) found.initials.push(`${what} runs into ${node.id}`);
    }
    for (const text of texts) {
      if (samples.some((p) => whereIs(p, text.rect) === 'in'))
        found.initials.push(`${what} runs over ${text.what}`);
    }
  }
  return found;
}
