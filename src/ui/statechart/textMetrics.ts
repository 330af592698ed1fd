// The diagram's text is code (state names, event types, guards) set in a monospace font, so its width is
// known without a browser to measure it: every common monospace face advances about 0.6em per character.
// The layout runs in node (the test report) and in the portal alike.
export const MONO_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';
export const SANS_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

export interface TextStyle {
  size: number;
  lineHeight: number;
}

export const STATE_NAME: TextStyle = { size: 13, lineHeight: 18 };
export const LABEL: TextStyle = { size: 12, lineHeight: 15 };

// A little over 0.6em, so a face slightly wider than the usual one still fits its box.
const ADVANCE = 0.62;

export function textWidth(text: string, style: TextStyle): number {
  return Math.ceil([...text].length * style.size * ADVANCE);
}

export function linesWidth(lines: readonly string[], style: TextStyle): number {
  return Math.max(0, ...lines.map((line) => textWidth(line, style)));
}
