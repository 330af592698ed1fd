import qs from 'qs';

// Query strings in the bracket style of the API (filter[state]=TX, ids[]=1), read by qs within bounds a
// request cannot blow up. A parameter sent with no value (`?stateCode=&filter[zip]=`) is dropped, as if not
// sent (docs/spec-conformance.md, SPEC §5): a client that serialises every field of its form, blank ones
// included, searches by the fields it filled rather than being refused for the ones it left blank.
export function parseQueryString(text: string): Record<string, unknown> {
  return withoutEmpty(qs.parse(text, { depth: 3, arrayLimit: 200, parameterLimit: 200 })) as Record<
    string,
    unknown
  >;
}

function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== '').map(withoutEmpty);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === '') continue;
    const inner = withoutEmpty(item);
    // A group whose every member was blank (filter[zip]=&filter[city]=) goes too.
    if (
      typeof inner === 'object' &&
      inner !== null &&
      !Array.isArray(inner) &&
      Object.keys(inner).length === 0
    )
      continue;
    kept[key] = inner;
  }
  return kept;
}
