// SPEC §5/§7: bracket-style query strings; empty, null and undefined values are dropped.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact).filter((v) => !isEmpty(v));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const c = compact(v);
      if (!isEmpty(c)) out[key] = c;
    }
    return out;
  }
  return value;
}

// As qs encodes (RFC 3986): encodeURIComponent also escapes !'()*, and a lone surrogate, which it would throw
// on, becomes U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (value: string) =>
  encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function pairs(key: string, value: unknown, out: string[]): void {
  if (Array.isArray(value)) for (const item of value) pairs(`${key}[]`, item, out);
  else if (value instanceof Date) out.push(`${key}=${encode(value.toISOString())}`);
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) pairs(`${key}[${k}]`, v, out);
  else out.push(`${key}=${encode(String(value))}`);
}

// What qs.stringify(…, { arrayFormat: 'brackets', encodeValuesOnly: true }) writes, without its weight in the
// portal's first script (qs and its helpers were a tenth of it); the server still parses with qs.
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(compact(query) as Record<string, unknown>))
    pairs(key, value, out);
  return out.join('&');
}

export function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const q = toQueryString(query);
  if (!q) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${q}`;
}
