// Every mail the server composes is built here: a subject, a plain-text part and an HTML part, from
// paragraphs written as tagged templates. The template's own words are the portal's; every value put into
// one (a user's or customer's name, a policy number, an amount) is text, whoever typed it:
// - one line: line breaks, tabs, control and format characters (bidirectional overrides, zero-width ones)
//   become single spaces, so a value cannot start a line of its own that reads as the portal's words;
// - trimmed, and cut to MAX_VALUE_LENGTH characters (with "…");
// - escaped in the HTML part, so markup in a name is shown, never run.
// A link is the only value kept whole: the portal makes it (`link(url)`), and the HTML part makes it a link.

export const MAX_VALUE_LENGTH = 100;

export interface Link {
  readonly href: string;
}

// A link the portal built (a reset link, say), put in as it is: never one a user typed.
export const link = (href: string): Link => ({ href });

export type MailValue = string | number | Link;

// One paragraph: the template's own text, with values between. A line break in the template's own text is
// kept (a line break in the text part, <br> in the HTML part); one inside a value never is.
export interface Paragraph {
  readonly literals: readonly string[];
  readonly values: readonly MailValue[];
}

export function paragraph(literals: TemplateStringsArray, ...values: MailValue[]): Paragraph {
  return { literals: [...literals], values };
}

export interface MailParts {
  subject: string;
  // The plain-text part.
  text: string;
  // The HTML part.
  html: string;
}

// Control characters (C0, C1), format characters (Cf: bidirectional controls, zero-width spaces and joiners),
// line and paragraph separators and every kind of white space.
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu;

// A value as one trimmed line of at most `max` characters (counted as code points, so no character is cut in
// half).
export function oneLine(value: string, max = MAX_VALUE_LENGTH): string {
  const line = value.replace(NOT_ONE_LINE, ' ').trim();
  const chars = [...line];
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const isLink = (value: MailValue): value is Link => typeof value === 'object';

const valueText = (value: MailValue): string =>
  isLink(value) ? value.href : oneLine(typeof value === 'number' ? String(value) : value);

const valueHtml = (value: MailValue): string => {
  if (!isLink(value)) return escapeHtml(valueText(value));
  const href = escapeHtml(value.href);
  return `<a href="${href}">${href}</a>`;
};

function paragraphText(p: Paragraph): string {
  return p.literals
    .map((literal, i) => literal + (i < p.values.length ? valueText(p.values[i]!) : ''))
    .join('');
}

function paragraphHtml(p: Paragraph): string {
  const inner = p.literals
    .map((literal, i) => escapeHtml(literal) + (i < p.values.length ? valueHtml(p.values[i]!) : ''))
    .join('')
    .replace(/\n/g, '<br>\n');
  return `<p>${inner}</p>`;
}

// The mail's parts. The subject is one line whatever its template says (a mail header has no line breaks).
export function renderMail(subject: Paragraph, body: readonly Paragraph[]): MailParts {
  return {
    subject: oneLine(paragraphText(subject), 200),
    text: body.map(paragraphText).join('\n\n'),
    html: [
      '<!DOCTYPE html>',
      '<html><head><meta charset="utf-8"></head><body>',
      ...body.map(paragraphHtml),
      '</body></html>',
    ].join('\n'),
  };
}
