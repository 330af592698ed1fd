import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { statesQuery } from '../../../api/calls/entityLists';
import type { PolicyFilterKey } from '../../../api/calls/policySearch';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { useFilterDraft } from '../../../ui/forms/useFilterDraft';

// SPEC §3 pet policy search criteria; the URL uses the same names (?petName=rex&date_type=effective).
export const POLICY_FILTER_KEYS = [
  'policy_number',
  'email',
  'full_name',
  'phone_number',
  'state',
  'date_type',
  'date_from',
  'date_to',
  'petName',
  'initPaySuccessful',
] as const satisfies readonly PolicyFilterKey[];
export type PolicyFilterValues = Partial<Record<(typeof POLICY_FILTER_KEYS)[number], string>>;

const DATE_TYPES = [
  { value: 'purchase', label: 'Purchase date' },
  { value: 'effective', label: 'Effective date' },
  { value: 'inception', label: 'Inception date' },
  { value: 'expiration', label: 'Expiration date' },
];
const PAYMENT_OUTCOMES = [
  { value: 'true', label: 'Successful' },
  { value: 'false', label: 'Failed' },
];

export interface PolicyFiltersProps {
  value: PolicyFilterValues;
  // The server's messages for a filter it refused (422 on filter.<name>).
  errors: Readonly<Record<string, readonly string[]>>;
  onSearch(filter: PolicyFilterValues): void;
  onClear(): void;
}

// The filter form of policy search. Typing changes nothing until Search, so the URL (and the query) change
// once per search. The date type is sent only with a date, and "purchase" is the server's default.
export function PolicyFilters({ value, errors, onSearch, onClear }: PolicyFiltersProps) {
  const { draft, field } = useFilterDraft(value, errors);
  const states = useQuery(statesQuery).data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const { date_type, ...rest } = draft;
    const dated = Boolean(rest.date_from || rest.date_to);
    onSearch(dated && date_type && date_type !== 'purchase' ? { ...rest, date_type } : rest);
  }

  return (
    <form
      role="search"
      aria-label="Policy search"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField label="Policy number" placeholder="PET-TX-00001001" {...field('policy_number')} />
      <TextField label="Pet name" placeholder="Starts with" {...field('petName')} />
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
        label="Initial payment"
        placeholder="Any"
        options={PAYMENT_OUTCOMES}
        {...field('initPaySuccessful')}
      />
      <SelectField
        label="Date type"
        options={DATE_TYPES}
        {...field('date_type')}
        value={draft.date_type ?? 'purchase'}
      />
      <TextField label="From" type="date" {...field('date_from')} />
      <TextField label="To" type="date" {...field('date_to')} />
      <div className="flex items-end justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
