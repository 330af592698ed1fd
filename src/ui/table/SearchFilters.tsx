import { useQuery } from '@tanstack/react-query';
import type { FormEvent, HTMLAttributes } from 'react';
import { statesQuery } from '../../api/calls/entityLists';
import { Button } from '../forms/Button';
import { SelectField, type SelectOption } from '../forms/SelectField';
import { TextField } from '../forms/TextField';
import { useFilterDraft } from '../forms/useFilterDraft';

// One field of a search's filter form, named by its URL key.
export type SearchFilterField<K extends string> =
  | {
      kind: 'text';
      key: K;
      label: string;
      type?: 'email' | 'tel' | 'date';
      placeholder?: string;
      hint?: string;
      inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
      maxLength?: number;
    }
  // A choice of the given options, or of the states the portal knows ('states').
  | {
      kind: 'select';
      key: K;
      label: string;
      placeholder?: string;
      options: readonly SelectOption[] | 'states';
    }
  // Which date the From/To dates are of: shown as the server's default until chosen, and sent only with a
  // date and when it is not that default.
  | {
      kind: 'dateType';
      key: K;
      label: string;
      options: readonly SelectOption[];
      serverDefault: string;
      dates: readonly K[];
    };

export interface SearchFiltersDefinition<K extends string> {
  // The form's accessible name ("Quote search").
  label: string;
  fields: readonly SearchFilterField<K>[];
  // How many grid columns the Clear and Search buttons take.
  buttonsSpan: 'sm:col-span-2' | 'sm:col-span-2 lg:col-span-4';
}

export type SearchFilterValues<K extends string> = Partial<Record<K, string>>;

export interface SearchFiltersProps<K extends string> {
  definition: SearchFiltersDefinition<K>;
  value: SearchFilterValues<K>;
  // The server's messages for a filter it refused (422 on filter.<name>).
  errors: Readonly<Record<string, readonly string[]>>;
  onSearch(filter: SearchFilterValues<K>): void;
  onClear(): void;
}

// The filter form of a search screen. Typing changes nothing until Search, so the URL (and the query) change
// once per search.
export function SearchFilters<K extends string>({
  definition,
  value,
  errors,
  onSearch,
  onClear,
}: SearchFiltersProps<K>) {
  const { draft, field } = useFilterDraft(value, errors);
  const states = useQuery(statesQuery).data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    let filter: SearchFilterValues<K> = draft;
    for (const f of definition.fields) {
      if (f.kind !== 'dateType') continue;
      const { [f.key]: dateType, ...rest } = filter;
      const dated = f.dates.some((key) => Boolean(rest[key as Exclude<K, typeof f.key>]));
      filter = (
        dated && dateType && dateType !== f.serverDefault ? { ...rest, [f.key]: dateType } : rest
      ) as SearchFilterValues<K>;
    }
    onSearch(filter);
  }

  return (
    <form
      role="search"
      aria-label={definition.label}
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      {definition.fields.map((f) => {
        if (f.kind === 'text') {
          const { kind: _kind, key, ...input } = f;
          return <TextField key={key} {...input} {...field(key)} />;
        }
        if (f.kind === 'select') {
          const { kind: _kind, key, options, ...select } = f;
          const choices =
            options === 'states' ? states.map((s) => ({ value: s.code, label: s.name })) : options;
          return <SelectField key={key} {...select} options={choices} {...field(key)} />;
        }
        return (
          <SelectField
            key={f.key}
            label={f.label}
            options={f.options}
            {...field(f.key)}
            value={draft[f.key] ?? f.serverDefault}
          />
        );
      })}
      <div className={`flex items-end justify-end gap-2 ${definition.buttonsSpan}`}>
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
