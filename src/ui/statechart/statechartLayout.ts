import type { AnyStateMachine } from 'xstate';
import { layeredLayout, type LayerBox, type LayerLink, type Point, type Rect } from './layeredLayout';
import {
  commonEventPrefix,
  isAncestor,
  statechartModel,
  type StateInfo,
  type StateKind,
  type StatechartModel,
  type TransitionInfo,
} from './statechartModel';
import { LABEL, STATE_NAME, linesWidth, textWidth } from './textMetrics';

// Where every state and transition of a machine goes on a diagram. A compound state is a box holding its
// children's own layered layout; a transition between states is a line with its label placed like a box (so
// labels never overlap); a transition that stays in its state (self, targetless, or into/out of its own
// children) is a row listed inside the state's box, as statechart notation lists internal transitions.
// Every transition appears once, under the key `listTransitions` gives it.

export type { Point, Rect } from './layeredLayout';

export interface DiagramNode extends Rect {
  id: string;
  name: string;
  kind: StateKind;
  parent: string | null;
  depth: number;
  // The state its parent enters first.
  initial: boolean;
  // The part of the box above its children (compound states) or its whole box (others): the name, then rows.
  headerHeight: number;
}

export interface DiagramText extends Rect {
  lines: string[];
}

export interface DiagramEdge {
  key: string;
  source: string;
  targets: string[];
  event: string;
  guard: string | null;
  // One line per target; empty when the transition is a row inside its state.
  paths: Point[][];
  label: DiagramText | null;
  row: DiagramText | null;
}

export interface DiagramInitial {
  container: string;
  target: string;
  dot: Point;
  path: Point[];
}

export interface StatechartDiagram {
  machine: string;
  // The event namespace left out of labels ('quote.'), said once in the legend.
  eventPrefix: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  initials: DiagramInitial[];
  width: number;
  height: number;
}

const PAD_X = 12;
const PAD_Y = 8;
const ROW_GAP = 6;
const MIN_WIDTH = 88;
const CONTAINER_PAD = 16;
const DOT = 12;
const LABEL_PAD_X = 4;
const LABEL_PAD_Y = 2;
const OPTIONS = { boxGap: 44, rankGap: 24 };

interface Measured {
  width: number;
  height: number;
  headerHeight: number;
  inner: ReturnType<typeof layeredLayout> | null;
  innerOffset: Point;
}

export function labelLines(t: TransitionInfo, prefix: string): string[] {
  const event = t.event.startsWith(prefix) ? t.event.slice(prefix.length) : t.event;
  return t.guard ? [event, `[${t.guard}]`] : [event];
}

function rowText(t: TransitionInfo, prefix: string, states: ReadonlyMap<string, StateInfo>): string {
  const [event, guard] = labelLines(t, prefix);
  const head = guard ? `${event} ${guard}` : event!;
  const target = t.targets[0];
  if (target === undefined || target === t.source) return `↻ ${head}`;
  return `${head} → ${states.get(target)?.name ?? target}`;
}

// Whether a transition is drawn as a row of its source rather than a line.
function staysInside(t: TransitionInfo, states: ReadonlyMap<string, StateInfo>): boolean {
  const target = t.targets[0];
  return (
    target === undefined ||
    target === t.source ||
    isAncestor(states, t.source, target) ||
    isAncestor(states, target, t.source)
  );
}

// The deepest state holding both ends, and the children of it that do.
function lift(states: ReadonlyMap<string, StateInfo>, source: string, target: string) {
  const chain = (id: string) => {
    const ids = [id];
    for (let at = states.get(id)!.parent; at !== null; at = states.get(at)!.parent) ids.unshift(at);
    return ids;
  };
  const a = chain(source);
  const b = chain(target);
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return { container: a[k - 1]!, from: a[k]!, to: b[k]! };
}

const dotId = (container: string) => `#initial:${container}`;

export function layoutStatechart(machine: AnyStateMachine): StatechartDiagram {
  return layoutModel(statechartModel(machine));
}

export function layoutModel(model: StatechartModel): StatechartDiagram {
  const { states, transitions } = model;
  const prefix = commonEventPrefix(transitions);
  const rows = new Map<string, TransitionInfo[]>([...states.keys()].map((id) => [id, []]));
  const lines = new Map<string, { t: TransitionInfo; target: string; linkId: string }[]>(
    [...states.keys()].map((id) => [id, []]),
  );
  for (const t of transitions) {
    if (staysInside(t, states)) {
      rows.get(t.source)!.push(t);
      continue;
    }
    t.targets.forEach((target, n) => {
      const { container } = lift(states, t.source, target);
      lines.get(container)!.push({ t, target, linkId: `${t.key}#${n}` });
    });
  }
  const rootDrawn = rows.get(model.root)!.length > 0;

  const headerOf = (state: StateInfo) => {
    const title = state.kind === 'parallel' ? `${state.name} (parallel)` : state.name;
    const rowLines = rows.get(state.id)!.map((t) => rowText(t, prefix, states));
    const width = Math.max(textWidth(title, STATE_NAME), linesWidth(rowLines, LABEL)) + 2 * PAD_X;
    const rowsHeight = rowLines.length ? ROW_GAP + rowLines.length * LABEL.lineHeight + ROW_GAP / 2 : 0;
    return { width, height: PAD_Y * 2 + STATE_NAME.lineHeight + rowsHeight };
  };

  const measured = new Map<string, Measured>();
  const measure = (id: string): Measured => {
    const state = states.get(id)!;
    const drawn = id !== model.root || rootDrawn;
    const header = drawn ? headerOf(state) : { width: 0, height: 0 };
    if (!state.children.length) {
      const m = {
        width: Math.max(MIN_WIDTH, header.width),
        height: header.height,
        headerHeight: header.height,
        inner: null,
        innerOffset: { x: 0, y: 0 },
      };
      measured.set(id, m);
      return m;
    }
    const boxes: LayerBox[] = [];
    const links: LayerLink[] = [];
    if (state.initial) {
      boxes.push({ id: dotId(id), width: DOT, height: DOT });
      links.push({ id: dotId(id), from: dotId(id), to: state.initial, label: null });
    }
    for (const child of state.children) {
      const m = measure(child);
      boxes.push({ id: child, width: m.width, height: m.height });
    }
    for (const { t, target, linkId } of lines.get(id)!) {
      const { from, to } = lift(states, t.source, target);
      const text = labelLines(t, prefix);
      links.push({
        id: linkId,
        from,
        to,
        label: {
          width: linesWidth(text, LABEL) + 2 * LABEL_PAD_X,
          height: text.length * LABEL.lineHeight + 2 * LABEL_PAD_Y,
        },
      });
    }
    const inner = layeredLayout(boxes, links, {
      ...OPTIONS,
      first: state.initial ? dotId(id) : (state.children[0] ?? null),
    });
    const pad = drawn ? CONTAINER_PAD : 0;
    const width = Math.max(header.width, inner.width + 2 * pad);
    const m = {
      width,
      height: header.height + inner.height + pad,
      headerHeight: header.height,
      inner,
      innerOffset: { x: (width - inner.width) / 2, y: header.height },
    };
    measured.set(id, m);
    return m;
  };
  const top = measure(model.root);

  const nodes: DiagramNode[] = [];
  const rects = new Map<string, Rect>();
  const edges = new Map<string, DiagramEdge>(
    transitions.map((t) => [
      t.key,
      {
        key: t.key,
        source: t.source,
        targets: t.targets,
        event: t.event,
        guard: t.guard,
        paths: [],
        label: null,
        row: null,
      },
    ]),
  );
  const initials: DiagramInitial[] = [];
  const shift = (p: Point, by: Point): Point => ({ x: p.x + by.x, y: p.y + by.y });

  const place = (id: string, at: Point, depth: number) => {
    const state = states.get(id)!;
    const m = measured.get(id)!;
    const rect = { x: at.x, y: at.y, width: m.width, height: m.height };
    rects.set(id, rect);
    if (id !== model.root || rootDrawn) {
      const parent = state.parent;
      nodes.push({
        id,
        name: state.kind === 'parallel' ? `${state.name} (parallel)` : state.name,
        kind: state.kind,
        parent,
        depth,
        initial: parent !== null && states.get(parent)!.initial === id,
        headerHeight: m.headerHeight,
        ...rect,
      });
      rows.get(id)!.forEach((t, k) => {
        edges.get(t.key)!.row = {
          x: at.x + PAD_X,
          y: at.y + PAD_Y + STATE_NAME.lineHeight + ROW_GAP + k * LABEL.lineHeight,
          width: m.width - 2 * PAD_X,
          height: LABEL.lineHeight,
          lines: [rowText(t, prefix, states)],
        };
      });
    }
    if (!m.inner) return;
    const origin = shift(at, m.innerOffset);
    for (const child of state.children) {
      place(child, shift(m.inner.boxes.get(child)!, origin), depth + 1);
    }
    const dot = m.inner.boxes.get(dotId(id));
    if (dot && state.initial) {
      initials.push({
        container: id,
        target: state.initial,
        dot: shift({ x: dot.x + dot.width / 2, y: dot.y + dot.height / 2 }, origin),
        path: m.inner.links.get(dotId(id))!.points.map((p) => shift(p, origin)),
      });
    }
    for (const { t, linkId } of lines.get(id)!) {
      const routed = m.inner.links.get(linkId)!;
      const edge = edges.get(t.key)!;
      edge.paths.push(routed.points.map((p) => shift(p, origin)));
      if (routed.label && !edge.label) {
        const label = shift(routed.label, origin);
        edge.label = { ...routed.label, ...label, lines: labelLines(t, prefix) };
      }
    }
  };
  place(model.root, { x: 0, y: 0 }, rootDrawn ? 0 : -1);

  // A line whose end lies inside a compound state was routed to that state's border: end it at the state.
  const attach = (rect: Rect, towards: Point): Point => {
    const x = Math.min(rect.x + rect.width - 10, Math.max(rect.x + 10, towards.x));
    return towards.y >= rect.y + rect.height ? { x, y: rect.y + rect.height } : { x, y: rect.y };
  };
  for (const edge of edges.values()) {
    edge.paths.forEach((path, n) => {
      const target = edge.targets[n]!;
      const { from, to } = lift(states, edge.source, target);
      if (from !== edge.source) path[0] = attach(rects.get(edge.source)!, path[1] ?? path[0]!);
      if (to !== target) path[path.length - 1] = attach(rects.get(target)!, path.at(-2) ?? path.at(-1)!);
    });
  }

  return {
    machine: model.id,
    eventPrefix: prefix,
    nodes,
    edges: transitions.map((t) => edges.get(t.key)!),
    initials,
    width: Math.ceil(top.width),
    height: Math.ceil(top.height),
  };
}
