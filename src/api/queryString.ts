import qs from 'qs';

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

export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  return qs.stringify(compact(query), { arrayFormat: 'brackets', encodeValuesOnly: true });
}

export function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const q = toQueryString(query);
  if (!q) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${q}`;
}
