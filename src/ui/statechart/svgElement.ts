// A small element tree the diagram is drawn as, so one drawing serves both the test report (an SVG string
// written to a file) and the portal (React elements). Attribute names are SVG's own (`stroke-width`).
export interface SvgElement {
  tag: string;
  attrs: Readonly<Record<string, string | number>>;
  children: readonly SvgNode[];
}

export type SvgNode = SvgElement | string;

export function el(tag: string, attrs: Record<string, string | number>, ...children: SvgNode[]): SvgElement {
  return { tag, attrs, children };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

export function svgString(node: SvgNode): string {
  if (typeof node === 'string') return escapeXml(node);
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
  if (!node.children.length) return `<${node.tag}${attrs}/>`;
  return `<${node.tag}${attrs}>${node.children.map(svgString).join('')}</${node.tag}>`;
}
