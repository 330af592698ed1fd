import type { DiagramEdge, DiagramNode, Point, StatechartDiagram } from './statechartLayout';
import { el, type SvgElement, type SvgNode } from './svgElement';
import { LABEL, MONO_FONT, SANS_FONT, STATE_NAME, textWidth } from './textMetrics';

// Draws a laid-out statechart. With `covered` (the transition keys the model tests took) every transition is
// green and solid when covered, red and dashed when not; without it (the portal, which cannot know) all are
// slate. Dashes, not colour alone, tell the two apart. Each state and transition carries a <title>.

export type EdgeStatus = 'covered' | 'uncovered' | 'neutral';

export interface SceneOptions {
  // Unique on the page: the ids of markers and the accessible name hang off it.
  idPrefix: string;
  title: string;
  covered: ReadonlySet<string> | null;
}

const COLOURS: Record<EdgeStatus, { line: string; text: string }> = {
  covered: { line: '#15803d', text: '#14532d' },
  uncovered: { line: '#dc2626', text: '#991b1b' },
  neutral: { line: '#475569', text: '#1e293b' },
};
const DASH = '6 4';
const MARGIN = 16;
const LEGEND_ROW = 26;
const LEGEND_GAP = 22;

const r1 = (n: number) => Math.round(n * 10) / 10;

export interface Curve {
  from: Point;
  c1: Point;
  c2: Point;
  to: Point;
}

// How a line through `points` is drawn: straight where two points share an x, else a cubic whose tangents are
// vertical at both ends, so it bends only between its points' heights. A straight piece is a curve whose
// controls are its ends.
export function pathCurves(points: readonly Point[]): Curve[] {
  return points.slice(1).map((to, k) => {
    const from = points[k]!;
    if (Math.abs(to.x - from.x) < 0.5) return { from, c1: from, c2: to, to };
    const mid = (from.y + to.y) / 2;
    return { from, c1: { x: from.x, y: mid }, c2: { x: to.x, y: mid }, to };
  });
}

export function pathData(points: readonly Point[]): string {
  const [first] = points;
  if (!first) return '';
  const xy = (p: Point) => `${r1(p.x)},${r1(p.y)}`;
  let d = `M${xy(first)}`;
  for (const c of pathCurves(points)) {
    d += c.c1 === c.from && c.c2 === c.to ? ` L${xy(c.to)}` : ` C${xy(c.c1)} ${xy(c.c2)} ${xy(c.to)}`;
  }
  return d;
}

function statusOf(key: string, covered: ReadonlySet<string> | null): EdgeStatus {
  if (!covered) return 'neutral';
  return covered.has(key) ? 'covered' : 'uncovered';
}

const markerId = (prefix: string, status: EdgeStatus) => `${prefix}-arrow-${status}`;

function marker(prefix: string, status: EdgeStatus): SvgElement {
  return el(
    'marker',
    {
      id: markerId(prefix, status),
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerWidth: 9,
      markerHeight: 9,
      markerUnits: 'userSpaceOnUse',
      orient: 'auto',
    },
    el('path', { d: 'M0,1 L10,5 L0,9 z', fill: COLOURS[status].line }),
  );
}

function text(
  x: number,
  y: number,
  content: string,
  attrs: Record<string, string | number> = {},
): SvgElement {
  return el(
    'text',
    { x: r1(x), y: r1(y), 'font-family': MONO_FONT, 'font-size': LABEL.size, fill: '#1e293b', ...attrs },
    content,
  );
}

function stateTitle(node: DiagramNode): string {
  const kinds: Record<DiagramNode['kind'], string> = {
    atomic: 'state',
    compound: 'compound state',
    parallel: 'parallel state',
    final: 'final state',
    history: 'history state',
  };
  return `${node.name}: ${node.initial ? 'initial ' : ''}${kinds[node.kind]}`;
}

function drawNode(node: DiagramNode): SvgElement {
  const container = node.kind === 'compound' || node.kind === 'parallel';
  const parts: SvgNode[] = [
    el('title', {}, stateTitle(node)),
    el('rect', {
      x: r1(node.x),
      y: r1(node.y),
      width: r1(node.width),
      height: r1(node.height),
      rx: 8,
      fill: container ? '#f8fafc' : '#ffffff',
      stroke: container ? '#64748b' : '#334155',
      'stroke-width': node.kind === 'final' ? 1.2 : 1.5,
      ...(node.kind === 'parallel' ? { 'stroke-dasharray': '4 3' } : {}),
    }),
  ];
  if (node.kind === 'final') {
    parts.push(
      el('rect', {
        x: r1(node.x + 3),
        y: r1(node.y + 3),
        width: r1(node.width - 6),
        height: r1(node.height - 6),
        rx: 6,
        fill: 'none',
        stroke: '#334155',
        'stroke-width': 1.2,
      }),
    );
  }
  // A compound state's name sits at the left of its header, an atomic state's in the middle of its box.
  const baseline = node.title.y + STATE_NAME.lineHeight - 5;
  parts.push(
    text(container ? node.title.x : node.title.x + node.title.width / 2, baseline, node.name, {
      'font-size': STATE_NAME.size,
      'font-weight': 600,
      'text-anchor': container ? 'start' : 'middle',
      fill: '#0f172a',
    }),
  );
  if (node.headerHeight > 8 * 2 + STATE_NAME.lineHeight) {
    const y = r1(node.y + 8 + STATE_NAME.lineHeight + 3);
    parts.push(
      el('line', {
        x1: r1(node.x + 6),
        x2: r1(node.x + node.width - 6),
        y1: y,
        y2: y,
        stroke: '#cbd5e1',
        'stroke-width': 1,
      }),
    );
  }
  return el('g', { 'data-state': node.id }, ...parts);
}

function edgeTitle(edge: DiagramEdge, names: ReadonlyMap<string, string>, status: EdgeStatus): string {
  const name = (id: string) => names.get(id) ?? id;
  const to = edge.targets.length ? edge.targets.map(name).join(', ') : `${name(edge.source)} (stays)`;
  const guard = edge.guard ? ` if ${edge.guard}` : '';
  const note = status === 'covered' ? ' — covered' : status === 'uncovered' ? ' — not covered' : '';
  return `${name(edge.source)} → ${to} on ${edge.event}${guard}${note}`;
}

function drawEdge(edge: DiagramEdge, names: ReadonlyMap<string, string>, options: SceneOptions): SvgElement {
  const status = statusOf(edge.key, options.covered);
  const colour = COLOURS[status];
  const dash: Record<string, string> = status === 'uncovered' ? { 'stroke-dasharray': DASH } : {};
  const parts: SvgNode[] = [el('title', {}, edgeTitle(edge, names, status))];
  for (const path of edge.paths) {
    parts.push(
      el('path', {
        d: pathData(path),
        fill: 'none',
        stroke: colour.line,
        'stroke-width': 1.6,
        'marker-end': `url(#${markerId(options.idPrefix, status)})`,
        ...dash,
      }),
    );
  }
  const box = edge.label ?? edge.row;
  if (box) {
    parts.push(
      el('rect', {
        x: r1(box.x - (edge.row ? 4 : 0)),
        y: r1(box.y),
        width: r1(box.width + (edge.row ? 8 : 0)),
        height: r1(box.height),
        rx: 3,
        fill: '#ffffff',
        'fill-opacity': edge.row ? 0 : 0.94,
        stroke: status === 'uncovered' ? colour.line : 'none',
        'stroke-width': 1,
        ...dash,
      }),
    );
    box.lines.forEach((line, k) => {
      const y = box.y + 2 + (k + 1) * LABEL.lineHeight - 4;
      parts.push(
        edge.row
          ? text(box.x, y, line, { fill: colour.text })
          : text(box.x + box.width / 2, y, line, { fill: colour.text, 'text-anchor': 'middle' }),
      );
    });
  }
  return el('g', { 'data-transition': edge.key, 'data-status': status }, ...parts);
}

interface LegendItem {
  width: number;
  draw: (x: number, y: number) => SvgNode[];
}

function legendItems(diagram: StatechartDiagram, options: SceneOptions): LegendItem[] {
  const line = (status: EdgeStatus, caption: string): LegendItem => ({
    width: 34 + textWidth(caption, LABEL),
    draw: (x, y) => [
      el('path', {
        d: `M${x},${y} L${x + 26},${y}`,
        stroke: COLOURS[status].line,
        'stroke-width': 1.6,
        'marker-end': `url(#${markerId(options.idPrefix, status)})`,
        ...(status === 'uncovered' ? { 'stroke-dasharray': DASH } : {}),
      }),
      text(x + 34, y + 4, caption),
    ],
  });
  const items: LegendItem[] = options.covered
    ? [line('covered', 'covered by a model-test path'), line('uncovered', 'not covered')]
    : [line('neutral', 'transition')];
  items.push(
    {
      width: 40 + textWidth('initial state', LABEL),
      draw: (x, y) => [
        el('circle', { cx: x + 5, cy: y, r: 5, fill: '#0f172a' }),
        el('path', {
          d: `M${x + 10},${y} L${x + 32},${y}`,
          stroke: '#0f172a',
          'stroke-width': 1.6,
          'marker-end': `url(#${markerId(options.idPrefix, 'neutral')})`,
        }),
        text(x + 40, y + 4, 'initial state'),
      ],
    },
    {
      width: 30 + textWidth('final state', LABEL),
      draw: (x, y) => [
        el('rect', { x, y: y - 8, width: 22, height: 16, rx: 4, fill: '#fff', stroke: '#334155' }),
        el('rect', { x: x + 3, y: y - 5, width: 16, height: 10, rx: 3, fill: 'none', stroke: '#334155' }),
        text(x + 30, y + 4, 'final state'),
      ],
    },
    {
      width: textWidth('↻ event  stays in its state', LABEL),
      draw: (x, y) => [text(x, y + 4, '↻ event  stays in its state')],
    },
  );
  if (diagram.eventPrefix) {
    const caption = `events are ${diagram.eventPrefix}*`;
    items.push({ width: textWidth(caption, LABEL), draw: (x, y) => [text(x, y + 4, caption)] });
  }
  return items;
}

// Lays the legend out in rows no wider than `width`.
function legend(items: readonly LegendItem[], width: number): { height: number; parts: SvgNode[] } {
  const parts: SvgNode[] = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    if (x > 0 && x + item.width > width) {
      x = 0;
      row++;
    }
    parts.push(...item.draw(MARGIN + x, MARGIN + row * LEGEND_ROW + LEGEND_ROW / 2));
    x += item.width + LEGEND_GAP;
  }
  return { height: (row + 1) * LEGEND_ROW, parts };
}

export function diagramScene(diagram: StatechartDiagram, options: SceneOptions): SvgElement {
  const items = legendItems(diagram, options);
  const widest = Math.max(...items.map((i) => i.width));
  const contentWidth = Math.max(diagram.width, widest, 520);
  const key = legend(items, contentWidth);
  const top = MARGIN + key.height + MARGIN;
  const width = Math.ceil(contentWidth + 2 * MARGIN);
  const height = Math.ceil(top + diagram.height + MARGIN);
  const names = new Map(diagram.nodes.map((n) => [n.id, n.name]));
  const containersFirst = [...diagram.nodes].sort((a, b) => a.depth - b.depth);
  const offsetX = MARGIN + (contentWidth - diagram.width) / 2;
  const counts = `${diagram.nodes.length} states, ${diagram.edges.length} transitions`;
  const coveredCount = options.covered
    ? `, ${diagram.edges.filter((e) => options.covered!.has(e.key)).length} covered`
    : '';

  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-labelledby': `${options.idPrefix}-title`,
      'aria-describedby': `${options.idPrefix}-desc`,
      'font-family': SANS_FONT,
    },
    el('title', { id: `${options.idPrefix}-title` }, options.title),
    el('desc', { id: `${options.idPrefix}-desc` }, `${counts}${coveredCount}.`),
    el('defs', {}, ...(['covered', 'uncovered', 'neutral'] as const).map((s) => marker(options.idPrefix, s))),
    el('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }),
    el('g', { 'data-part': 'legend' }, ...key.parts),
    el(
      'g',
      { transform: `translate(${r1(offsetX)},${top})` },
      ...containersFirst.map(drawNode),
      ...diagram.initials.map((initial) =>
        el(
          'g',
          { 'data-initial': initial.container || '(root)' },
          el('title', {}, `starts in ${names.get(initial.target) ?? initial.target}`),
          el('circle', { cx: r1(initial.dot.x), cy: r1(initial.dot.y), r: 6, fill: '#0f172a' }),
          el('path', {
            d: pathData(initial.path),
            fill: 'none',
            stroke: '#0f172a',
            'stroke-width': 1.6,
            'marker-end': `url(#${markerId(options.idPrefix, 'neutral')})`,
          }),
        ),
      ),
      ...diagram.edges.map((edge) => drawEdge(edge, names, options)),
    ),
  );
}
