import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { statesQuery } from '../../../api/calls/entityLists';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { useFilterDraft } from '../../../ui/forms/useFilterDraft';

// SPEC §3 quote search filters; the URL uses these names (?customerName=ada&createdFrom=2026-11-01).
export const QUOTE_FILTER_KEYS = [
  'createdFrom',
  'createdTo',
  'policyNumber',
  'emailAddress',
  'customerName',
  'phoneNumber',
  'stateCode',
  'zip',
] as const;
export type QuoteFilterKey = (typeof QUOTE_FILTER_KEYS)[number];
export type QuoteFilterValues = Partial<Record<QuoteFilterKey, string>>;

export interface QuoteFiltersProps {
  value: QuoteFilterValues;
  // The server's messages for a filter it refused (422 on filter.<name>).
  errors: Readonly<Record<string, readonly string[]>>;
  onSearch(filter: QuoteFilterValues): void;
  onClear(): void;
}

// The filter form of quote search. Typing changes nothing until Search, so the URL (and the query) change
// once per search.
export function QuoteFilters({ value, errors, onSearch, onClear }: QuoteFiltersProps) {
  const { draft, field } = useFilterDraft(value, errors);
  const states = useQuery(statesQuery).data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <form
      role="search"
      aria-label="Quote search"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField label="Customer name" placeholder="First or last name" {...field('customerName')} />
      <TextField label="Email" type="email" placeholder="name@example.com" {...field('emailAddress')} />
      <TextField label="Phone" type="tel" placeholder="(512) 555-0199" {...field('phoneNumber')} />
      <TextField label="Policy number" {...field('policyNumber')} />
      <TextField label="Created from" type="date" hint="Central time" {...field('createdFrom')} />
      <TextField label="Created to" type="date" hint="Central time" {...field('createdTo')} />
      <SelectField
        label="State"
        placeholder="Any state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
        {...field('stateCode')}
      />
      <TextField label="ZIP code" inputMode="numeric" maxLength={5} {...field('zip')} />
      <div className="flex items-end justify-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
