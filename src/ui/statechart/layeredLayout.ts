import { fitInOrder } from './fitInOrder';

// A layered (Sugiyama) drawing of boxes joined by labelled links, top to bottom:
// 1. links that close a cycle (found by a depth-first walk from `first`) are turned round, so the graph has
//    none; 2. each box gets the rank of the longest path to it, so every link points down; 3. a link longer
//    than one rank becomes a chain of points, one per rank it crosses, and its label one of them — labels
//    are laid out like boxes, so they overlap neither boxes nor each other; 4. the order within each rank is
//    improved by barycentres and swaps to cross fewer links; 5. each rank is placed as near as its
//    neighbours want, keeping its order and gaps. Ranks are doubled, so labels have ranks of their own
//    between the boxes'.
// A layout that fills a box (a compound state) may hold ports: points on that box's top or bottom border where
// a link crosses it, ranked above or below everything else. A link may also be told where it meets a box
// (a port the box's own layout fixed), and the layout bends the rest of the link to suit.

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

export interface LayerBox extends Size {
  id: string;
  // A port on the border of the box this layout fills (it should have no size): its links run between the
  // border and the boxes inside.
  pin?: 'top' | 'bottom';
}

export interface LayerLink {
  id: string;
  from: string;
  to: string;
  label: Size | null;
  // Where the link must meet its `from` or `to` box, as x from the box's left edge.
  fromX?: number;
  toX?: number;
}

export interface LayeredOptions {
  // Where the reading starts (a statechart's initial state); the cycle walk begins there.
  first: string | null;
  // Space between neighbouring boxes in a rank, and between a rank of boxes and a rank of labels.
  boxGap: number;
  rankGap: number;
}

export interface RoutedLink {
  // From the `from` box's border to the `to` box's border, through the ranks between.
  points: Point[];
  label: Rect | null;
}

export interface LayeredLayout extends Size {
  boxes: Map<string, Rect>;
  links: Map<string, RoutedLink>;
}

type ItemKind = 'box' | 'label' | 'point' | 'port';

interface Item extends Size {
  kind: ItemKind;
  rank: number;
  x: number;
}

interface Chain {
  link: LayerLink;
  reversed: boolean;
  // Item indexes from the upper box to the lower one.
  items: number[];
}

interface Edge {
  upper: number;
  lower: number;
  weight: number;
  // Where the edge meets its upper and lower item, from the item's centre (0 but at a box with a fixed port),
  // and the same as a fraction of the item's width, which orders ports on one box when counting crossings.
  upperOffset: number;
  lowerOffset: number;
  upperFrac: number;
  lowerFrac: number;
}

const SMALL_GAP = 14;

// The links that run upwards: those that close a cycle, and those that leave by a port on the top border or
// arrive by one on the bottom. Callers use it to know which border of a box each link meets.
export function reversedLinks(
  boxes: readonly LayerBox[],
  links: readonly LayerLink[],
  first: string | null,
): Set<string> {
  const pins = new Map(boxes.map((b) => [b.id, b.pin]));
  const reversed = new Set<string>();
  const free: LayerLink[] = [];
  for (const link of links) {
    if (pins.get(link.from) === 'bottom' || pins.get(link.to) === 'top') reversed.add(link.id);
    else if (!pins.get(link.from) && !pins.get(link.to)) free.push(link);
  }
  const inside = boxes.filter((b) => !b.pin);
  for (const id of turnCycles(inside, free, first)) reversed.add(id);
  return reversed;
}

function turnCycles(boxes: readonly LayerBox[], links: readonly LayerLink[], first: string | null) {
  const out = new Map<string, LayerLink[]>(boxes.map((b) => [b.id, []]));
  for (const link of links) out.get(link.from)!.push(link);
  const state = new Map<string, 'open' | 'done'>();
  const reversed = new Set<string>();
  const walk = (id: string) => {
    state.set(id, 'open');
    for (const link of out.get(id)!) {
      const seen = state.get(link.to);
      if (seen === 'open') reversed.add(link.id);
      else if (!seen) walk(link.to);
    }
    state.set(id, 'done');
  };
  const starts = [...(first && out.has(first) ? [first] : []), ...boxes.map((b) => b.id)];
  for (const id of starts) if (!state.has(id)) walk(id);
  return reversed;
}

function rankBoxes(
  boxes: readonly LayerBox[],
  oriented: readonly { upper: string; lower: string }[],
  first: string | null,
): Map<string, number> {
  const incoming = new Map<string, string[]>(boxes.map((b) => [b.id, []]));
  const outgoing = new Map<string, string[]>(boxes.map((b) => [b.id, []]));
  for (const { upper, lower } of oriented) {
    incoming.get(lower)!.push(upper);
    outgoing.get(upper)!.push(lower);
  }
  // Longest path, in topological order.
  const rank = new Map<string, number>();
  const waiting = new Map(boxes.map((b) => [b.id, incoming.get(b.id)!.length]));
  const ready = boxes.filter((b) => waiting.get(b.id) === 0).map((b) => b.id);
  while (ready.length) {
    const id = ready.shift()!;
    rank.set(id, Math.max(0, ...incoming.get(id)!.map((u) => rank.get(u)! + 1)));
    for (const v of outgoing.get(id)!) {
      waiting.set(v, waiting.get(v)! - 1);
      if (waiting.get(v) === 0) ready.push(v);
    }
  }
  // A box nothing leads to (other than the start) sits just above the first box it leads to.
  for (const box of boxes) {
    if (box.id === first || incoming.get(box.id)!.length) continue;
    const below = outgoing.get(box.id)!.map((v) => rank.get(v)!);
    if (below.length) rank.set(box.id, Math.max(0, Math.min(...below) - 1));
  }
  return rank;
}

function countCrossings(edges: readonly Edge[], position: readonly number[]): number {
  let crossings = 0;
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const a = edges[i]!;
      const b = edges[j]!;
      const du = position[a.upper]! + a.upperFrac - position[b.upper]! - b.upperFrac;
      const dl = position[a.lower]! + a.lowerFrac - position[b.lower]! - b.lowerFrac;
      if (du * dl < 0) crossings++;
    }
  }
  return crossings;
}

function gapBetween(a: Item, b: Item, boxGap: number): number {
  const base = (a.width + b.width) / 2;
  if (a.kind === 'box' && b.kind === 'box') return base + boxGap;
  if (a.kind === 'point' || b.kind === 'point' || a.kind === 'port' || b.kind === 'port') {
    return base + SMALL_GAP;
  }
  return base + boxGap / 2;
}

export function layeredLayout(
  boxes: readonly LayerBox[],
  links: readonly LayerLink[],
  options: LayeredOptions,
): LayeredLayout {
  const reversed = reversedLinks(boxes, links, options.first);
  const oriented = links.map((link) =>
    reversed.has(link.id)
      ? { upper: link.to, lower: link.from, upperX: link.toX, lowerX: link.fromX }
      : { upper: link.from, lower: link.to, upperX: link.fromX, lowerX: link.toX },
  );
  const pinOf = new Map(boxes.map((b) => [b.id, b.pin]));
  const inside = boxes.filter((b) => !b.pin);
  const boxRank = rankBoxes(
    inside,
    oriented.filter((o) => !pinOf.get(o.upper) && !pinOf.get(o.lower)),
    options.first,
  );
  // Ports on the top border take the labels' rank above the first rank of boxes, those on the bottom the one
  // below the last: no label is ever there.
  const shift = boxes.some((b) => b.pin === 'top') ? 2 : 0;
  const lastRank = shift + 2 * Math.max(0, ...inside.map((b) => boxRank.get(b.id)!)) + 1;
  const rankOf = (b: LayerBox) =>
    b.pin === 'top' ? 1 : b.pin === 'bottom' ? lastRank : shift + 2 * boxRank.get(b.id)!;

  // Items: the boxes, then each link's points and label.
  const items: Item[] = boxes.map((b) => ({
    width: b.width,
    height: b.height,
    kind: b.pin ? 'port' : 'box',
    rank: rankOf(b),
    x: 0,
  }));
  const indexOf = new Map(boxes.map((b, i) => [b.id, i]));
  const chains: Chain[] = links.map((link, l) => {
    const { upper, lower } = oriented[l]!;
    const top = items[indexOf.get(upper)!]!.rank;
    const bottom = items[indexOf.get(lower)!]!.rank;
    const middle = (top + bottom) / 2;
    const labelRank = middle % 2 === 1 ? middle : middle - 1;
    const chain = [indexOf.get(upper)!];
    for (let r = top + 1; r < bottom; r++) {
      const label = link.label && r === labelRank ? link.label : null;
      items.push({
        kind: label ? 'label' : 'point',
        rank: r,
        width: label?.width ?? 0,
        height: label?.height ?? 0,
        x: 0,
      });
      chain.push(items.length - 1);
    }
    chain.push(indexOf.get(lower)!);
    return { link, reversed: reversed.has(link.id), items: chain };
  });
  // A fixed port, as an offset from the centre of its box.
  const offsetAt = (item: number, x: number | undefined) =>
    x === undefined ? 0 : x - items[item]!.width / 2;
  const fracOf = (item: number, offset: number) => {
    const width = items[item]!.width;
    return width > 0 ? (0.8 * offset) / width : 0;
  };
  const chainEnds = chains.map(({ items: chain }, l) => ({
    upperOffset: offsetAt(chain[0]!, oriented[l]!.upperX),
    lowerOffset: offsetAt(chain.at(-1)!, oriented[l]!.lowerX),
  }));
  const edges: Edge[] = chains.flatMap(({ items: chain }, l) =>
    chain.slice(1).map((lower, k) => {
      const upper = chain[k]!;
      const boxesJoined = [upper, lower].filter((i) => ['box', 'port'].includes(items[i]!.kind)).length;
      const upperOffset = k === 0 ? chainEnds[l]!.upperOffset : 0;
      const lowerOffset = k === chain.length - 2 ? chainEnds[l]!.lowerOffset : 0;
      return {
        upper,
        lower,
        weight: boxesJoined === 2 ? 1 : boxesJoined === 1 ? 2 : 8,
        upperOffset,
        lowerOffset,
        upperFrac: fracOf(upper, upperOffset),
        lowerFrac: fracOf(lower, lowerOffset),
      };
    }),
  );

  const rankCount = Math.max(0, ...items.map((i) => i.rank)) + 1;
  const ranks: number[][] = Array.from({ length: rankCount }, () => []);
  items.forEach((item, i) => ranks[item.rank]!.push(i));
  const edgesBelow: Edge[][] = Array.from({ length: rankCount }, () => []);
  for (const edge of edges) edgesBelow[items[edge.upper]!.rank]!.push(edge);
  const ups = new Map<number, Edge[]>();
  const downs = new Map<number, Edge[]>();
  for (const edge of edges) {
    ups.set(edge.lower, [...(ups.get(edge.lower) ?? []), edge]);
    downs.set(edge.upper, [...(downs.get(edge.upper) ?? []), edge]);
  }

  // Order: barycentre sweeps down and up, then adjacent swaps; the ordering with fewest crossings wins.
  const position: number[] = new Array<number>(items.length).fill(0);
  const setPositions = () => ranks.forEach((rank) => rank.forEach((item, p) => (position[item] = p)));
  const total = () => edgesBelow.reduce((sum, rankEdges) => sum + countCrossings(rankEdges, position), 0);
  // `neighbours` gives the positions of an item's neighbours in the next rank.
  const sortBy = (r: number, neighbours: (item: number) => number[]) => {
    const keyed = ranks[r]!.map((item) => {
      const ns = neighbours(item);
      const key = ns.length ? ns.reduce((s, n) => s + n, 0) / ns.length : position[item]!;
      return { item, key };
    });
    keyed.sort((a, b) => a.key - b.key);
    ranks[r] = keyed.map((k) => k.item);
    ranks[r]!.forEach((item, p) => (position[item] = p));
  };
  const above = (item: number) => (ups.get(item) ?? []).map((e) => position[e.upper]! + e.upperFrac);
  const below = (item: number) => (downs.get(item) ?? []).map((e) => position[e.lower]! + e.lowerFrac);
  const crossingsAround = (r: number) =>
    (r > 0 ? countCrossings(edgesBelow[r - 1]!, position) : 0) + countCrossings(edgesBelow[r]!, position);
  const transpose = () => {
    for (let pass = 0; pass < 4; pass++) {
      let improved = false;
      for (let r = 0; r < rankCount; r++) {
        const rank = ranks[r]!;
        for (let p = 0; p + 1 < rank.length; p++) {
          const before = crossingsAround(r);
          [rank[p], rank[p + 1]] = [rank[p + 1]!, rank[p]!];
          position[rank[p]!] = p;
          position[rank[p + 1]!] = p + 1;
          if (crossingsAround(r) < before) {
            improved = true;
            continue;
          }
          [rank[p], rank[p + 1]] = [rank[p + 1]!, rank[p]!];
          position[rank[p]!] = p;
          position[rank[p + 1]!] = p + 1;
        }
      }
      if (!improved) break;
    }
  };
  setPositions();
  for (let r = 1; r < rankCount; r++) sortBy(r, above);
  let best = ranks.map((rank) => [...rank]);
  let fewest = total();
  for (let sweep = 0; sweep < 12 && fewest > 0; sweep++) {
    if (sweep % 2 === 0) for (let r = 1; r < rankCount; r++) sortBy(r, above);
    else for (let r = rankCount - 2; r >= 0; r--) sortBy(r, below);
    transpose();
    const crossings = total();
    if (crossings < fewest) {
      fewest = crossings;
      best = ranks.map((rank) => [...rank]);
    }
  }
  best.forEach((rank, r) => (ranks[r] = rank));
  setPositions();

  // Across: pack each rank, then pull every item towards its neighbours (weighted), rank by rank.
  const gapsOf = (rank: readonly number[]) =>
    rank.slice(1).map((item, p) => gapBetween(items[rank[p]!]!, items[item]!, options.boxGap));
  for (const rank of ranks) {
    let x = 0;
    rank.forEach((item, p) => {
      if (p > 0) x += gapBetween(items[rank[p - 1]!]!, items[item]!, options.boxGap);
      items[item]!.x = x;
    });
  }
  const pull = (r: number, neighbours: (item: number) => Edge[]) => {
    const rank = ranks[r]!;
    const wanted = rank.map((item) => {
      const es = neighbours(item);
      const weight = es.reduce((s, e) => s + e.weight, 0);
      if (!weight) return { desired: items[item]!.x, weight: 0.01 };
      // Where the item's centre goes for the edge to run straight, ports included.
      const wants = (e: Edge) =>
        e.upper === item
          ? items[e.lower]!.x + e.lowerOffset - e.upperOffset
          : items[e.upper]!.x + e.upperOffset - e.lowerOffset;
      const sum = es.reduce((s, e) => s + e.weight * wants(e), 0);
      return { desired: sum / weight, weight };
    });
    fitInOrder(wanted, gapsOf(rank)).forEach((x, p) => (items[rank[p]!]!.x = x));
  };
  const upEdges = (item: number) => ups.get(item) ?? [];
  const downEdges = (item: number) => downs.get(item) ?? [];
  const bothEdges = (item: number) => [...upEdges(item), ...downEdges(item)];
  for (let pass = 0; pass < 8; pass++) {
    if (pass % 2 === 0) for (let r = 1; r < rankCount; r++) pull(r, upEdges);
    else for (let r = rankCount - 2; r >= 0; r--) pull(r, downEdges);
  }
  for (let pass = 0; pass < 4; pass++) for (let r = 0; r < rankCount; r++) pull(r, bothEdges);

  // The pulls leave long links zigzagging a little; where its neighbours leave room, a link's points and
  // label take one x, so it runs straight.
  const fits = (i: number, x: number) => {
    const rank = ranks[items[i]!.rank]!;
    const p = position[i]!;
    const left = rank[p - 1];
    const right = rank[p + 1];
    return (
      (left === undefined ||
        items[left]!.x + gapBetween(items[left]!, items[i]!, options.boxGap) <= x + 0.01) &&
      (right === undefined ||
        x + gapBetween(items[i]!, items[right]!, options.boxGap) <= items[right]!.x + 0.01)
    );
  };
  // A run that cannot go straight as a whole is tried in halves; `ends` are the x its ends meet.
  const straighten = (run: readonly number[], ends: readonly number[]) => {
    if (run.length < 2) return;
    const candidates = new Set([...run.map((i) => items[i]!.x), ...ends]);
    let best: number | null = null;
    let cost = Infinity;
    for (const x of candidates) {
      if (!run.every((i) => fits(i, x))) continue;
      const moved = run.reduce((sum, i) => sum + Math.abs(items[i]!.x - x), 0);
      if (moved < cost) {
        best = x;
        cost = moved;
      }
    }
    if (best !== null) {
      for (const i of run) items[i]!.x = best;
      return;
    }
    const half = Math.ceil(run.length / 2);
    straighten(run.slice(0, half), ends.slice(0, 1));
    straighten(run.slice(half), ends.slice(-1));
  };
  for (let pass = 0; pass < 3; pass++) {
    chains.forEach((chain, l) => {
      const ends = [
        items[chain.items[0]!]!.x + chainEnds[l]!.upperOffset,
        items[chain.items.at(-1)!]!.x + chainEnds[l]!.lowerOffset,
      ];
      straighten(chain.items.slice(1, -1), ends);
    });
  }

  const left = Math.min(...items.map((i) => i.x - i.width / 2));
  for (const item of items) item.x -= left;

  // Down: each rank as tall as its tallest item; ranks holding only link points take no room, and an empty
  // rank (above the first boxes when there are top ports) no gap either.
  const bandTop: number[] = [];
  const bandHeight: number[] = [];
  let y = 0;
  let started = false;
  for (let r = 0; r < rankCount; r++) {
    const height = Math.max(0, ...ranks[r]!.map((i) => items[i]!.height));
    if (started && ranks[r]!.length > 0) y += options.rankGap;
    if (ranks[r]!.length > 0) started = true;
    bandTop.push(y);
    bandHeight.push(height);
    y += height;
  }
  const rectOf = (i: number): Rect => {
    const item = items[i]!;
    return {
      x: item.x - item.width / 2,
      y: bandTop[item.rank]! + (bandHeight[item.rank]! - item.height) / 2,
      width: item.width,
      height: item.height,
    };
  };

  // Where links meet boxes: a fixed port where the link has one; the others spread along the box's bottom (or
  // top) in the order of where they go next, clear of the fixed ones.
  const portX = new Map<string, number>();
  interface End {
    key: string;
    towards: number;
    fixed: number | undefined;
  }
  const spread = (box: number, ends: End[]) => {
    if (!ends.length) return;
    const rect = rectOf(box);
    const inset = Math.min(12, rect.width / 2);
    const clamp = (x: number) => Math.min(rect.x + rect.width - inset, Math.max(rect.x + inset, x));
    if (ends.every((end) => end.fixed === undefined)) {
      ends.sort((a, b) => a.towards - b.towards);
      if (ends.length === 1) {
        portX.set(ends[0]!.key, clamp(ends[0]!.towards));
        return;
      }
      const step = Math.min(22, (rect.width * 0.8) / (ends.length - 1));
      const start = rect.x + rect.width / 2 - (step * (ends.length - 1)) / 2;
      ends.forEach((end, k) => portX.set(end.key, start + k * step));
      return;
    }
    const keyed = ends
      .map((end) => ({ ...end, at: end.fixed === undefined ? clamp(end.towards) : rect.x + end.fixed }))
      .sort((a, b) => a.at - b.at);
    const gap = Math.min(SMALL_GAP, (rect.width - 2 * inset) / Math.max(1, keyed.length - 1));
    const placed = fitInOrder(
      keyed.map((end) => ({ desired: end.at, weight: end.fixed === undefined ? 1 : 1e6 })),
      keyed.slice(1).map(() => gap),
    );
    keyed.forEach((end, k) => portX.set(end.key, end.fixed === undefined ? clamp(placed[k]!) : end.at));
  };
  items.forEach((item, i) => {
    if (item.kind !== 'box' && item.kind !== 'port') return;
    const bottoms: End[] = [];
    const tops: End[] = [];
    chains.forEach((c, l) => {
      if (c.items[0] === i) {
        const fixed = oriented[l]!.upperX;
        bottoms.push({ key: `${c.link.id}:bottom`, towards: items[c.items[1]!]!.x, fixed });
      }
      if (c.items.at(-1) === i) {
        const fixed = oriented[l]!.lowerX;
        tops.push({ key: `${c.link.id}:top`, towards: items[c.items.at(-2)!]!.x, fixed });
      }
    });
    spread(i, bottoms);
    spread(i, tops);
  });

  // Each link leaves its upper box straight down to the bottom of that box's rank and enters its lower box
  // straight down from the top of its rank, so its bends (drawn as curves) lie between ranks, clear of boxes.
  const routed = new Map<string, RoutedLink>();
  for (const chain of chains) {
    const upperItem = chain.items[0]!;
    const lowerItem = chain.items.at(-1)!;
    const upper = rectOf(upperItem);
    const lower = rectOf(lowerItem);
    const startX = portX.get(`${chain.link.id}:bottom`)!;
    const endX = portX.get(`${chain.link.id}:top`)!;
    const points: Point[] = [{ x: startX, y: upper.y + upper.height }];
    const upperBandEnd = bandTop[items[upperItem]!.rank]! + bandHeight[items[upperItem]!.rank]!;
    if (upperBandEnd > upper.y + upper.height + 0.01) points.push({ x: startX, y: upperBandEnd });
    let label: Rect | null = null;
    for (const i of chain.items.slice(1, -1)) {
      const item = items[i]!;
      const top = bandTop[item.rank]!;
      const height = bandHeight[item.rank]!;
      points.push({ x: item.x, y: top });
      if (height > 0) points.push({ x: item.x, y: top + height });
      if (item.kind === 'label') label = rectOf(i);
    }
    const lowerBandTop = bandTop[items[lowerItem]!.rank]!;
    if (lower.y > lowerBandTop + 0.01) points.push({ x: endX, y: lowerBandTop });
    points.push({ x: endX, y: lower.y });
    routed.set(chain.link.id, { points: chain.reversed ? points.reverse() : points, label });
  }

  const placed = new Map(boxes.map((b, i) => [b.id, rectOf(i)]));
  const width = Math.max(0, ...items.map((i) => i.x + i.width / 2));
  return { width, height: y, boxes: placed, links: routed };
}
