import type { AnyStateMachine } from 'xstate';
import {
  layeredLayout,
  reversedLinks,
  type LayerBox,
  type LayerLink,
  type Point,
  type Rect,
  type Size,
} from './layeredLayout';
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
// Every transition appears once, under the key `listTransitions` gives it. A line between states of different
// compound states runs in pieces joined at ports on the borders it crosses (see `Piece`): it stays inside the
// deepest state holding both its ends, crosses the border of each state it leaves or enters once, and passes
// no state's name or rows.

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
  // Where the name is written.
  title: Rect;
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
  // The x (from the box's left edge) of each port on its border.
  ports: Map<string, number>;
}

// A link laid out inside one box. A transition whose ends lie in different compound states is drawn in pieces:
// one in the deepest state holding both ends, and one more in each compound state it leaves or enters, which
// runs between the border (a port, `port:<link id>`) and the child holding the end. The pieces join at the
// ports, so the line crosses each border once, where the layout inside that box left room for it.
interface Piece {
  id: string;
  from: string;
  to: string;
  // The state the line really starts or ends at, when the from or to box holds it.
  fromState: string | null;
  toState: string | null;
  label: LayerLink['label'];
  // The piece inside the from (to) box that continues the line to its state.
  fromInner: Piece | null;
  toInner: Piece | null;
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

const portId = (piece: string) => `port:${piece}`;

export function layoutModel(model: StatechartModel): StatechartDiagram {
  const { states, transitions } = model;
  const prefix = commonEventPrefix(transitions);
  const rows = new Map<string, TransitionInfo[]>([...states.keys()].map((id) => [id, []]));
  const lines = new Map<string, { t: TransitionInfo; target: string; n: number; linkId: string }[]>(
    [...states.keys()].map((id) => [id, []]),
  );
  for (const t of transitions) {
    if (staysInside(t, states)) {
      rows.get(t.source)!.push(t);
      continue;
    }
    t.targets.forEach((target, n) => {
      const { container } = lift(states, t.source, target);
      lines.get(container)!.push({ t, target, n, linkId: `${t.key}#${n}` });
    });
  }
  const rootDrawn = rows.get(model.root)!.length > 0;

  // The child of `container` that holds `state` (or is it).
  const childOn = (container: string, state: string): string => {
    let at = state;
    while (states.get(at)!.parent !== container) at = states.get(at)!.parent!;
    return at;
  };

  // Pieces and ports, container by container from the machine down: which border of a compound state a line
  // crosses depends on whether the state is the upper or the lower end of the line outside it.
  const pieces = new Map<string, Piece[]>([...states.keys()].map((id) => [id, []]));
  const ports = new Map<string, LayerBox[]>([...states.keys()].map((id) => [id, []]));
  const tops: { edge: TransitionInfo; n: number; piece: Piece }[] = [];
  for (const [container, list] of lines) {
    for (const { t, target, n, linkId } of list) {
      const { from, to } = lift(states, t.source, target);
      const text = labelLines(t, prefix);
      const piece: Piece = {
        id: linkId,
        from,
        to,
        fromState: t.source,
        toState: target,
        label: {
          width: linesWidth(text, LABEL) + 2 * LABEL_PAD_X,
          height: text.length * LABEL.lineHeight + 2 * LABEL_PAD_Y,
        },
        fromInner: null,
        toInner: null,
      };
      pieces.get(container)!.push(piece);
      tops.push({ edge: t, n, piece });
    }
  }
  const layerBoxes = (id: string, size: (child: string) => Size): LayerBox[] => {
    const state = states.get(id)!;
    const boxes: LayerBox[] = state.initial ? [{ id: dotId(id), width: DOT, height: DOT }] : [];
    for (const child of state.children) boxes.push({ id: child, ...size(child) });
    return [...boxes, ...ports.get(id)!];
  };
  const layerLinks = (id: string, portX: (box: string, port: string) => number | undefined): LayerLink[] => {
    const state = states.get(id)!;
    const links: LayerLink[] = state.initial
      ? [{ id: dotId(id), from: dotId(id), to: state.initial, label: null }]
      : [];
    for (const piece of pieces.get(id)!) {
      const fromX = piece.fromInner ? portX(piece.from, portId(piece.fromInner.id)) : undefined;
      const toX = piece.toInner ? portX(piece.to, portId(piece.toInner.id)) : undefined;
      links.push({
        id: piece.id,
        from: piece.from,
        to: piece.to,
        label: piece.label,
        ...(fromX === undefined ? {} : { fromX }),
        ...(toX === undefined ? {} : { toX }),
      });
    }
    return links;
  };
  const firstOf = (id: string) => {
    const state = states.get(id)!;
    return state.initial ? dotId(id) : (state.children[0] ?? null);
  };
  const orient = (id: string) => {
    const state = states.get(id)!;
    if (!state.children.length) return;
    const reversed = reversedLinks(
      layerBoxes(id, () => ({ width: 0, height: 0 })),
      layerLinks(id, () => undefined),
      firstOf(id),
    );
    for (const piece of pieces.get(id)!) {
      // A piece leaves its upper box by the bottom border and enters its lower box by the top.
      const up = reversed.has(piece.id);
      if (piece.fromState !== null && piece.fromState !== piece.from) {
        const inner: Piece = {
          id: `${piece.id}<${piece.from}`,
          from: childOn(piece.from, piece.fromState),
          to: portId(`${piece.id}<${piece.from}`),
          fromState: piece.fromState,
          toState: null,
          label: null,
          fromInner: null,
          toInner: null,
        };
        piece.fromInner = inner;
        pieces.get(piece.from)!.push(inner);
        ports.get(piece.from)!.push({ id: inner.to, width: 0, height: 0, pin: up ? 'top' : 'bottom' });
      }
      if (piece.toState !== null && piece.toState !== piece.to) {
        const inner: Piece = {
          id: `${piece.id}>${piece.to}`,
          from: portId(`${piece.id}>${piece.to}`),
          to: childOn(piece.to, piece.toState),
          fromState: null,
          toState: piece.toState,
          label: null,
          fromInner: null,
          toInner: null,
        };
        piece.toInner = inner;
        pieces.get(piece.to)!.push(inner);
        ports.get(piece.to)!.push({ id: inner.from, width: 0, height: 0, pin: up ? 'bottom' : 'top' });
      }
    }
    for (const child of state.children) orient(child);
  };
  orient(model.root);

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
        ports: new Map<string, number>(),
      };
      measured.set(id, m);
      return m;
    }
    const boxes = layerBoxes(id, (child) => {
      const m = measure(child);
      return { width: m.width, height: m.height };
    });
    const links = layerLinks(id, (box, port) => measured.get(box)!.ports.get(port));
    const inner = layeredLayout(boxes, links, { ...OPTIONS, first: firstOf(id) });
    const pad = drawn ? CONTAINER_PAD : 0;
    let width = Math.max(header.width, inner.width + 2 * pad);
    let offsetX = (width - inner.width) / 2;
    // A line crossing the top border runs down through the header: keep it right of the name and rows, which
    // are set from the left.
    const topPorts = ports.get(id)!.filter((p) => p.pin === 'top');
    if (topPorts.length) {
      const leftmost = Math.min(...topPorts.map((p) => inner.boxes.get(p.id)!.x));
      if (offsetX + leftmost < header.width) {
        offsetX = header.width - leftmost;
        width = Math.max(width, offsetX + inner.width + pad);
      }
    }
    const m: Measured = {
      width,
      height: header.height + inner.height + pad,
      headerHeight: header.height,
      inner,
      innerOffset: { x: offsetX, y: header.height },
      ports: new Map(ports.get(id)!.map((p) => [p.id, offsetX + inner.boxes.get(p.id)!.x])),
    };
    measured.set(id, m);
    return m;
  };
  const top = measure(model.root);

  const nodes: DiagramNode[] = [];
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
  // Each piece's points on the page, from its from end to its to end.
  const drawnPieces = new Map<string, { points: Point[]; label: Rect | null }>();

  const place = (id: string, at: Point, depth: number) => {
    const state = states.get(id)!;
    const m = measured.get(id)!;
    const rect = { x: at.x, y: at.y, width: m.width, height: m.height };
    if (id !== model.root || rootDrawn) {
      const parent = state.parent;
      const name = state.kind === 'parallel' ? `${state.name} (parallel)` : state.name;
      const nameWidth = textWidth(name, STATE_NAME);
      nodes.push({
        id,
        name,
        kind: state.kind,
        parent,
        depth,
        initial: parent !== null && states.get(parent)!.initial === id,
        headerHeight: m.headerHeight,
        // A compound state's name is set from the left, leaving the rest of its header to lines that cross it.
        title: {
          x: at.x + (state.children.length ? PAD_X : (m.width - nameWidth) / 2),
          y: at.y + PAD_Y,
          width: nameWidth,
          height: STATE_NAME.lineHeight,
        },
        ...rect,
      });
      // As wide as its text: a line crossing the header passes to the right of it.
      rows.get(id)!.forEach((t, k) => {
        const line = rowText(t, prefix, states);
        edges.get(t.key)!.row = {
          x: at.x + PAD_X,
          y: at.y + PAD_Y + STATE_NAME.lineHeight + ROW_GAP + k * LABEL.lineHeight,
          width: textWidth(line, LABEL),
          height: LABEL.lineHeight,
          lines: [line],
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
    // A piece that starts or ends at a port runs on to the border itself.
    const border = (port: string, p: Point): Point =>
      ports.get(id)!.find((b) => b.id === port)!.pin === 'top'
        ? { x: p.x, y: rect.y }
        : { x: p.x, y: rect.y + rect.height };
    for (const piece of pieces.get(id)!) {
      const routed = m.inner.links.get(piece.id)!;
      const points = routed.points.map((p) => shift(p, origin));
      if (piece.fromState === null) points.unshift(border(piece.from, points[0]!));
      if (piece.toState === null) points.push(border(piece.to, points.at(-1)!));
      const label = routed.label ? { ...routed.label, ...shift(routed.label, origin) } : null;
      drawnPieces.set(piece.id, { points, label });
    }
  };
  place(model.root, { x: 0, y: 0 }, rootDrawn ? 0 : -1);

  // A line is its pieces end to end: those inside the states it leaves, its own, those inside the states it
  // enters.
  const leaving = (piece: Piece | null): Piece[] => (piece ? [...leaving(piece.fromInner), piece] : []);
  const entering = (piece: Piece | null): Piece[] => (piece ? [piece, ...entering(piece.toInner)] : []);
  for (const { edge: t, n, piece } of tops) {
    const path: Point[] = [];
    for (const part of [...leaving(piece.fromInner), piece, ...entering(piece.toInner)]) {
      for (const p of drawnPieces.get(part.id)!.points) {
        const last = path.at(-1);
        if (!last || Math.abs(last.x - p.x) > 0.01 || Math.abs(last.y - p.y) > 0.01) path.push(p);
      }
    }
    const edge = edges.get(t.key)!;
    edge.paths[n] = path;
    const label = drawnPieces.get(piece.id)!.label;
    // A transition to several states is labelled once, on its line to the first.
    if (label && n === 0) edge.label = { ...label, lines: labelLines(t, prefix) };
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
