import { useState } from 'react';

type Filter<K extends string> = Partial<Record<K, string>>;

export interface FilterDraftOptions<K extends string> {
  // Where the server puts a filter's messages: 'filter.' for a search's filter[...] (the default), '' for
  // top-level query keys.
  errorPrefix?: string;
  // What the form shows for a value from the URL (defaults filled in); the value itself by default.
  initial?: (value: Filter<K>) => Filter<K>;
  // Called when a new URL replaces the draft, for state the form keeps beside it (a picked entity).
  onReplaced?: () => void;
}

// The draft of a search's filter form: typing changes nothing until the form is submitted, so the URL (and
// the query) change once per search; a new URL (back button, Clear) replaces what the form shows. `field`
// gives a text or select field its name, value, change handler and the server's messages for it.
// `value` must keep its identity while the URL is unchanged (memoize it on the search params).
export function useFilterDraft<K extends string>(
  value: Filter<K>,
  errors: Readonly<Record<string, readonly string[]>>,
  options: FilterDraftOptions<K> = {},
) {
  const { errorPrefix = 'filter.', initial = (v: Filter<K>) => v, onReplaced } = options;
  const [draft, setDraft] = useState<Filter<K>>(() => initial(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(initial(value));
    onReplaced?.();
  }
  const field = (key: K) => ({
    name: key,
    value: draft[key] ?? '',
    errors: errors[`${errorPrefix}${key}`] ?? [],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  return { draft, setDraft, field };
}
