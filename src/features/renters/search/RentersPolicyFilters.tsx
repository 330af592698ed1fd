import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { statesQuery } from '../../../api/calls/entityLists';
import type { RentersPolicyFilterKey } from '../../../api/calls/rentersPolicies';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { useFilterDraft } from '../../../ui/forms/useFilterDraft';

// SPEC §3 renters policy search criteria; the URL uses the same names (?full_name=lee&date_type=effective).
export const RENTERS_POLICY_FILTER_KEYS = [
  'policy_number',
  'email',
  'full_name',
  'phone_number',
  'state',
  'date_type',
  'date_from',
  'date_to',
] as const satisfies readonly RentersPolicyFilterKey[];
export type RentersPolicyFilterValues = Partial<Record<(typeof RENTERS_POLICY_FILTER_KEYS)[number], string>>;

const DATE_TYPES = [
  { value: 'sold', label: 'Sold date' },
  { value: 'effective', label: 'Effective date' },
];

export interface RentersPolicyFiltersProps {
  value: RentersPolicyFilterValues;
  // The server's messages for a filter it refused (422 on filter.<name>).
  errors: Readonly<Record<string, readonly string[]>>;
  onSearch(filter: RentersPolicyFilterValues): void;
  onClear(): void;
}

// The filter form of renters policy search. Typing changes nothing until Search, so the URL (and the query)
// change once per search. The date type is sent only with a date, and "sold" is the server's default.
export function RentersPolicyFilters({ value, errors, onSearch, onClear }: RentersPolicyFiltersProps) {
  const { draft, field } = useFilterDraft(value, errors);
  const states = useQuery(statesQuery).data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const { date_type, ...rest } = draft;
    const dated = Boolean(rest.date_from || rest.date_to);
    onSearch(dated && date_type && date_type !== 'sold' ? { ...rest, date_type } : rest);
  }

  return (
    <form
      role="search"
      aria-label="Renters policy search"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField label="Policy number" placeholder="RNT-TX-00000042" {...field('policy_number')} />
      <TextField label="Full name" placeholder="First or last name" {...field('full_name')} />
      <TextField label="Email" placeholder="name@example.com" {...field('email')} />
      <TextField label="Phone" type="tel" placeholder="(512) 555-0199" {...field('phone_number')} />
      <SelectField
        label="State"
        placeholder="Any state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
        {...field('state')}
      />
      <SelectField
        label="Date type"
        options={DATE_TYPES}
        {...field('date_type')}
        value={draft.date_type ?? 'sold'}
      />
      <TextField label="From" type="date" {...field('date_from')} />
      <TextField label="To" type="date" {...field('date_to')} />
      <div className="flex items-end justify-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
