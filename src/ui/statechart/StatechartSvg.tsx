import { createElement, useMemo, type ReactElement, type ReactNode } from 'react';
import { diagramScene } from './diagramScene';
import type { StatechartDiagram } from './statechartLayout';
import type { SvgNode } from './svgElement';

export interface StatechartSvgProps {
  diagram: StatechartDiagram;
  // Unique on the page; the accessible name and the arrow markers hang off it.
  idPrefix: string;
  title: string;
  // The transition keys a model test took; without it every transition is drawn alike.
  covered?: ReadonlySet<string> | null;
}

// React wants `strokeWidth` where SVG says `stroke-width`; aria-* and data-* keep their dashes.
function propName(name: string): string {
  if (name.startsWith('aria-') || name.startsWith('data-')) return name;
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function toReact(node: SvgNode, key?: number): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(node.attrs)) props[propName(name)] = value;
  return createElement(node.tag, { ...props, key }, ...node.children.map((child, i) => toReact(child, i)));
}

// The same drawing as the test report's, as React elements.
export function StatechartSvg({
  diagram,
  idPrefix,
  title,
  covered = null,
}: StatechartSvgProps): ReactElement {
  const scene = useMemo(
    () => diagramScene(diagram, { idPrefix, title, covered }),
    [diagram, idPrefix, title, covered],
  );
  return toReact(scene) as ReactElement;
}
