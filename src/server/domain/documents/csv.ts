// The CSV every export writes (quotes, policies, statements, reports).

// RFC 4180: quote a field holding a quote, comma or line break, doubling inner quotes. A leading = + - @
// is prefixed with ' so spreadsheets do not run customer-typed text as a formula; a plain decimal number
// such as -81.70 is no formula and stays a number.
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]): string =>
  `${fields.map(csvField).join(',')}\r\n`;
