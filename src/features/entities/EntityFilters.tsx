import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { codeListQuery, entityTypesQuery, statesQuery } from '../../api/calls/entityLists';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';

// SPEC §3 entity search filters.
export const ENTITY_FILTER_KEYS = [
  'entityCode',
  'entityName',
  'typeCode',
  'statusCode',
  'stateCode',
] as const;
export type EntityFilterKey = (typeof ENTITY_FILTER_KEYS)[number];
export type EntityFilterValues = Partial<Record<EntityFilterKey, string>>;

export interface EntityFiltersProps {
  value: EntityFilterValues;
  onSearch(filter: EntityFilterValues): void;
  onClear(): void;
}

// The filter form of the entity searches. Typing changes nothing until Search, so the URL (and the
// query) change once per search.
export function EntityFilters({ value, onSearch, onClear }: EntityFiltersProps) {
  const [draft, setDraft] = useState<EntityFilterValues>(value);
  const [shown, setShown] = useState(value);
  // A new URL (back button, Clear) replaces what the form shows.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const types = useQuery(entityTypesQuery).data ?? [];
  const statuses = useQuery(codeListQuery('entity/statuses')).data ?? [];
  const states = useQuery(statesQuery).data ?? [];
  const set = (key: EntityFilterKey) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <form
      role="search"
      aria-label="Entity search"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <TextField
        label="Entity code"
        name="entityCode"
        value={draft.entityCode ?? ''}
        onChange={set('entityCode')}
        placeholder="1234-5678-AB"
      />
      <TextField
        label="Name"
        name="entityName"
        value={draft.entityName ?? ''}
        onChange={set('entityName')}
        placeholder="Name or DBA"
        className="lg:col-span-2"
      />
      <SelectField
        label="Type"
        name="typeCode"
        value={draft.typeCode ?? ''}
        onChange={set('typeCode')}
        placeholder="Any type"
        options={types.map((t) => ({ value: t.type_code, label: t.type_desc }))}
      />
      <SelectField
        label="Status"
        name="statusCode"
        value={draft.statusCode ?? ''}
        onChange={set('statusCode')}
        placeholder="Any status"
        options={statuses.map((s) => ({ value: s.code, label: s.description }))}
      />
      <SelectField
        label="State"
        name="stateCode"
        value={draft.stateCode ?? ''}
        onChange={set('stateCode')}
        placeholder="Any state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
      />
      <div className="flex items-end justify-end gap-2 sm:col-span-2 lg:col-span-6">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
