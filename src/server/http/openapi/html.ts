// Server-rendered HTML for the reference page: every value is escaped on the way in unless it is markup
// this module made, so text from schemas (descriptions, enum values, patterns) can never become markup.

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(part: Part): string {
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(
    strings.reduce((out, s, i) => out + s + (i < parts.length ? render(parts[i] as Part) : ''), ''),
  );
}

// Prose from the document: paragraphs split on blank lines, a paragraph of "- " lines as a list, `code`
// spans kept as code. The text is escaped first, so only these forms ever become markup.
export function inlineProse(text: string | undefined): Html {
  const escaped = escapeHtml((text ?? '').replace(/\s*\n\s*/g, ' ').trim());
  return new Html(escaped.replace(/`([^`]+)`/g, '<code>$1</code>'));
}

const isList = (lines: readonly string[]) => lines.every((line) => /^\s*- /.test(line));

function block(paragraph: string): string {
  const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
  if (!isList(lines)) return `<p>${inlineProse(paragraph).text}</p>`;
  const items = lines.map((line) => `<li>${inlineProse(line.replace(/^\s*- /, '')).text}</li>`);
  return `<ul>${items.join('')}</ul>`;
}

export function prose(text: string | undefined): Html {
  if (!text) return new Html('');
  return new Html(
    text
      .split(/\n\s*\n/)
      .map(block)
      .join(''),
  );
}
